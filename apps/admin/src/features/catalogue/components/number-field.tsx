import { FormField } from '@kshop/ui';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type NumberFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The lowest value the input offers; 0 unless given. */
  min?: number;
  /** Amounts in cents (US$), stepped by 0.01, instead of whole numbers. */
  decimal?: boolean;
  /** What binds the input: react-hook-form's `register(...)`, or a `value` with its `onChange`. */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
};

/** A labelled number input of the catalogue's forms: whole numbers, or two decimals for US$ amounts. */
export function NumberField({ label, error, hint, min = 0, decimal = false, input }: NumberFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode={decimal ? 'decimal' : 'numeric'}
          min={min}
          step={decimal ? 0.01 : 1}
          {...input}
        />
      )}
    </FormField>
  );
}
