import { type AdminOrderMemo, formatPrice, parseMemo } from '@kshop/contract';
import { FormField, useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMemoDraft, useMemoHint } from './memo-form';

const signed = (amount: number, currencyCode: string) =>
  amount < 0 ? `−${formatPrice(-amount, currencyCode)}` : `+${formatPrice(amount, currencyCode)}`;

type Person = AdminOrderMemo['createdBy'];

type MemoListProps = {
  memos: readonly AdminOrderMemo[];
  currencyCode: string;
  /** Whether memos may still change (not once the order is delivered or cancelled). */
  open: boolean;
  onChange: (memoUuid: string, content: string) => Promise<unknown>;
  onVoid: (memoUuid: string) => Promise<unknown>;
};

/** Every memo with its author and time; open memos can be changed or voided, voided ones stay listed. */
export function MemoList({ memos, currencyCode, open, onChange, onVoid }: MemoListProps) {
  const confirm = useConfirm();
  const { t } = useLingui();
  const byWhom = (person: Person) => (person ? person.name || person.email : t`the command line`);
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (memos.length === 0)
    return (
      <p className="muted">
        <Trans>No memos yet.</Trans>
      </p>
    );

  const voidMemo = async (memo: AdminOrderMemo) => {
    const content = memo.content;
    const ok = await confirm(
      t`Void the memo '${content}'? It stays in the list but no longer counts, and the buyer no longer sees it.`,
      t`Void memo`,
    );
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    try {
      await onVoid(memo.orderMemoUuid);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ul className="memo-list" aria-label={t`Memos`}>
        {memos.map((memo) => {
          const { label } = parseMemo(memo.content);
          const voided = memo.voidedAt !== null;
          return (
            <li
              key={memo.orderMemoUuid}
              className={voided ? 'memo-list__item memo-list__item--voided' : 'memo-list__item'}
            >
              {editing === memo.orderMemoUuid ? (
                <MemoEditor
                  memo={memo}
                  currencyCode={currencyCode}
                  onCancel={() => setEditing(null)}
                  onSave={async (content) => {
                    await onChange(memo.orderMemoUuid, content);
                    setEditing(null);
                  }}
                />
              ) : (
                <>
                  <div className="memo-list__head">
                    <span className="memo-list__label">
                      {voided ? <s>{label || memo.content}</s> : label || memo.content}
                      {voided && <span className="memo-list__voided"> {t`(voided)`}</span>}
                    </span>
                    <span className="num">{signed(memo.amount, currencyCode)}</span>
                  </div>
                  <p className="muted memo-list__meta">
                    {t`Added by ${byWhom(memo.createdBy)},`}{' '}
                    <time dateTime={memo.createdAt}>{formatDateTime(memo.createdAt)}</time>
                    {memo.editedAt && (
                      <>
                        {' '}
                        · {t`changed by ${byWhom(memo.editedBy)},`}{' '}
                        <time dateTime={memo.editedAt}>{formatDateTime(memo.editedAt)}</time>
                      </>
                    )}
                    {memo.voidedAt && (
                      <>
                        {' '}
                        · {t`voided by ${byWhom(memo.voidedBy)},`}{' '}
                        <time dateTime={memo.voidedAt}>{formatDateTime(memo.voidedAt)}</time>
                      </>
                    )}
                  </p>
                  {open && !voided && (
                    <div className="button-row">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t`Change memo ${memo.content}`}
                        disabled={busy}
                        onClick={() => {
                          setFailure(null);
                          setEditing(memo.orderMemoUuid);
                        }}
                      >
                        <Trans>Change</Trans>
                      </button>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-label={t`Void memo ${memo.content}`}
                        disabled={busy}
                        onClick={() => void voidMemo(memo)}
                      >
                        <Trans>Void</Trans>
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </>
  );
}

type MemoEditorProps = {
  memo: AdminOrderMemo;
  currencyCode: string;
  onSave: (content: string) => Promise<unknown>;
  onCancel: () => void;
};

function MemoEditor({ memo, currencyCode, onSave, onCancel }: MemoEditorProps) {
  const { content, error, busy, submit, change } = useMemoDraft(memo.content, onSave);
  const { t } = useLingui();
  const hint = useMemoHint(currencyCode);

  return (
    <form className="memo-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={t`Changed memo`} error={error} hint={hint}>
        {(control) => (
          <input
            {...control}
            value={content}
            maxLength={200}
            // biome-ignore lint/a11y/noAutofocus: the field the staff member just asked to change
            autoFocus
            onChange={(event) => change(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button" disabled={busy}>
        <Trans>Save memo</Trans>
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        <Trans>Keep as it was</Trans>
      </button>
    </form>
  );
}
