import { countryName, messages, ORDER_STATUS_LABELS, type OrderDetail } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { isApiError } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { orderDetailQuery } from '../api/orders-api';
import { DownloadInvoice } from '../components/download-invoice';
import { OrderAgain } from '../components/order-again';
import { OrderAmounts } from '../components/order-amounts';
import { OrderLines } from '../components/order-lines';
import { OrderShipments } from '../components/order-shipments';
import { addressWithPostalCode, orderDateTime } from '../order-format';
import './orders.css';

export function OrderDetailPage() {
  useDocumentTitle('Order Detail');
  const { orderUuid = '' } = useParams();
  const isLoggedIn = useIsLoggedIn();
  const alert = useAlert();
  const query = useQuery({ ...orderDetailQuery(orderUuid), enabled: isLoggedIn });

  useEffect(() => {
    if (!isLoggedIn) void alert(messages.account.loginForOrderDetail);
  }, [isLoggedIn, alert]);

  if (!isLoggedIn) return <Navigate to="/login" replace />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.statusCode === 404 || query.error.statusCode === 400)) {
      return (
        <NotFound
          title={messages.order.notFound}
          message="This order does not exist or belongs to another account."
        />
      );
    }
    return (
      <ErrorState
        message="Could not load this order. Please try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <OrderDetailView order={query.data} />;
}

/** The status is shown as returned; a label that says more than the status itself (PENDING) follows it. */
const statusNote = (status: OrderDetail['status']): string | null =>
  ORDER_STATUS_LABELS[status].toUpperCase() === status ? null : ORDER_STATUS_LABELS[status];

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { receiverInfo } = order;
  return (
    <article className="order-detail">
      <h1 className="orders-page__title">Order Detail</h1>
      <dl className="order-detail__facts">
        <div>
          <dt>Order Number</dt>
          <dd>{order.orderNumber}</dd>
        </div>
        <div>
          <dt>Order Date</dt>
          <dd>
            <time dateTime={order.createdAt}>{orderDateTime(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className="order-detail__status">{order.status}</span>
            {statusNote(order.status) && (
              <span className="order-detail__status-label"> ({statusNote(order.status)})</span>
            )}
          </dd>
        </div>
      </dl>

      {order.statusHistory && order.statusHistory.length > 0 && (
        <section className="order-detail__section" aria-labelledby="order-history-title">
          <h2 id="order-history-title" className="order-detail__heading">
            Status History
          </h2>
          <ol className="order-detail__history">
            {order.statusHistory.map((step) => (
              <li key={`${step.at}-${step.status}`}>
                <span className="order-detail__status">{step.status}</span>{' '}
                <time dateTime={step.at}>{orderDateTime(step.at)}</time>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="order-detail__section" aria-labelledby="order-products-title">
        <h2 id="order-products-title" className="order-detail__heading">
          Products
        </h2>
        <OrderLines lines={order.orderDetails} />
        <OrderAmounts order={order} />
        <DownloadInvoice orderUuid={order.uuid} orderNumber={order.orderNumber} />
      </section>

      <OrderShipments order={order} />

      <section className="order-detail__section" aria-labelledby="order-shipping-title">
        <h2 id="order-shipping-title" className="order-detail__heading">
          Shipping Information
        </h2>
        <dl className="order-detail__facts">
          <div>
            <dt>Receiver Name</dt>
            <dd>{receiverInfo.receiverName}</dd>
          </div>
          <div>
            <dt>Company</dt>
            <dd>{receiverInfo.companyName}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{receiverInfo.phoneNumber}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{addressWithPostalCode(receiverInfo.addressDetail, receiverInfo.postalCode)}</dd>
          </div>
          {receiverInfo.country && (
            <div>
              <dt>Country</dt>
              <dd>{countryName(receiverInfo.country)}</dd>
            </div>
          )}
        </dl>
      </section>

      <OrderAgain orderUuid={order.uuid} />

      <Link to="/mypage/shoppinginfo" className="button button--secondary">
        Back to Shopping Info
      </Link>
    </article>
  );
}
