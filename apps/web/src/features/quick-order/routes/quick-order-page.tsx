import {
  type CurrencyCode,
  parseQuickOrderText,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderCheckedLine,
  unreadQuickOrderLines,
} from '@kshop/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { BusyLabel } from '../../../components/ui/busy-label';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CART_QUERY_KEY } from '../../cart';
import { SaveToList } from '../../saved-lists';
import {
  addQuickOrder,
  checkQuickOrder,
  checkQuickOrderFile,
  type QuickOrderLines,
} from '../api/quick-order-api';
import { QuickOrderTable } from '../components/quick-order-table';
import { inTextOrder, linesLeftToFix } from '../quick-order-text';
import './quick-order.css';
import { ToLogin } from '../../auth';

/** A checked list: its table, the text it was read from, and the lines an add sends (what was checked). */
type Checked = {
  lines: QuickOrderCheckedLine[];
  text: string;
  sent: QuickOrderLines;
  currencyCode: CurrencyCode;
};

const requestLines = (text: string) => {
  const parsed = parseQuickOrderText(text);
  return {
    sent: parsed.rows.map((row) => ({ code: row.code, quantity: row.quantity, line: row.line })),
    unread: unreadQuickOrderLines(parsed.bad),
  };
};

/**
 * Quick order (issue 35): a member pastes lines of SKU or barcode and quantity, or uploads a CSV or Excel file,
 * checks them, and puts the good ones into the cart in one step. Lines to fix stay in the text with their reason.
 */
export function QuickOrderPage() {
  const { t } = useLingui();
  const { quickOrder: texts, shopMessages, localize } = useContractTexts();
  useDocumentTitle(t`Quick order`);
  const isLoggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const textId = useId();
  const hintId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [addedCount, setAddedCount] = useState<number | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const failure = (error: unknown) =>
    setProblem(
      isApiError(error) && error.statusCode < 500
        ? localize(error.message)
        : t`The lines could not be checked. Please try again.`,
    );
  const show = (next: Checked) => {
    setProblem(null);
    setChecked({ ...next, lines: inTextOrder(next.lines) });
  };

  const check = useMutation({
    mutationFn: ({ sent }: { sent: QuickOrderLines; unread: QuickOrderCheckedLine[]; text: string }) =>
      checkQuickOrder(sent),
    onSuccess: (data, { sent, unread, text: from }) =>
      show({ lines: [...data.lines, ...unread], text: from, sent, currencyCode: data.currencyCode }),
    onError: failure,
  });
  const file = useMutation({
    mutationFn: checkQuickOrderFile,
    onSuccess: (data) => {
      setText(data.text);
      show({
        lines: data.lines,
        text: data.text,
        sent: requestLines(data.text).sent,
        currencyCode: data.currencyCode,
      });
    },
    onError: failure,
  });
  const add = useMutation({
    mutationFn: (sent: QuickOrderLines) => addQuickOrder(sent),
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      const unread = checked?.lines.filter((line) => line.outcome === 'badQuantity' && !line.product) ?? [];
      const left = linesLeftToFix(checked?.text ?? text, inTextOrder([...data.lines, ...unread]));
      setText(left.text);
      setAddedCount(data.added.length);
      setChecked(
        left.lines.length ? { ...requestLines(left.text), ...left, currencyCode: data.currencyCode } : null,
      );
    },
    onError: (error) =>
      setProblem(
        isApiError(error) && error.statusCode < 500
          ? localize(error.message)
          : t`The lines could not be added. Please try again.`,
      ),
  });
  const busy = check.isPending || file.isPending || add.isPending;

  if (!isLoggedIn) return <ToLogin />;

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    setAddedCount(null);
    const { sent, unread } = requestLines(text);
    const count = sent.length + unread.length;
    if (count === 0) return setProblem(texts.noLines);
    if (count > QUICK_ORDER_MAX_LINES) return setProblem(texts.tooManyLines(QUICK_ORDER_MAX_LINES));
    if (sent.length === 0) {
      const currencyCode = checked?.currencyCode ?? 'USD';
      return show({ lines: unread, text, sent, currencyCode });
    }
    check.mutate({ sent, unread, text });
  };
  const onFile = (chosen: File | undefined) => {
    if (!chosen) return;
    setAddedCount(null);
    file.mutate(chosen);
    // The same file may be chosen again after it is fixed in Excel.
    setFileKey((key) => key + 1);
  };

  const addable = checked?.lines.filter((line) => line.quantity > 0).length ?? 0;
  const stale = checked !== null && checked.text !== text;
  let announcement = '';
  if (addedCount !== null)
    announcement = addedCount > 0 ? texts.added(addedCount) : shopMessages.cart.nothingAdded;
  else if (checked && !busy) announcement = texts.checked(addable, checked.lines.length);

  return (
    <section className="quick-order container">
      <div className="quick-order__head">
        <h1 className="quick-order__title">
          <Trans>Quick order</Trans>
        </h1>
        <Link to="/mypage/lists">
          <Trans>Saved lists</Trans>
        </Link>
      </div>
      <form className="quick-order__form" onSubmit={onCheck} aria-busy={busy}>
        <div className="field">
          <label htmlFor={textId}>
            <Trans>Paste SKU or barcode and quantity, one per line</Trans>
          </label>
          <textarea
            id={textId}
            aria-describedby={hintId}
            className="quick-order__text"
            rows={10}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={hintId} className="quick-order__hint">
            <Trans>
              Separate code and quantity with a comma, a tab or spaces, as copied from Excel. Up to{' '}
              {QUICK_ORDER_MAX_LINES} lines.
            </Trans>
          </p>
        </div>
        <div className="quick-order__actions">
          <button type="submit" className="button" disabled={busy} aria-busy={check.isPending}>
            <BusyLabel busy={check.isPending}>
              <Trans>Check</Trans>
            </BusyLabel>
          </button>
          <div className="quick-order__file">
            <label htmlFor={fileId}>
              <Trans>Or upload a CSV or Excel file (code in the first column, quantity in the second)</Trans>
            </label>
            <input
              key={fileKey}
              id={fileId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(event) => onFile(event.target.files?.[0])}
            />
          </div>
        </div>
      </form>

      <p role="status" className="quick-order__status">
        {announcement}
      </p>
      {problem && (
        <p role="alert" className="quick-order__problem">
          {problem}
        </p>
      )}
      {addedCount !== null && addedCount > 0 && (
        <p className="quick-order__added">
          <Link to="/cart" className="button button--secondary">
            <Trans>View cart</Trans>
          </Link>
          <Link to="/order" className="button">
            <Trans>CHECKOUT</Trans>
          </Link>
        </p>
      )}

      {checked && (
        <>
          <QuickOrderTable lines={checked.lines} currencyCode={checked.currencyCode} />
          {stale ? (
            <p className="quick-order__hint">
              <Trans>The list has changed since it was checked: check it again before adding.</Trans>
            </p>
          ) : (
            addable > 0 && (
              <button
                type="button"
                className="button button--large"
                disabled={busy}
                aria-busy={add.isPending}
                onClick={() => add.mutate(checked.sent)}
              >
                <BusyLabel busy={add.isPending}>
                  {t`${plural(addable, { one: 'Add # line to cart', other: 'Add # lines to cart' })}`}
                </BusyLabel>
              </button>
            )
          )}
          {!stale && checked.lines.some((line) => line.product) && (
            <SaveToList
              label={t`Save these lines as a list`}
              lines={() =>
                checked.lines.flatMap((line) =>
                  line.product && line.askedQuantity > 0
                    ? [{ productOptionUuid: line.product.productOptionUuid, quantity: line.askedQuantity }]
                    : [],
                )
              }
            />
          )}
        </>
      )}
    </section>
  );
}
