import { type Language, SAVED_LIST_NAME_MAX } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BusyLabel } from '../../../components/ui/busy-label';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isPendingApproval } from '../../../lib/api-client';
import { refusalOr } from '../../../lib/api-errors';
import { formatShopDate } from '../../../lib/dates';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { createSavedList, SAVED_LISTS_KEY, savedListsQuery } from '../api/saved-lists-api';
import './saved-lists.css';

/**
 * Saved lists (issue 35), in My Page: the member's restock lists, the last changed first, and a new empty list by
 * name. Lists are filled from the cart, quick order and product pages, and opened to change or put into the cart.
 */
export function SavedListsPage() {
  const { t, i18n } = useLingui();
  const { savedLists: texts } = useContractTexts();
  useDocumentTitle(t`Saved lists`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(savedListsQuery());
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const nameId = useId();
  const problemId = useId();

  const create = useMutation({
    mutationFn: (listName: string) => createSavedList({ name: listName }, key.current),
    onSuccess: (list) => {
      key.current = newIdempotencyKey();
      void queryClient.invalidateQueries({ queryKey: SAVED_LISTS_KEY });
      navigate(`/mypage/lists/${list.uuid}`);
    },
    onError: (error) => {
      if (isPendingApproval(error)) return;
      setProblem(refusalOr(error, t`The list could not be saved. Please try again.`));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (name.trim() === '') return setProblem(texts.nameRequired);
    setProblem(null);
    create.mutate(name.trim());
  };

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        message={t`Could not load your lists. Please try again.`}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.lists.length === 0)
    body = (
      <EmptyState>
        <Trans>
          You have no saved lists yet. Save your cart or a quick order as a list, or save products from their
          pages.
        </Trans>
      </EmptyState>
    );
  else
    body = (
      <ul className="saved-lists" aria-label={t`Your lists`}>
        {query.data.lists.map((list) => (
          <li key={list.uuid} className="saved-lists__item">
            <Link to={`/mypage/lists/${list.uuid}`} className="saved-lists__name">
              {list.name}
            </Link>
            <span className="saved-lists__facts">
              {t`${list.lineCount} lines, ${list.pieceCount} pieces`}
              {' · '}
              {t`changed ${formatShopDate(list.updatedAt, i18n.locale as Language)}`}
            </span>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="saved-lists-page">
      <h1 className="saved-lists-page__title">
        <Trans>Saved lists</Trans>
      </h1>
      <p className="saved-lists-page__intro">
        <Trans>
          Keep the products you order again and again, and put a whole list into the cart in one step.
        </Trans>
      </p>
      {body}
      <form className="saved-lists-page__new" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={nameId}>
            <Trans>New list</Trans>
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={SAVED_LIST_NAME_MAX}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending}>
          <BusyLabel busy={create.isPending}>
            <Trans>Create list</Trans>
          </BusyLabel>
        </button>
      </form>
      {problem && (
        <p id={problemId} role="alert" className="saved-lists-page__problem">
          {problem}
        </p>
      )}
    </section>
  );
}
