import { countryName, type Language, type OrderDetail } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
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
import { ToLogin } from '../../auth';

export function OrderDetailPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`Order Detail`);
  const { orderUuid = '' } = useParams();
  const isLoggedIn = useIsLoggedIn();
  const alert = useAlert();
  const query = useQuery({ ...orderDetailQuery(orderUuid), enabled: isLoggedIn });

  const loginText = messages.account.loginForOrderDetail;
  useEffect(() => {
    if (!isLoggedIn) void alert(loginText);
  }, [isLoggedIn, alert, loginText]);

  if (!isLoggedIn) return <ToLogin />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.statusCode === 404 || query.error.statusCode === 400)) {
      return (
        <NotFound
          title={messages.order.notFound}
          message={t`This order does not exist or belongs to another account.`}
        />
      );
    }
    return (
      <ErrorState
        message={t`Could not load this order. Please try again.`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <OrderDetailView order={query.data} />;
}

/**
 * The status is shown as returned; a label that says more than the status itself follows it: PENDING's in English,
 * every status's in Korean.
 */
const statusNote = (status: OrderDetail['status'], label: string): string | null =>
  label.toUpperCase() === status ? null : label;

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { i18n } = useLingui();
  const { orderStatusLabels } = useContractTexts();
  const language = i18n.locale as Language;
  const note = statusNote(order.status, orderStatusLabels[order.status]);
  const { receiverInfo } = order;
  return (
    <article className="order-detail">
      <h1 className="orders-page__title">
        <Trans>Order Detail</Trans>
      </h1>
      <dl className="order-detail__facts">
        <div>
          <dt>
            <Trans>Order Number</Trans>
          </dt>
          <dd>{order.orderNumber}</dd>
        </div>
        {order.poReference && (
          <div>
            <dt>
              <Trans>Your PO number</Trans>
            </dt>
            <dd>{order.poReference}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Order Date</Trans>
          </dt>
          <dd>
            <time dateTime={order.createdAt}>{orderDateTime(order.createdAt, language)}</time>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <span className="order-detail__status">{order.status}</span>
            {note && <span className="order-detail__status-label"> ({note})</span>}
          </dd>
        </div>
      </dl>

      {order.statusHistory && order.statusHistory.length > 0 && (
        <section className="order-detail__section" aria-labelledby="order-history-title">
          <h2 id="order-history-title" className="order-detail__heading">
            <Trans>Status History</Trans>
          </h2>
          <ol className="order-detail__history">
            {order.statusHistory.map((step) => (
              <li key={`${step.at}-${step.status}`}>
                <span className="order-detail__status">{step.status}</span>{' '}
                <time dateTime={step.at}>{orderDateTime(step.at, language)}</time>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="order-detail__section" aria-labelledby="order-products-title">
        <h2 id="order-products-title" className="order-detail__heading">
          <Trans>Products</Trans>
        </h2>
        <OrderLines lines={order.orderDetails} />
        <OrderAmounts order={order} />
        <DownloadInvoice orderUuid={order.uuid} orderNumber={order.orderNumber} />
      </section>

      <OrderShipments order={order} />

      <section className="order-detail__section" aria-labelledby="order-shipping-title">
        <h2 id="order-shipping-title" className="order-detail__heading">
          <Trans>Shipping Information</Trans>
        </h2>
        <dl className="order-detail__facts">
          <div>
            <dt>
              <Trans>Receiver Name</Trans>
            </dt>
            <dd>{receiverInfo.receiverName}</dd>
          </div>
          <div>
            <dt>
              <Trans>Company</Trans>
            </dt>
            <dd>{receiverInfo.companyName}</dd>
          </div>
          <div>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{receiverInfo.phoneNumber}</dd>
          </div>
          <div>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd>{addressWithPostalCode(receiverInfo.addressDetail, receiverInfo.postalCode)}</dd>
          </div>
          {receiverInfo.country && (
            <div>
              <dt>
                <Trans>Country</Trans>
              </dt>
              <dd>{countryName(receiverInfo.country, language)}</dd>
            </div>
          )}
        </dl>
      </section>

      <OrderAgain orderUuid={order.uuid} />

      <Link to="/mypage/shoppinginfo" className="button button--secondary">
        <Trans>Back to Shopping Info</Trans>
      </Link>
    </article>
  );
}
