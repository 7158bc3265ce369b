import { formatPrice, orderMemoRequest, parseMemo } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';

/** The API's own wording for a memo that is not 'label/amount'. */
export const MEMO_FORMAT_MESSAGE =
  "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.";

/**
 * How a memo reads in the order's currency: the amount is in that currency's units (15000 is ₩15,000 on a
 * won order; 25.50 is US$25.50 on a dollar order).
 */
export function useMemoHint(currencyCode: string): string {
  const { t } = useLingui();
  const [fee, discount] = currencyCode === 'USD' ? [25.5, 5] : [15000, 5000];
  const example = (n: number) =>
    currencyCode === 'USD' ? String(n.toFixed(2)).replace(/\.00$/, '') : String(n);
  const feeExample = example(fee);
  const feePrice = formatPrice(fee, currencyCode);
  const discountExample = example(discount);
  const discountPrice = formatPrice(discount, currencyCode);
  return currencyCode === 'USD'
    ? t`label/amount in US dollars: Shipping fee/${feeExample} adds ${feePrice}, Discount/-${discountExample} takes ${discountPrice} off.`
    : t`label/amount in won: Shipping fee/${feeExample} adds ${feePrice}, Discount/-${discountExample} takes ${discountPrice} off.`;
}

/** Checks a memo as the API will: 'label/amount' within the limits. Answers the message, or null. */
export function memoProblem(content: string): string | null {
  const checked = orderMemoRequest.safeParse({ content });
  if (!checked.success) return checked.error.issues[0]?.message ?? MEMO_FORMAT_MESSAGE;
  const memo = parseMemo(checked.data.content);
  return !memo.label || memo.amount === null ? MEMO_FORMAT_MESSAGE : null;
}

type MemoFormProps = {
  currencyCode: string;
  onAdd: (content: string) => Promise<unknown>;
};

/**
 * A memo being written: checked as the API will check it before it is sent, sent once at a time, and the
 * API's refusal shown at the field. `afterSave` runs once the memo is saved.
 */
export function useMemoDraft(
  initial: string,
  save: (content: string) => Promise<unknown>,
  afterSave = () => {},
) {
  const { localize } = useContractTexts();
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = memoProblem(content);
    if (problem) {
      setError(localize(problem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await save(content.trim());
      afterSave();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const change = (value: string) => {
    setContent(value);
    setError(null);
  };
  return { content, error, busy, submit, change, setContent };
}

/** One memo line: 'label/amount', added to (or, negative, taken from) the order's final amount. */
export function MemoForm({ currencyCode, onAdd }: MemoFormProps) {
  const { content, error, busy, submit, change, setContent } = useMemoDraft('', onAdd, () => setContent(''));
  const { t } = useLingui();
  const hint = useMemoHint(currencyCode);

  return (
    <form className="memo-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={t`New memo`} error={error} hint={hint}>
        {(control) => (
          <input
            {...control}
            value={content}
            maxLength={200}
            onChange={(event) => change(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button" disabled={busy}>
        <Trans>Add memo</Trans>
      </button>
    </form>
  );
}
