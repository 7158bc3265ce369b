import { formatPrice, type OrderDetail } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { PreorderDates } from '../../../components/ui/order-window';
import { FALLBACK_IMAGE_URL, showFallbackImage } from '../../../lib/fallback-image';
import { optionValuesText } from '../../../lib/option-text';
import { PreorderQuantities } from './preorder-quantities';

/**
 * The products of an order: thumbnail, title, option 'value1 / value2', quantity and amount; a pre-order line says
 * so, with its release and planned ship dates and how much of it is allocated, shipped and on backorder.
 */
export function OrderLines({ lines }: { lines: OrderDetail['orderDetails'] }) {
  const { t } = useLingui();
  return (
    <ul className="order-lines" aria-label={t`Ordered products`}>
      {lines.map((line) => {
        const { productOption, quantity } = line;
        return (
          <li key={line.orderDetailUuid} className="order-line">
            <img
              className="order-line__thumb"
              src={productOption.thumbnailUrlArray[0] || FALLBACK_IMAGE_URL}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              onError={showFallbackImage}
            />
            <div className="order-line__info">
              <p className="order-line__title">{productOption.productTitle}</p>
              <p className="order-line__option">
                {optionValuesText(productOption.optionNameValue1, productOption.optionNameValue2)}
              </p>
              <p className="order-line__quantity">
                <Trans>Quantity: {quantity}</Trans>
              </p>
              {line.preorder && <PreorderDates releaseDate={line.releaseDate} shipsOn={line.shipsOn} />}
              {line.preorder && <PreorderQuantities line={line} />}
            </div>
            <p className="order-line__amount">{formatPrice(line.amount, line.currencyCode)}</p>
          </li>
        );
      })}
    </ul>
  );
}
