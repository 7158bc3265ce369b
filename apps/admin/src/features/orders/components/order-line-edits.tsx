import {
  type AdminOrderDetail,
  type CurrencyCode,
  formatPrice,
  fromMinorUnits,
  INT_RANGE,
  ORDER_EDIT_RULES,
  toMinorUnits,
} from '@kshop/contract';
import { FormField, useConfirm } from '@kshop/ui';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import {
  type ProductWithOptions,
  useAddLine,
  useChangeLine,
  useProductOptions,
  useProductSearch,
  useRemoveLine,
} from '../api/order-edits-api';
import './order-line-edits.css';

type Line = AdminOrderDetail['orderDetails'][number];
type Amounts = Pick<AdminOrderDetail, 'beforeDiscountProductAmount' | 'finalPaymentAmount'> & {
  currencyCode: CurrencyCode;
};

const lineName = (line: Line) =>
  [line.productOption.productTitle, line.productOption.optionNameValue1, line.productOption.optionNameValue2]
    .filter(Boolean)
    .join(' / ');

/** A quantity as typed, or the rule it breaks. */
function readQuantity(text: string): { quantity: number } | { problem: string } {
  const quantity = Number(text);
  if (text.trim() === '' || !Number.isInteger(quantity)) return { problem: ORDER_EDIT_RULES.quantityRule };
  if (quantity < INT_RANGE.quantity.min || quantity > INT_RANGE.quantity.max) {
    return { problem: ORDER_EDIT_RULES.quantityRule };
  }
  return { quantity };
}

/**
 * What the confirmation says the amounts become when the products change by `deltaMajor` (memos stay as they
 * are; the server recomputes and has the last word).
 */
export function amountChange(amounts: Amounts, deltaMajor: number, i18n: I18n): string {
  const c = amounts.currencyCode;
  const delta = toMinorUnits(deltaMajor, c);
  const products = toMinorUnits(amounts.beforeDiscountProductAmount, c);
  const final = toMinorUnits(amounts.finalPaymentAmount, c);
  const money = (minor: number) => formatPrice(fromMinorUnits(minor, c), c);
  const [productsBefore, productsAfter] = [money(products), money(products + delta)];
  const [finalBefore, finalAfter] = [money(final), money(final + delta)];
  return i18n._(
    msg`Products ${productsBefore} → ${productsAfter}; final amount ${finalBefore} → ${finalAfter}.`,
  );
}

/** The line's unit price: what it was ordered at (edits keep it). */
const unitOf = (line: Line) => (line.quantity > 0 ? line.amount / line.quantity : 0);

function LineEditRow({
  orderUuid,
  line,
  amounts,
  removable,
}: {
  orderUuid: string;
  line: Line;
  amounts: Amounts;
  removable: boolean;
}) {
  const confirm = useConfirm();
  const { t, i18n } = useLingui();
  const { localize } = useContractTexts();
  const change = useChangeLine(orderUuid);
  const remove = useRemoveLine(orderUuid);
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = change.isPending || remove.isPending;
  const name = lineName(line);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setDone(null);
    const read = readQuantity(text);
    if ('problem' in read) return setError(localize(read.problem));
    if (read.quantity === line.quantity) return setError(localize(ORDER_EDIT_RULES.unchanged));
    setError(null);
    const delta = unitOf(line) * (read.quantity - line.quantity);
    const [from, to, amountsAfter] = [line.quantity, read.quantity, amountChange(amounts, delta, i18n)];
    const ok = await confirm(
      t`Change ${name} from ${from} to ${to}? ${amountsAfter} The buyer is e-mailed.`,
      t`Change quantity`,
    );
    if (!ok) return;
    try {
      const changed = await change.mutateAsync({ lineUuid: line.orderDetailUuid, quantity: read.quantity });
      setText(String(changed.toQuantity));
      setDone(t`Quantity changed to ${changed.toQuantity}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const removeLine = async () => {
    setDone(null);
    const [quantity, amountsAfter] = [line.quantity, amountChange(amounts, -line.amount, i18n)];
    const ok = await confirm(
      t`Remove ${name} (× ${quantity}) from the order? ${amountsAfter} The buyer is e-mailed.`,
      t`Remove line`,
    );
    if (!ok) return;
    try {
      await remove.mutateAsync(line.orderDetailUuid);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <li className="line-edit">
      <form className="line-edit__form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t`Quantity of ${name}`} error={error}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={INT_RANGE.quantity.min}
              max={INT_RANGE.quantity.max}
              step={1}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button--small" disabled={busy}>
            <Trans>Change quantity</Trans>
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            disabled={busy || !removable}
            aria-label={t`Remove ${name}`}
            title={removable ? undefined : localize(ORDER_EDIT_RULES.lastLine)}
            onClick={() => void removeLine()}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </form>
      {done && (
        <p role="status" className="notice">
          {done}
        </p>
      )}
    </li>
  );
}

type Option = ProductWithOptions['options'][number];
const optionName = (o: Option) => [o.optionNameValue1, o.optionNameValue2].filter(Boolean).join(' / ');
const priceOf = (o: Option, currencyCode: CurrencyCode) => (currencyCode === 'KRW' ? o.priceKrw : o.priceUsd);
const availableOf = (o: Option) => (o.isSoldOut ? 0 : Math.max(o.stock - o.holdStock, 0));

/** Finds a product through the catalogue's list, then one of its options, and adds it with a quantity. */
function AddLineForm({ orderUuid, amounts }: { orderUuid: string; amounts: Amounts }) {
  const confirm = useConfirm();
  const { t, i18n } = useLingui();
  const { localize } = useContractTexts();
  const add = useAddLine(orderUuid);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [optionId, setOptionId] = useState('');
  const [text, setText] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [optionError, setOptionError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const found = useProductSearch(q);
  const product = useProductOptions(productId);
  const currency = amounts.currencyCode;
  const option = product.data?.options.find((o) => o.uuid === optionId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!option || !product.data) return setOptionError(t`Choose an option.`);
    const read = readQuantity(text);
    if ('problem' in read) return setError(localize(read.problem));
    setError(null);
    setOptionError(null);
    const name = `${product.data.title} / ${optionName(option)}`;
    const unit = priceOf(option, currency);
    const [quantity, unitPrice] = [read.quantity, formatPrice(unit, currency)];
    const amountsAfter = amountChange(amounts, unit * read.quantity, i18n);
    const ok = await confirm(
      t`Add ${name} × ${quantity} at ${unitPrice} each (list price; the buyer's price group applies)? ${amountsAfter} The buyer is e-mailed.`,
      t`Add line`,
    );
    if (!ok) return;
    try {
      const change = await add.mutateAsync({ productOptionId: option.uuid, quantity: read.quantity });
      setDone(
        change.kind === 'LINE_ADDED'
          ? t`${name} added.`
          : t`${name} was already in the order: its quantity is now ${change.toQuantity}.`,
      );
      setText('1');
    } catch (failure) {
      const message = errorMessage(failure);
      // The API names the field first: 'quantity: …', or '수량: …' when it answers in Korean.
      if (/^(quantity|수량):/.test(message)) setError(message);
      else setOptionError(message);
    }
  };

  return (
    <div className="add-line section-gap">
      <h3>
        <Trans>Add a line</Trans>
      </h3>
      <form
        aria-label={t`Find products to add`}
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
          setProductId(null);
          setOptionId('');
        }}
      >
        <FormField label={t`Product, vendor or artist`} className="field--grow">
          {(control) => (
            <input {...control} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          )}
        </FormField>
        <button type="submit" className="button">
          <Trans>Find products</Trans>
        </button>
      </form>
      {q === '' ? null : found.isPending ? (
        <LoadingState label={t`Finding products...`} />
      ) : found.error ? (
        <ErrorState error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.productList.length === 0 ? (
        <EmptyState>
          <Trans>No product matches "{q}".</Trans>
        </EmptyState>
      ) : (
        <ul className="add-line__products" aria-label={t`Products found`}>
          {found.data.productList.map((p) => (
            <li key={p.uuid}>
              <button
                type="button"
                className="button button--small button--secondary"
                aria-pressed={productId === p.uuid}
                onClick={() => {
                  setProductId(p.uuid);
                  setOptionId('');
                  setOptionError(null);
                }}
              >
                {p.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      {productId && product.isPending && <LoadingState label={t`Loading options...`} />}
      {productId && product.error && (
        <ErrorState error={product.error} onRetry={() => void product.refetch()} />
      )}
      {product.data && productId && (
        <form className="add-line__form" onSubmit={(event) => void submit(event)} noValidate>
          <FormField label={t`Option of ${product.data.title}`} error={optionError}>
            {(control) => (
              <select
                {...control}
                value={optionId}
                onChange={(event) => {
                  setOptionId(event.target.value);
                  setOptionError(null);
                }}
              >
                <option value="">{t`Choose an option`}</option>
                {product.data.options.map((o) => (
                  <option key={o.uuid} value={o.uuid} disabled={availableOf(o) === 0}>
                    {`${optionName(o)} — ${formatPrice(priceOf(o, currency), currency)}, ${
                      o.isSoldOut ? t`sold out` : t`${availableOf(o)} available`
                    }`}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t`Quantity to add`} error={error}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={INT_RANGE.quantity.min}
                max={INT_RANGE.quantity.max}
                step={1}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <button type="submit" className="button" disabled={add.isPending}>
            <Trans>Add line</Trans>
          </button>
        </form>
      )}
      {done && (
        <p role="status" className="notice section-gap">
          {done}
        </p>
      )}
    </div>
  );
}

/**
 * Before an order ships, staff change a line's quantity, remove a line or add one; each change is confirmed
 * with what the amounts become. Nothing shows once the order has shipped, been delivered or cancelled.
 */
export function OrderLineEdits({ order }: { order: AdminOrderDetail }) {
  if (!order.linesEditable) return null;
  const amounts: Amounts = {
    beforeDiscountProductAmount: order.beforeDiscountProductAmount,
    finalPaymentAmount: order.finalPaymentAmount,
    currencyCode: order.currencyCode,
  };
  return (
    <section className="panel" aria-labelledby="line-edits-heading">
      <h2 id="line-edits-heading">
        <Trans>Change lines</Trans>
      </h2>
      <p className="muted">
        <Trans>Stock is held or released at once; the buyer is e-mailed each change.</Trans>
      </p>
      <ul className="line-edits">
        {order.orderDetails.map((line) => (
          <LineEditRow
            key={line.orderDetailUuid}
            orderUuid={order.uuid}
            line={line}
            amounts={amounts}
            removable={order.orderDetails.length > 1}
          />
        ))}
      </ul>
      <AddLineForm orderUuid={order.uuid} amounts={amounts} />
    </section>
  );
}
