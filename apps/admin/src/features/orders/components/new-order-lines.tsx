import {
  type CurrencyCode,
  formatPrice,
  koreaTime,
  largestQuantity,
  smallestQuantity,
  validQuantity,
} from '@kshop/contract';
import { FormField } from '@kshop/ui';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useContractTexts } from '../../../i18n/contract-texts';
import { type BuyerOrderOption, useOrderOptions } from '../api/new-order-api';

export type DraftLine = { option: BuyerOrderOption; quantity: number };

/** The option's rules as the contract's quantity rule reads them. */
export const rulesOf = (o: BuyerOrderOption) => ({
  minimum: o.minimumOrderQuantity,
  multiple: o.orderMultiple,
  max: o.maxPerOrder,
  available: o.isSoldOut ? 0 : o.available,
});

/** The buyer's unit price at a quantity: the volume tier the quantity reaches, else the one-piece price. */
export function unitFor(o: BuyerOrderOption, quantity: number): number {
  let unit = o.unitPrice;
  for (const tier of o.volumeTiers) if (quantity >= tier.minQuantity) unit = tier.unitPrice;
  return unit;
}

/** Why a line cannot be ordered as it stands, or null. */
export const lineProblem = (line: DraftLine): string | null =>
  line.option.isSoldOut ? 'This option is sold out.' : validQuantity(line.quantity, rulesOf(line.option));

/** Whether the option's product is outside its order window: staff may order it only with a reason. */
export const outsideWindow = (o: BuyerOrderOption) =>
  o.orderWindow === 'NOT_YET' || o.orderWindow === 'CLOSED';

/** Where the product's order window stands, when it is outside it, as the product lookup answers it. */
function WindowNote({ option }: { option: BuyerOrderOption }) {
  const { t } = useLingui();
  if (!outsideWindow(option)) return null;
  const closedAt = option.salesEndAt ? koreaTime(option.salesEndAt) : null;
  return (
    <>
      <br />
      <span className="badge badge--waiting">
        {option.orderWindow === 'NOT_YET'
          ? t`Outside its order window: orders are not open yet`
          : closedAt
            ? t`Outside its order window: orders closed at ${closedAt} (Korea time)`
            : t`Outside its order window: orders closed`}
      </span>
    </>
  );
}

const optionName = (o: BuyerOrderOption) =>
  [o.optionNameValue1, o.optionNameValue2].filter(Boolean).join(' / ');

const rulesText = (o: BuyerOrderOption, i18n: I18n) =>
  [
    o.minimumOrderQuantity > 1 ? i18n._(msg`min ${o.minimumOrderQuantity}`) : null,
    o.orderMultiple > 1 ? `× ${o.orderMultiple}` : null,
    o.maxPerOrder !== null ? i18n._(msg`max ${o.maxPerOrder}`) : null,
  ]
    .filter(Boolean)
    .join(', ') || '—';

type Props = {
  buyerId: string;
  currencyCode: CurrencyCode;
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
};

/** Finds options (with live stock and the buyer's unit price), adds them as lines, and sets quantities. */
export function NewOrderLines({ buyerId, currencyCode, lines, onChange }: Props) {
  const { t, i18n } = useLingui();
  const { localize } = useContractTexts();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const { data, error, isFetching, refetch } = useOrderOptions(buyerId, q);
  const chosen = new Set(lines.map((l) => l.option.productOptionId));

  const add = (option: BuyerOrderOption) =>
    onChange([...lines, { option, quantity: smallestQuantity(rulesOf(option)) }]);
  const setQuantity = (id: string, quantity: number) =>
    onChange(lines.map((l) => (l.option.productOptionId === id ? { ...l, quantity } : l)));
  const remove = (id: string) => onChange(lines.filter((l) => l.option.productOptionId !== id));

  return (
    <section className="panel" aria-labelledby="new-order-lines">
      <h2 id="new-order-lines">
        <Trans>Lines</Trans>
      </h2>
      <form
        aria-label={t`Find products`}
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
        }}
      >
        <FormField label={t`Product, vendor or option`} className="field--grow">
          {(control) => (
            <input {...control} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          )}
        </FormField>
        <button type="submit" className="button">
          <Trans>Find products</Trans>
        </button>
      </form>
      {q === '' ? null : isFetching && !data ? (
        <LoadingState label={t`Finding products...`} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !data || data.optionList.length === 0 ? (
        <EmptyState>
          <Trans>No product matches "{q}".</Trans>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Products found</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Option</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Available</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity rules</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Unit price</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Add</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.optionList.map((o) => {
                const orderable = !o.isSoldOut && largestQuantity(rulesOf(o)) >= smallestQuantity(rulesOf(o));
                return (
                  <tr key={o.productOptionId}>
                    <td>
                      {o.productTitle}
                      <WindowNote option={o} />
                    </td>
                    <td>{optionName(o)}</td>
                    <td className="num">{o.isSoldOut ? t`Sold out` : o.available}</td>
                    <td>{rulesText(o, i18n)}</td>
                    <td className="num">{formatPrice(o.unitPrice, currencyCode)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--small"
                        disabled={!orderable || chosen.has(o.productOptionId)}
                        aria-label={
                          chosen.has(o.productOptionId)
                            ? t`Added ${o.productTitle} ${optionName(o)}`
                            : t`Add ${o.productTitle} ${optionName(o)}`
                        }
                        onClick={() => add(o)}
                      >
                        {chosen.has(o.productOptionId) ? t`Added` : t`Add`}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {lines.length === 0 ? (
        <EmptyState>
          <Trans>No lines yet: find a product and add it.</Trans>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Lines of the order</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Unit price</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Remove</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const o = line.option;
                const rules = rulesOf(o);
                const found = lineProblem(line);
                const problem = found && localize(found);
                const name = `${o.productTitle} ${optionName(o)}`;
                return (
                  <tr key={o.productOptionId}>
                    <td>
                      {o.productTitle}
                      <br />
                      <span className="muted">
                        {optionName(o)} · {t`${o.available} available`} · {rulesText(o, i18n)}
                      </span>
                      <WindowNote option={o} />
                    </td>
                    <td className="num">{formatPrice(unitFor(o, line.quantity), currencyCode)}</td>
                    <td>
                      <FormField
                        label={<span className="visually-hidden">{t`Quantity of ${name}`}</span>}
                        error={problem}
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="input"
                            type="number"
                            inputMode="numeric"
                            min={smallestQuantity(rules)}
                            max={Math.max(smallestQuantity(rules), largestQuantity(rules))}
                            step={o.orderMultiple}
                            value={Number.isFinite(line.quantity) ? line.quantity : ''}
                            onChange={(e) =>
                              setQuantity(o.productOptionId, Number.parseInt(e.target.value, 10))
                            }
                          />
                        )}
                      </FormField>
                    </td>
                    <td className="num">
                      {Number.isFinite(line.quantity)
                        ? formatPrice(unitFor(o, line.quantity) * line.quantity, currencyCode)
                        : '—'}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t`Remove ${name}`}
                        onClick={() => remove(o.productOptionId)}
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
