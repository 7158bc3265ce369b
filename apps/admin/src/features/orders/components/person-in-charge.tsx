import { FormField } from '@kshop/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { StaffMember } from '../api/orders-api';

type PersonInChargeProps = {
  /** Name (or email) of the person now in charge, from the order list. */
  currentName: string | null;
  currentId: string | null;
  /** Owners get the staff list and can assign; staff only read who is in charge. */
  staff: StaffMember[] | null;
  onAssign: (staffId: string | null) => Promise<unknown>;
};

export function PersonInCharge({ currentName, currentId, staff, onAssign }: PersonInChargeProps) {
  const [choice, setChoice] = useState(currentId ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setDone(false);
    try {
      await onAssign(choice || null);
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const current = currentName ?? (currentId ? 'Assigned' : 'Nobody yet');
  return (
    <section className="panel" aria-labelledby="person-in-charge-heading">
      <h2 id="person-in-charge-heading">Person in charge</h2>
      {staff === null ? (
        <>
          <p>{current}</p>
          <p className="muted">An owner assigns the person in charge.</p>
        </>
      ) : (
        <form className="inline-form" onSubmit={(event) => void submit(event)}>
          <FormField label="Person in charge">
            {(control) => (
              <select {...control} value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value="">Nobody</option>
                {staff
                  .filter((member) => !member.disabled || member.id === currentId)
                  .map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name ? `${member.name} (${member.email})` : member.email}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
          <button type="submit" className="button" disabled={busy || choice === (currentId ?? '')}>
            Assign
          </button>
        </form>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="notice">
          Person in charge updated.
        </p>
      )}
    </section>
  );
}
