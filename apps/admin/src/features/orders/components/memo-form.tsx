import { orderMemoRequest, parseMemo } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/** The API's own wording for a memo that is not 'label/amount'. */
export const MEMO_FORMAT_MESSAGE =
  "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.";

type MemoFormProps = {
  currencyCode: string;
  onAdd: (content: string) => Promise<unknown>;
};

/** One memo line: 'label/amount', added to (or, negative, taken from) the order's final amount. */
export function MemoForm({ currencyCode, onAdd }: MemoFormProps) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = orderMemoRequest.safeParse({ content });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MEMO_FORMAT_MESSAGE);
      return;
    }
    const memo = parseMemo(checked.data.content);
    if (!memo.label || memo.amount === null) {
      setError(MEMO_FORMAT_MESSAGE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onAdd(checked.data.content);
      setContent('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="memo-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="New memo"
        error={error}
        hint={`label/amount in ${currencyCode}, e.g. Shipping fee/15000 or Discount/-5000`}
      >
        {(control) => (
          <input
            {...control}
            value={content}
            maxLength={200}
            onChange={(event) => {
              setContent(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      <button type="submit" className="button" disabled={busy}>
        Add memo
      </button>
    </form>
  );
}
