import { type ReactNode, useId } from 'react';

/** What the control inside a FormField spreads onto itself to be labelled and described. */
export type FieldControlProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  label: ReactNode;
  /** Shown under the control and announced; the control is marked invalid while it shows. */
  error?: string | null | undefined;
  /** A standing note under the control (e.g. 'Optional', the password rules, the memo format). */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form control with its hint and error, wired with htmlFor, aria-describedby and aria-invalid. Its
 * look (.field, .field__hint, .field__error) is each app's own.
 */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
