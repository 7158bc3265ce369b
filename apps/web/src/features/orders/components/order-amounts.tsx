import { formatPrice, type OrderDetail, parseMemo } from '@kshop/contract';
import { Trans } from '@lingui/react/macro';
import { signedPrice } from '../order-format';

/**
 * SubTotal and the staff memos ('Shipping fee/15000' -> 'Shipping fee' and its amount) when there are memos,
 * then the Total. A memo without a readable amount is shown as its text.
 */
export function OrderAmounts({ order }: { order: OrderDetail }) {
  const memos = order.orderMemos.map((memo) => ({ id: memo.orderMemoUuid, ...parseMemo(memo.content) }));
  return (
    <dl className="order-amounts">
      {memos.length > 0 && (
        <>
          <div>
            <dt>
              <Trans>SubTotal</Trans>
            </dt>
            <dd>{formatPrice(order.beforeDiscountProductAmount, order.currencyCode)}</dd>
          </div>
          {memos.map((memo) => (
            <div key={memo.id} className="order-amounts__memo">
              <dt>{memo.label}</dt>
              <dd>{memo.amount === null ? '' : signedPrice(memo.amount, order.currencyCode)}</dd>
            </div>
          ))}
        </>
      )}
      <div className="order-amounts__total">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{formatPrice(order.finalPaymentAmount, order.currencyCode)}</dd>
      </div>
    </dl>
  );
}
