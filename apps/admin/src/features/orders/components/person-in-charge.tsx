import type { AdminOrderDetail } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

type StaffRef = NonNullable<AdminOrderDetail['personInCharge']>;

type PersonInChargeProps = {
  current: StaffRef | null;
  /** From the API: whom this staff member may name (anyone active for an owner, oneself for staff). */
  assignable: readonly StaffRef[];
  /** From the API: whether this staff member may set nobody in charge now. */
  mayClear: boolean;
  /** Staff (not owners) are told the rule: they name only themselves. */
  ownerRights: boolean;
  onAssign: (staffId: string | null) => Promise<unknown>;
};

const nameOf = (member: StaffRef) => (member.name ? `${member.name} (${member.email})` : member.email);

/** Who is in charge, and a picker offering exactly the choices the API accepts from this staff member. */
export function PersonInCharge({
  current,
  assignable,
  mayClear,
  ownerRights,
  onAssign,
}: PersonInChargeProps) {
  const currentId = current?.id ?? '';
  const [choice, setChoice] = useState(currentId);
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

  // The current person stays visible in the picker even when this staff member may not choose them.
  const choices =
    current && !assignable.some((s) => s.id === current.id) ? [current, ...assignable] : assignable;
  const offersNobody = mayClear || currentId === '';
  return (
    <section className="panel" aria-labelledby="person-in-charge-heading">
      <h2 id="person-in-charge-heading">Person in charge</h2>
      <p>{current ? nameOf(current) : 'Nobody yet'}</p>
      <form className="inline-form" onSubmit={(event) => void submit(event)}>
        <FormField
          label="Person in charge"
          hint={ownerRights ? undefined : 'You can assign yourself; an owner assigns anyone.'}
        >
          {(control) => (
            <select
              {...control}
              value={choice}
              onChange={(event) => {
                setChoice(event.target.value);
                setDone(false);
              }}
            >
              {offersNobody && <option value="">Nobody</option>}
              {choices.map((member) => (
                <option
                  key={member.id}
                  value={member.id}
                  disabled={!assignable.some((s) => s.id === member.id)}
                >
                  {nameOf(member)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="button" disabled={busy || choice === currentId}>
          Assign
        </button>
      </form>
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
