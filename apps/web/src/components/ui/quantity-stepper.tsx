import { clampToRules, largestQuantity, smallestQuantity, stepQuantity } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { contractTextsFor } from '../../i18n/contract-texts';
import './quantity-stepper.css';

type QuantityStepperProps = {
  value: number;
  minimum: number;
  maximum: number;
  onChange: (quantity: number) => void;
  /** Names the group, e.g. the option it belongs to. */
  label?: string;
  /** The option's order multiple (a carton of 10 steps 10, 20, 30, ...); 1 or none is any quantity. */
  multiple?: number;
  /** The option's maximum per order, when it has one. */
  maxPerOrder?: number | null;
};

/**
 * Minus, a typed number and plus; the value always stays between the minimum order quantity (rounded up to
 * the multiple) and the stock or the maximum per order (rounded down to it), and steps by the multiple.
 */
export function QuantityStepper({
  value,
  minimum,
  maximum,
  onChange,
  label,
  multiple = 1,
  maxPerOrder = null,
}: QuantityStepperProps) {
  const { t, i18n } = useLingui();
  const { localize } = contractTextsFor(i18n.locale);
  const rules = { minimum, multiple, max: maxPerOrder, available: maximum };
  const [draft, setDraft] = useState(String(value));
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (input: string | number) => {
    const result = clampToRules(input, rules);
    setMessage(result.message);
    setDraft(String(result.quantity));
    if (result.quantity !== value) onChange(result.quantity);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a legend the design does not want
    <div className="quantity-stepper" role="group" aria-label={label ?? t`Quantity`}>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t`Decrease quantity`}
        disabled={value <= smallestQuantity(rules)}
        onClick={() => commit(stepQuantity(value, -1, rules))}
      >
        −
      </button>
      <input
        className="quantity-stepper__input"
        aria-label={t`Quantity`}
        inputMode="numeric"
        value={draft}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => setDraft(event.target.value)}
        // Only a changed draft is applied on leaving the field: re-applying the shown value would clear the bound
        // message, and the layout shift under the pointer would swallow the click that caused the blur.
        onBlur={() => {
          if (draft !== String(value)) commit(draft);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(draft);
        }}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t`Increase quantity`}
        disabled={value >= largestQuantity(rules)}
        onClick={() => commit(stepQuantity(value, 1, rules))}
      >
        +
      </button>
      {message && (
        <p id={messageId} role="status" className="quantity-stepper__message">
          {/* The contract's rule speaks English ('Minimum order quantity is 3'): shown in the page's language. */}
          {localize(message)}
        </p>
      )}
    </div>
  );
}
