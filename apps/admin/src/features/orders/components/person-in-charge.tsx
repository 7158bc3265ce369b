import type { AdminOrderDetail } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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
      <h2 id="person-in-charge-heading">
        <Trans>Person in charge</Trans>
      </h2>
      <p>{current ? nameOf(current) : t`Nobody yet`}</p>
      <form className="inline-form" onSubmit={(event) => void submit(event)}>
        <FormField
          label={t`Person in charge`}
          hint={ownerRights ? undefined : t`You can assign yourself; an owner assigns anyone.`}
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
              {offersNobody && <option value="">{t`Nobody`}</option>}
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
          <Trans>Assign</Trans>
        </button>
      </form>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="notice">
          <Trans>Person in charge updated.</Trans>
        </p>
      )}
    </section>
  );
}
