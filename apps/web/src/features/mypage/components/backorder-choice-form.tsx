import type { BackorderChoice } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BusyLabel } from '../../../components/ui/busy-label';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { failureMessage } from '../../../lib/api-errors';
import { useBackorderChoice, useSaveBackorderChoice } from '../api/backorder-choice-api';

/**
 * What becomes of the rest of a pre-order line when its goods arrive short (issue 34): kept on backorder, filled
 * from the next receipt, or cancelled. Saved with its own button, confirmed or refused in an alert like the profile.
 */
export function BackorderChoiceForm() {
  const { t } = useLingui();
  const alert = useAlert();
  const saved = useBackorderChoice();
  const save = useSaveBackorderChoice();
  const [picked, setPicked] = useState<BackorderChoice | null>(null);

  if (saved.isPending) return <LoadingState />;
  if (saved.isError)
    return (
      <ErrorState message={t`Could not load your backorder choice.`} onRetry={() => void saved.refetch()} />
    );

  const choice = picked ?? saved.data;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(choice);
    } catch (error) {
      void alert(failureMessage(error, t`Could not save your backorder choice. Please try again.`));
      return;
    }
    setPicked(null);
    void alert(t`Your backorder choice is saved.`);
  };

  const option = (value: BackorderChoice, label: string) => (
    <label className="backorder-choice__option">
      <input
        type="radio"
        name="backorder-choice"
        value={value}
        checked={choice === value}
        onChange={() => setPicked(value)}
      />
      {label}
    </label>
  );

  return (
    <form className="backorder-choice" onSubmit={(event) => void submit(event)}>
      <fieldset className="backorder-choice__fieldset">
        <legend className="backorder-choice__legend">
          <Trans>When a pre-order arrives short</Trans>
        </legend>
        {option('KEEP', t`Keep the rest on backorder`)}
        {option('CANCEL', t`Cancel the rest`)}
      </fieldset>
      <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
        <BusyLabel busy={save.isPending}>
          <Trans>Save choice</Trans>
        </BusyLabel>
      </button>
    </form>
  );
}
