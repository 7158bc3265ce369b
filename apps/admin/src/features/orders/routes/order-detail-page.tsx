import { countryName, formatPrice, parseMemo } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useRole } from '../../../lib/current-staff';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useAddMemo,
  useAssignPersonInCharge,
  useChangeMemo,
  useMoveOrder,
  useOrder,
  useSetBackorderChoice,
  useVoidMemo,
} from '../api/orders-api';
import { BackorderChoiceControl } from '../components/backorder-choice';
import { MemoForm } from '../components/memo-form';
import { MemoList } from '../components/memo-list';
import { OrderDocuments } from '../components/order-documents';
import { OrderLineEdits } from '../components/order-line-edits';
import { PersonInCharge } from '../components/person-in-charge';
import { Shipments, useShipOrder } from '../components/shipments';
import { StatusActions } from '../components/status-actions';
import { StatusTimeline } from '../components/status-timeline';
import './orders.css';

const signed = (amount: number, currencyCode: string) =>
  amount < 0 ? `−${formatPrice(-amount, currencyCode)}` : `+${formatPrice(amount, currencyCode)}`;

export function OrderDetailPage() {
  const { orderNumber = '' } = useParams();
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Order ${orderNumber}`);
  const role = useRole();
  const { data: order, error, isPending, refetch } = useOrder(orderNumber);
  const move = useMoveOrder(orderNumber);
  const addMemo = useAddMemo(orderNumber);
  const changeMemo = useChangeMemo(orderNumber);
  const voidMemo = useVoidMemo(orderNumber);
  const assign = useAssignPersonInCharge(orderNumber);
  const backorder = useSetBackorderChoice(orderNumber);
  const ship = useShipOrder(order?.uuid ?? '');

  if (isPending) return <LoadingState />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const { currencyCode } = order;

  return (
    <>
      <Link to="/orders" className="back-link">
        ‹ <Trans>Orders</Trans>
      </Link>
      <div className="page-head">
        <h1>
          <Trans>Order {order.orderNumber}</Trans> <StatusBadge status={order.status} kind="order" />
        </h1>
        <p className="muted page-head__meta">
          {t`Placed ${formatDateTime(order.createdAt)}`}
          {order.takenBy && <> · {t`Taken by ${order.takenBy.name || order.takenBy.email}`}</>}
        </p>
      </div>

      <div className="order-layout">
        <div className="order-layout__main">
          <section className="panel" aria-labelledby="lines-heading">
            <h2 id="lines-heading">
              <Trans>Lines</Trans>
            </h2>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Image</Trans>
                      </span>
                    </th>
                    <th scope="col">
                      <Trans>Product</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Option</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Quantity</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Amount</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.orderDetails.map((line) => (
                    <tr key={line.orderDetailUuid}>
                      <td>
                        {line.productOption.thumbnailUrlArray[0] && (
                          <img className="thumb" src={line.productOption.thumbnailUrlArray[0]} alt="" />
                        )}
                      </td>
                      <td>{line.productOption.productTitle}</td>
                      <td>
                        {[line.productOption.optionNameValue1, line.productOption.optionNameValue2]
                          .filter(Boolean)
                          .join(' / ')}
                      </td>
                      <td className="num">{line.quantity}</td>
                      <td className="num">{formatPrice(line.amount, line.currencyCode)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <OrderLineEdits order={order} />

          <section className="panel" aria-labelledby="amounts-heading">
            <h2 id="amounts-heading">
              <Trans>Amounts and memos</Trans>
            </h2>
            <table className="table amounts">
              <tbody>
                <tr>
                  <th scope="row">
                    <Trans>Products</Trans>
                  </th>
                  <td className="num">{formatPrice(order.beforeDiscountProductAmount, currencyCode)}</td>
                </tr>
                {order.orderMemos.map((memo) => {
                  const { label, amount } = parseMemo(memo.content);
                  return (
                    <tr key={memo.orderMemoUuid}>
                      <th scope="row">{label || memo.content}</th>
                      <td className="num">{amount === null ? '' : signed(amount, currencyCode)}</td>
                    </tr>
                  );
                })}
                <tr className="amounts__total">
                  <th scope="row">
                    <Trans>Final amount</Trans>
                  </th>
                  <td className="num">{formatPrice(order.finalPaymentAmount, currencyCode)}</td>
                </tr>
              </tbody>
            </table>
            <h3 className="section-gap">
              <Trans>Memos</Trans>
            </h3>
            <MemoList
              memos={order.memos}
              currencyCode={currencyCode}
              open={order.memosOpen}
              onChange={(memoUuid, content) => changeMemo.mutateAsync({ memoUuid, content })}
              onVoid={(memoUuid) => voidMemo.mutateAsync(memoUuid)}
            />
            {order.memosOpen ? (
              <MemoForm currencyCode={currencyCode} onAdd={(content) => addMemo.mutateAsync(content)} />
            ) : (
              <p className="muted">
                <Trans>Memos stay as they are once an order is delivered or cancelled.</Trans>
              </p>
            )}
          </section>
          <Shipments
            orderUuid={order.uuid}
            status={order.status}
            lines={order.orderDetails}
            shipments={order.shipments ?? []}
            onShip={(parcel) => ship.mutateAsync(parcel)}
          />
          <StatusTimeline history={order.statusHistory} changes={order.changes} />
        </div>

        <div className="order-layout__side">
          <StatusActions
            orderNumber={order.orderNumber}
            nextStatuses={order.nextStatuses}
            awaitsPersonInCharge={order.status === 'PENDING' && order.personInCharge === null}
            lines={order.orderDetails}
            onMove={(change) => move.mutateAsync(change)}
          />
          <PersonInCharge
            current={order.personInCharge}
            assignable={order.assignableStaff}
            mayClear={order.mayClearPersonInCharge}
            ownerRights={role === 'OWNER'}
            onAssign={(staffId) => assign.mutateAsync(staffId)}
          />
          <BackorderChoiceControl
            current={order.backorderChoice ?? null}
            onSave={(choice) => backorder.mutateAsync(choice)}
          />
          <OrderDocuments orderUuid={order.uuid} orderNumber={order.orderNumber} />
          <section className="panel" aria-labelledby="buyer-heading">
            <h2 id="buyer-heading">
              <Trans>Buyer and delivery</Trans>
            </h2>
            <dl className="details">
              <dt>
                <Trans>Company</Trans>
              </dt>
              <dd>{order.receiverInfo.companyName}</dd>
              {order.poReference && (
                <>
                  <dt>
                    <Trans>Buyer's PO number</Trans>
                  </dt>
                  <dd>{order.poReference}</dd>
                </>
              )}
              <dt>
                <Trans>Registration no.</Trans>
              </dt>
              <dd>
                <Link to={`/buyers?q=${encodeURIComponent(order.businessRegistrationNumber)}`}>
                  {order.businessRegistrationNumber}
                </Link>
              </dd>
              <dt>
                <Trans>Receiver</Trans>
              </dt>
              <dd>{order.receiverInfo.receiverName}</dd>
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>{order.receiverInfo.companyEmail}</dd>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd>{order.receiverInfo.phoneNumber}</dd>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd>
                {order.receiverInfo.addressDetail}
                {order.receiverInfo.postalCode && ` (${order.receiverInfo.postalCode})`}
              </dd>
              <dt>
                <Trans>Country</Trans>
              </dt>
              <dd>
                {order.receiverInfo.country
                  ? countryName(order.receiverInfo.country, i18n.locale)
                  : t`Not given`}
              </dd>
              <dt>
                <Trans>Currency</Trans>
              </dt>
              <dd>{currencyCode}</dd>
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}
