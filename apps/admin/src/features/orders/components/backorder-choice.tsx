import type { BackorderChoice } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/** '' stands for null in the select: the buyer's own standing choice applies. */
type Choice = BackorderChoice | '';

/**
 * What an allocation does with this order's short pre-order units: as the buyer chose on their account, kept on
 * backorder (filled from the next receipt), or cancelled.
 */
export function BackorderChoiceControl({
  current,
  onSave,
}: {
  current: BackorderChoice | null;
  onSave: (choice: BackorderChoice | null) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<Choice>(current ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setDone(false);
    try {
      await onSave(choice || null);
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="backorder-choice-heading">
      <h2 id="backorder-choice-heading">
        <Trans>Backorder</Trans>
      </h2>
      <form className="inline-form" onSubmit={(event) => void submit(event)}>
        <FormField label={t`Short pre-order units`}>
          {(control) => (
            <select
              {...control}
              value={choice}
              onChange={(event) => {
                setChoice(event.target.value as Choice);
                setDone(false);
              }}
            >
              <option value="">{t`As the buyer chose`}</option>
              <option value="KEEP">{t`Keep on backorder`}</option>
              <option value="CANCEL">{t`Cancel`}</option>
            </select>
          )}
        </FormField>
        <button type="submit" className="button" disabled={busy || choice === (current ?? '')}>
          <Trans>Save</Trans>
        </button>
      </form>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="notice">
          <Trans>Backorder choice saved.</Trans>
        </p>
      )}
    </section>
  );
}
