import {
  type CurrencyCode,
  type ProductDetailData,
  type ProductOptionDetail,
  priceLabel,
  validQuantity,
} from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useOrderWindow } from '../../../components/ui/order-window';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError, isPendingApproval } from '../../../lib/api-client';
import { addToCart, CART_QUERY_KEY } from '../../cart';
import { SaveToList } from '../../saved-lists';
import { setStockAlert, stockAlertsQuery } from '../api/stock-alerts-api';
import { AddedToCartDialog } from './added-to-cart-dialog';
import { isOptionSoldOut, optionLabel, optionRules } from './option-selection';
import { unitPriceAt } from './volume-tiers';

/** What a cell's box holds: nothing yet, or a whole number of pieces. */
const asQuantity = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/**
 * Every version of a product in one form (issue 35): a row per option with its price, what is available and a
 * quantity box, so a buyer orders every version and member at once. What is already in the cart gets the quantity
 * added to its line. Sold-out rows have no box; one button asks to be told when any of them is back. Members only:
 * a guest has no prices and no cart.
 */
export function VersionGrid({ detail }: { detail: ProductDetailData }) {
  const { t } = useLingui();
  const { localize, messages } = useContractTexts();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const headingId = useId();
  const { optionList, currentOption, product } = detail;
  const currencyCode: CurrencyCode | null = detail.currencyCode;
  const orderWindow = useOrderWindow(product);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [notice, setNotice] = useState('');
  const soldOut = optionList.filter(isOptionSoldOut);
  const alerts = useQuery({ ...stockAlertsQuery(currentOption.uuid), enabled: soldOut.length > 0 });
  const waiting = new Set(alerts.data?.optionUuidList ?? []);
  const notWaiting = soldOut.filter((o) => !waiting.has(o.uuid));
  const twoLevels = optionList.some((o) => Boolean(o.optionNameKey2));

  const problem = (option: ProductOptionDetail): string | null => {
    const quantity = asQuantity(typed[option.uuid] ?? '');
    if (quantity === null || quantity === 0) return null;
    if (Number.isNaN(quantity)) return t`Enter a whole number.`;
    const message = validQuantity(quantity, optionRules(option));
    return message === null ? null : localize(message);
  };
  const chosen = optionList.flatMap((option) => {
    const quantity = asQuantity(typed[option.uuid] ?? '');
    return quantity && !Number.isNaN(quantity) && !isOptionSoldOut(option) ? [{ option, quantity }] : [];
  });
  const problems = optionList.flatMap((option) => {
    const message = problem(option);
    return message ? [{ option, message }] : [];
  });
  let total: number | null = 0;
  for (const { option, quantity } of chosen) {
    const unit = unitPriceAt(option, quantity);
    total = unit === null || total === null ? null : total + unit * quantity;
  }
  const pieces = chosen.reduce((sum, c) => sum + c.quantity, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding || orderWindow.state !== 'OPEN') return;
    if (problems.length > 0) {
      setShowErrors(true);
      document.getElementById(`grid-${problems[0]!.option.uuid}`)?.focus();
      return;
    }
    if (chosen.length === 0) {
      void alert(messages.cart.selectOptions);
      return;
    }
    setAdding(true);
    try {
      await addToCart(
        chosen.map((c) => ({ productOptionUuid: c.option.uuid, quantity: c.quantity })),
        { addToExisting: true },
      );
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      setTyped({});
      setShowErrors(false);
      setAdded(true);
    } catch (error) {
      if (isPendingApproval(error)) return;
      void alert(
        isApiError(error) && error.statusCode < 500 ? localize(error.message) : messages.cart.addFailed,
      );
    } finally {
      setAdding(false);
    }
  };

  const notifyAll = async () => {
    setNotice('');
    try {
      await Promise.all(notWaiting.map((option) => setStockAlert(option.uuid, true)));
      queryClient.setQueryData(stockAlertsQuery(currentOption.uuid).queryKey, (current) => ({
        optionUuidList: [...new Set([...(current?.optionUuidList ?? []), ...notWaiting.map((o) => o.uuid)])],
      }));
      setNotice(t`We will e-mail you when each sold-out version can be ordered again.`);
    } catch (error) {
      if (isPendingApproval(error)) return;
      void queryClient.invalidateQueries({ queryKey: stockAlertsQuery(currentOption.uuid).queryKey });
      void alert(t`Could not change the notification. Please try again.`);
    }
  };

  return (
    <section className="version-grid" aria-labelledby={headingId}>
      <h2 id={headingId} className="version-grid__title">
        <Trans>Order several versions at once</Trans>
      </h2>
      <p className="version-grid__hint">
        <Trans>Enter a quantity for each version you want. What is already in your cart is added to.</Trans>
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="version-grid__scroll">
          <table className="version-grid__table">
            <thead>
              <tr>
                <th scope="col">{currentOption.optionNameKey1}</th>
                {twoLevels && <th scope="col">{currentOption.optionNameKey2}</th>}
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
                <th scope="col">
                  <Trans>Available</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {optionList.map((option) => {
                const out = isOptionSoldOut(option);
                const message = showErrors ? problem(option) : null;
                const label = optionLabel(option);
                const rules = optionRules(option);
                return (
                  <tr key={option.uuid} className={out ? 'version-grid__row--out' : undefined}>
                    <th scope="row">{option.optionNameValue1}</th>
                    {twoLevels && <td>{option.optionNameValue2}</td>}
                    <td>{localize(priceLabel(option.productPrice?.totalPrice ?? null, currencyCode))}</td>
                    <td>
                      {out ? (
                        <Trans>Sold out</Trans>
                      ) : (
                        <span>
                          {option.stock}
                          {rules.minimum > 1 || rules.multiple > 1 ? (
                            <span className="version-grid__rules">
                              {' · '}
                              {rules.multiple > 1
                                ? t`min. ${rules.minimum}, by ${rules.multiple}`
                                : t`min. ${rules.minimum}`}
                            </span>
                          ) : null}
                        </span>
                      )}
                    </td>
                    <td>
                      {out ? null : (
                        <>
                          <input
                            id={`grid-${option.uuid}`}
                            className="version-grid__quantity"
                            inputMode="numeric"
                            autoComplete="off"
                            aria-label={t`Quantity of ${label}`}
                            aria-invalid={message ? true : undefined}
                            aria-describedby={message ? `grid-${option.uuid}-error` : undefined}
                            value={typed[option.uuid] ?? ''}
                            onChange={(event) =>
                              setTyped((current) => ({ ...current, [option.uuid]: event.target.value }))
                            }
                          />
                          {message && (
                            <span id={`grid-${option.uuid}-error`} className="version-grid__error">
                              {message}
                            </span>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="version-grid__summary" aria-live="polite">
          {showErrors && problems.length > 0
            ? t`Check the quantities marked above.`
            : chosen.length > 0
              ? t`${chosen.length} versions, ${pieces} pieces: ${localize(priceLabel(total, currencyCode))}`
              : ''}
        </p>
        <div className="version-grid__actions">
          <button
            type="submit"
            className="button"
            disabled={adding || orderWindow.state !== 'OPEN'}
            aria-busy={adding}
          >
            {adding && <span className="busy-spinner" aria-hidden="true" />}
            <Trans>Add these versions to cart</Trans>
          </button>
          {notWaiting.length > 0 && (
            <button type="button" className="button button--secondary" onClick={() => void notifyAll()}>
              <Trans>Notify me about every sold-out version</Trans>
            </button>
          )}
        </div>
        <p role="status" className="version-grid__notice">
          {notice}
        </p>
      </form>
      <SaveToList
        label={t`Save these versions to a list`}
        lines={() => chosen.map((c) => ({ productOptionUuid: c.option.uuid, quantity: c.quantity }))}
      />
      {added && <AddedToCartDialog onClose={() => setAdded(false)} />}
    </section>
  );
}
