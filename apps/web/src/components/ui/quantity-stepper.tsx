import { clampQuantity } from '@kshop/contract';
import { useEffect, useId, useState } from 'react';
import './quantity-stepper.css';

type QuantityStepperProps = {
  value: number;
  minimum: number;
  maximum: number;
  onChange: (quantity: number) => void;
  /** Names the group, e.g. the option it belongs to. */
  label?: string;
};

/** Minus, a typed number and plus; the value always stays between the minimum order quantity and the stock. */
export function QuantityStepper({ value, minimum, maximum, onChange, label }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (input: string | number) => {
    const result = clampQuantity(input, minimum, maximum);
    setMessage(result.message);
    setDraft(String(result.quantity));
    if (result.quantity !== value) onChange(result.quantity);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a legend the design does not want
    <div className="quantity-stepper" role="group" aria-label={label ?? 'Quantity'}>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label="Decrease quantity"
        disabled={value <= minimum}
        onClick={() => commit(value - 1)}
      >
        −
      </button>
      <input
        className="quantity-stepper__input"
        aria-label="Quantity"
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
        aria-label="Increase quantity"
        disabled={value >= maximum}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
      {message && (
        <p id={messageId} role="status" className="quantity-stepper__message">
          {message}
        </p>
      )}
    </div>
  );
}
