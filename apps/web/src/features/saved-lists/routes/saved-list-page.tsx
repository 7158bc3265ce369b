import {
  formatPrice,
  QUICK_ORDER_REFUSALS,
  type QuickOrderAddData,
  SAVED_LIST_NAME_MAX,
  type SavedListData,
  type SavedListLine,
} from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BusyLabel } from '../../../components/ui/busy-label';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError, isPendingApproval } from '../../../lib/api-client';
import { refusalOr } from '../../../lib/api-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CART_QUERY_KEY } from '../../cart';
import { QuickOrderTable } from '../../quick-order';
import {
  deleteSavedList,
  removeSavedListLine,
  renameSavedList,
  SAVED_LISTS_KEY,
  savedListQuery,
  savedListToCart,
  setSavedListLine,
} from '../api/saved-lists-api';
import '../../../components/ui/sheet-table.css';
import './saved-lists.css';

const optionText = (line: SavedListLine) =>
  [line.optionNameValue1, line.optionNameValue2].filter(Boolean).join(' / ');

/**
 * One saved list (issue 35): its lines with what putting them into the cart would do now, quantities to change,
 * lines to take out, a new name, and the whole list into the cart in one step with quick order's checks.
 */
export function SavedListPage() {
  const { listUuid = '' } = useParams();
  const { t } = useLingui();
  const { savedLists: texts } = useContractTexts();
  const query = useQuery(savedListQuery(listUuid));
  useDocumentTitle(query.data?.name ?? t`Saved lists`);

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.statusCode === 404;
    return (
      <section className="saved-list-page">
        <ErrorState
          message={missing ? texts.notFound : t`Could not load the list. Please try again.`}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
        <Link to="/mypage/lists">
          <Trans>Back to saved lists</Trans>
        </Link>
      </section>
    );
  }
  return <SavedList list={query.data} />;
}

function SavedList({ list }: { list: SavedListData }) {
  const { t } = useLingui();
  const { localize, shopMessages, quickOrder, savedLists: texts } = useContractTexts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [name, setName] = useState(list.name);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<QuickOrderAddData | null>(null);
  const cartKey = useRef(newIdempotencyKey());
  const nameId = useId();
  const captionId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_LISTS_KEY });
  const failed = (fallback: string) => (error: unknown) => {
    if (isPendingApproval(error)) return;
    setNotice('');
    setProblem(refusalOr(error, fallback));
  };
  const done = (message: string) => {
    setProblem(null);
    setNotice(message);
    void refresh();
  };

  const rename = useMutation({
    mutationFn: (next: string) => renameSavedList(list.uuid, next),
    onSuccess: () => done(texts.renamed),
    onError: failed(t`The list could not be renamed. Please try again.`),
  });
  const setQuantity = useMutation({
    mutationFn: ({ option, quantity }: { option: string; quantity: number }) =>
      setSavedListLine(list.uuid, option, quantity),
    onSuccess: (_data, { option }) => {
      setTyped(({ [option]: _saved, ...rest }) => rest);
      done(texts.lineChanged);
    },
    onError: failed(t`The quantity could not be saved. Please try again.`),
  });
  const removeLine = useMutation({
    mutationFn: (line: SavedListLine) => removeSavedListLine(list.uuid, line.productOptionUuid),
    onSuccess: () => done(texts.lineRemoved),
    onError: failed(t`The line could not be taken out. Please try again.`),
  });
  const toCart = useMutation({
    mutationFn: () => savedListToCart(list.uuid, cartKey.current),
    onSuccess: (data) => {
      cartKey.current = newIdempotencyKey();
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      setAdded(data);
      done(data.added.length ? quickOrder.added(data.added.length) : shopMessages.cart.nothingAdded);
    },
    onError: failed(t`The list could not be put in the cart. Please try again.`),
  });
  const remove = useMutation({
    mutationFn: () => deleteSavedList(list.uuid),
    onSuccess: () => {
      void refresh();
      navigate('/mypage/lists');
    },
    onError: failed(t`The list could not be deleted. Please try again.`),
  });

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === list.name || rename.isPending) return;
    rename.mutate(name.trim());
  };
  const saveQuantity = (line: SavedListLine) => {
    const text = typed[line.productOptionUuid];
    if (text === undefined || text.trim() === String(line.quantity)) return;
    if (!/^\d+$/.test(text.trim()) || Number(text.trim()) < 1) {
      setNotice('');
      setProblem(t`Enter a whole number of at least 1 for ${line.title}.`);
      return;
    }
    setQuantity.mutate({ option: line.productOptionUuid, quantity: Number(text.trim()) });
  };
  const onDelete = async () => {
    if (await confirm(t`Delete the list “${list.name}”?`, t`Delete`)) remove.mutate();
  };
  const refused = (line: SavedListLine) =>
    QUICK_ORDER_REFUSALS.includes(line.check.outcome) || line.check.quantity === 0;

  return (
    <section className="saved-list-page">
      <p className="saved-list-page__back">
        <Link to="/mypage/lists">
          <Trans>Saved lists</Trans>
        </Link>
      </p>
      <h1 className="saved-list-page__title">{list.name}</h1>
      <form className="saved-list-page__rename" onSubmit={onRename} noValidate>
        <div className="field">
          <label htmlFor={nameId}>
            <Trans>List name</Trans>
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={SAVED_LIST_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={rename.isPending}>
          <Trans>Rename</Trans>
        </button>
      </form>

      <p role="status" className="saved-list-page__notice">
        {notice}
      </p>
      {problem && (
        <p role="alert" className="saved-list-page__problem">
          {problem}
        </p>
      )}

      {list.lines.length === 0 ? (
        <p className="saved-list-page__empty">
          <Trans>
            This list is empty. Add products from their pages, or save your cart or a quick order to it.
          </Trans>
        </p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too
        <section className="sheet-table" aria-labelledby={captionId} tabIndex={0}>
          <table>
            <caption id={captionId}>
              <Trans>Lines of the list</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col" className="sheet-table__number">
                  <Trans>Unit price</Trans>
                </th>
                <th scope="col" className="sheet-table__number">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col">
                  <Trans>If added to the cart now</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Remove</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.lines.map((line) => (
                <tr
                  key={line.productOptionUuid}
                  className={refused(line) ? 'sheet-table__row--refused' : undefined}
                >
                  <td>
                    <Link to={`/productdetail/${line.productOptionUuid}`} className="sheet-table__title">
                      {line.title}
                    </Link>
                    <span className="sheet-table__option">
                      {optionText(line)}
                      {' · '}
                      {t`SKU ${line.sku}`}
                    </span>
                  </td>
                  <td className="sheet-table__number">
                    {line.check.product ? formatPrice(line.check.product.price, list.currencyCode) : ''}
                  </td>
                  <td className="sheet-table__number">
                    <input
                      className="saved-list-table__quantity"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-label={t`Quantity of ${line.title} ${optionText(line)}`}
                      value={typed[line.productOptionUuid] ?? String(line.quantity)}
                      onChange={(event) =>
                        setTyped((current) => ({ ...current, [line.productOptionUuid]: event.target.value }))
                      }
                      onBlur={() => saveQuantity(line)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') saveQuantity(line);
                      }}
                    />
                  </td>
                  <td className="sheet-table__note">{localize(line.check.message)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      aria-label={t`Remove ${line.title} ${optionText(line)} from the list`}
                      disabled={removeLine.isPending}
                      onClick={() => removeLine.mutate(line)}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <div className="saved-list-page__actions">
        {list.lines.length > 0 && (
          <button
            type="button"
            className="button button--large"
            disabled={toCart.isPending}
            aria-busy={toCart.isPending}
            onClick={() => toCart.mutate()}
          >
            <BusyLabel busy={toCart.isPending}>
              {t`${plural(list.addableCount, {
                one: 'Put # line in the cart',
                other: 'Put # lines in the cart',
              })}`}
            </BusyLabel>
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => void onDelete()}>
          <Trans>Delete list</Trans>
        </button>
      </div>

      {added && (
        <div className="saved-list-page__added">
          {added.added.length > 0 && (
            <p className="saved-list-page__links">
              <Link to="/cart" className="button button--secondary">
                <Trans>View cart</Trans>
              </Link>
              <Link to="/order" className="button">
                <Trans>CHECKOUT</Trans>
              </Link>
            </p>
          )}
          <QuickOrderTable lines={added.lines} currencyCode={added.currencyCode} />
        </div>
      )}
    </section>
  );
}
