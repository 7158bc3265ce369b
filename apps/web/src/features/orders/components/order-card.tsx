import { formatPrice, type Language, type OrderSummary } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { FALLBACK_IMAGE_URL, showFallbackImage } from '../../../lib/fallback-image';
import { orderDate, orderDetailPath } from '../order-format';

/** One order of Shopping Info: date, number, where it stands, its first product, 'and N more', the final amount. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { i18n } = useLingui();
  const { orderStatusLabels } = useContractTexts();
  const orderNumber = order.orderNumber;
  const poReference = order.poReference;
  const [first, ...rest] = order.orderDetails;
  const more = rest.length;
  const thumbnail = first?.productOption.thumbnailUrlArray[0] || FALLBACK_IMAGE_URL;
  return (
    <article className="order-card">
      <header className="order-card__head">
        <time dateTime={order.createdAt} className="order-card__date">
          {orderDate(order.createdAt, i18n.locale as Language)}
        </time>
        <p className="order-card__number">
          <Trans>
            Order No. <span>{orderNumber}</span>
          </Trans>
        </p>
        {poReference && (
          <p className="order-card__number">
            <Trans>
              Your PO number <span>{poReference}</span>
            </Trans>
          </p>
        )}
        <p className={`order-card__status order-card__status--${order.status.toLowerCase()}`}>
          {orderStatusLabels[order.status]}
        </p>
      </header>
      <div className="order-card__body">
        <img
          className="order-card__thumb"
          src={thumbnail}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          onError={showFallbackImage}
        />
        <div className="order-card__product">
          <p className="order-card__title">{first?.productOption.productTitle ?? ''}</p>
          {rest.length > 0 && (
            <p className="order-card__more">
              <Trans>and {more} more</Trans>
            </p>
          )}
        </div>
        <p className="order-card__amount">{formatPrice(order.finalPaymentAmount, order.currencyCode)}</p>
      </div>
      <Link
        to={orderDetailPath(order.uuid)}
        className="button button--secondary button--small order-card__link"
      >
        <Trans>
          View Details<span className="visually-hidden"> of order {orderNumber}</span>
        </Trans>
      </Link>
    </article>
  );
}
