import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import '../../../components/ui/quantity-stepper.css';
import { useContractTexts } from '../../../i18n/contract-texts';
import type { useLineQuantity } from '../hooks/use-line-quantity';

type CartQuantityProps = { line: ReturnType<typeof useLineQuantity>; label: string };

/**
 * Minus, typed number and plus of a cart line. It looks like the shared QuantityStepper, but typing is applied
 * after a pause rather than on Enter, because the cart saves as the buyer goes.
 */
export function CartQuantity({ line, label }: CartQuantityProps) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const messageId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a legend the design does not want
    <div className="quantity-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t`Decrease quantity`}
        disabled={line.quantity <= line.minimum}
        onClick={line.decrease}
      >
        −
      </button>
      <input
        className="quantity-stepper__input"
        aria-label={t`Quantity`}
        inputMode="numeric"
        value={line.draft}
        aria-describedby={line.message ? messageId : undefined}
        onChange={(event) => line.type(event.target.value)}
        onBlur={line.settle}
        onKeyDown={(event) => {
          if (event.key === 'Enter') line.settle();
        }}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t`Increase quantity`}
        disabled={line.quantity >= line.maximum}
        onClick={line.increase}
      >
        +
      </button>
      {line.message && (
        <p id={messageId} role="status" className="quantity-stepper__message">
          {/* The contract's rule speaks English; the server's answer comes in the page's language already. */}
          {localize(line.message)}
        </p>
      )}
    </div>
  );
}
