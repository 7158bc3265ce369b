import { SAVED_LIST_NAME_MAX } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BusyLabel } from '../../../components/ui/busy-label';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isPendingApproval } from '../../../lib/api-client';
import { refusalOr } from '../../../lib/api-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import {
  addToSavedList,
  createSavedList,
  SAVED_LISTS_KEY,
  type SavedLine,
  savedListsQuery,
} from '../api/saved-lists-api';
import './save-to-list.css';

const NEW_LIST = 'new';

/**
 * Saves lines to one of the member's lists, or to a new one (issue 35): from the cart, a quick-order table, or a
 * product page's choices. The button opens a small form in place; `lines` is read when the form is sent, so it
 * saves what is chosen then. The lines' rules are checked when the list goes into the cart, not here.
 */
export function SaveToList({
  lines,
  label,
  className,
}: {
  lines: () => SavedLine[];
  /** The button's words, e.g. 'Save cart as a list'. */
  label: string;
  className?: string;
}) {
  const { t } = useLingui();
  const { savedLists: texts } = useContractTexts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(NEW_LIST);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ uuid: string; name: string; count: number } | null>(null);
  const key = useRef(newIdempotencyKey());
  const formId = useId();
  const targetId = useId();
  const nameId = useId();
  const problemId = useId();
  const lists = useQuery({ ...savedListsQuery(), enabled: open });

  const save = useMutation({
    mutationFn: async (chosen: SavedLine[]) =>
      target === NEW_LIST
        ? createSavedList({ name: name.trim(), lines: chosen }, key.current)
        : addToSavedList(target, chosen, key.current),
    onSuccess: (list, chosen) => {
      void queryClient.invalidateQueries({ queryKey: SAVED_LISTS_KEY });
      key.current = newIdempotencyKey();
      setSaved({ uuid: list.uuid, name: list.name, count: chosen.length });
      setOpen(false);
      setName('');
      setTarget(list.uuid);
    },
    onError: (error) => {
      if (isPendingApproval(error)) return;
      setProblem(refusalOr(error, t`The list could not be saved. Please try again.`));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const chosen = lines();
    if (chosen.length === 0) return setProblem(texts.noLines);
    if (target === NEW_LIST && name.trim() === '') {
      setProblem(texts.nameRequired);
      document.getElementById(nameId)?.focus();
      return;
    }
    setProblem(null);
    save.mutate(chosen);
  };

  return (
    <div className={['save-to-list', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => {
          setOpen((now) => !now);
          setSaved(null);
          setProblem(null);
        }}
      >
        {label}
      </button>
      {open && (
        <form id={formId} className="save-to-list__form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={targetId}>
              <Trans>Save to</Trans>
            </label>
            <select id={targetId} value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value={NEW_LIST}>{t`A new list`}</option>
              {lists.data?.lists.map((list) => (
                <option key={list.uuid} value={list.uuid}>
                  {list.name}
                </option>
              ))}
            </select>
          </div>
          {target === NEW_LIST && (
            <div className="field">
              <label htmlFor={nameId}>
                <Trans>Name of the new list</Trans>
              </label>
              <input
                id={nameId}
                value={name}
                maxLength={SAVED_LIST_NAME_MAX}
                autoComplete="off"
                aria-invalid={problem === texts.nameRequired ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
          )}
          <div className="save-to-list__actions">
            <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
              <BusyLabel busy={save.isPending}>
                <Trans>Save</Trans>
              </BusyLabel>
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
      <p role="status" className="save-to-list__status">
        {saved && (
          <>
            {t`${saved.count} lines saved to “${saved.name}”.`}{' '}
            <Link to={`/mypage/lists/${saved.uuid}`}>
              <Trans>Open the list</Trans>
            </Link>
          </>
        )}
      </p>
      {problem && (
        <p id={problemId} role="alert" className="save-to-list__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
