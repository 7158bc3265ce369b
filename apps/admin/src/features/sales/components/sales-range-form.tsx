import { SALES_RANGE_MAX_DAYS, type SalesInterval } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import type { SalesRange } from '../api/sales-api';

const BOTH_DATES = 'Choose both dates.';

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Why a range cannot be asked for, in the API's words; null when it can. */
export function rangeProblem({ from, to }: SalesRange): string | null {
  if (!from || !to) return BOTH_DATES;
  const days = dayNumber(to) - dayNumber(from);
  if (Number.isNaN(days)) return BOTH_DATES;
  if (days < 0) return 'to must be on or after from.';
  if (days >= SALES_RANGE_MAX_DAYS)
    return `Choose a range of at most ${SALES_RANGE_MAX_DAYS} days (two years).`;
  return null;
}

type Props = {
  /** The form's accessible name, e.g. 'Sales range'. */
  label: string;
  range: SalesRange;
  interval?: SalesInterval;
  /** Further fields before the dates (the report's 'By'). */
  children?: ReactNode;
  onApply: (values: SalesRange & { interval?: SalesInterval; form: FormData }) => void;
};

/** From and to (Korean days), optionally per day or week; checked here as the API checks it. */
export function SalesRangeForm({ label, range, interval, children, onApply }: Props) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem === BOTH_DATES ? t`Choose both dates.` : problem && localize(problem);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') };
    const why = rangeProblem(next);
    setProblem(why);
    if (why) return;
    const per = form.get('interval');
    onApply({ ...next, ...(per ? { interval: per as SalesInterval } : {}), form });
  };
  return (
    <form
      className="filters"
      aria-label={label}
      onSubmit={submit}
      noValidate
      key={`${range.from}|${range.to}|${interval}`}
    >
      {children}
      <FormField label={t`From`} error={null}>
        {(control) => <input {...control} name="from" type="date" defaultValue={range.from} required />}
      </FormField>
      <FormField label={t`To`} error={shown}>
        {(control) => <input {...control} name="to" type="date" defaultValue={range.to} required />}
      </FormField>
      {interval && (
        <FormField label={t`Per`}>
          {(control) => (
            <select {...control} name="interval" defaultValue={interval}>
              <option value="day">{t`Day`}</option>
              <option value="week">{t`Week`}</option>
            </select>
          )}
        </FormField>
      )}
      <button type="submit" className="button">
        <Trans>Show</Trans>
      </button>
    </form>
  );
}
