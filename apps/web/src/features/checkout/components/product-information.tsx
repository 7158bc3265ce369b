import { type CartData, formatPrice } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { showFallbackImage } from '../../../lib/fallback-image';
import { optionValuesText } from '../../../lib/option-text';
import { cartTotal, lineAmount } from '../../cart';

/** The checkout's right panel: every cart line as 'qty x price = subtotal', then the Total. */
export function ProductInformation({ cart, children }: { cart: CartData; children?: ReactNode }) {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  const { currencyCode } = cart;
  return (
    <aside className="checkout-products" aria-labelledby="product-information-title">
      <h2 id="product-information-title" className="checkout__heading checkout__heading--flush">
        <Trans>Product Information</Trans>
      </h2>
      {cart.cartList.length === 0 ? (
        <p className="checkout-products__empty">{messages.cart.empty}</p>
      ) : (
        <ul className="checkout-products__list" aria-label={t`Products to order`}>
          {cart.cartList.map((item) => {
            const { product, productOption } = item;
            return (
              <li key={item.uuid} className="checkout-line">
                <div className="checkout-line__media">
                  <img
                    src={product.thumbnailUrl}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    onError={showFallbackImage}
                  />
                  <span className="checkout-line__badge">
                    <span className="visually-hidden">
                      <Trans>Quantity</Trans>{' '}
                    </span>
                    {item.quantity}
                  </span>
                </div>
                <div className="checkout-line__info">
                  <p className="checkout-line__title">{product.title}</p>
                  <p className="checkout-line__option">
                    {optionValuesText(productOption.optionNameValue1, productOption.optionNameValue2)}
                  </p>
                  <p className="checkout-line__calc">
                    {`${item.quantity} x ${formatPrice(item.productPrice.price, currencyCode)} = ${formatPrice(
                      lineAmount(item, currencyCode),
                      currencyCode,
                    )}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="checkout-products__total">
        <span>
          <Trans>Total</Trans>
        </span>
        <strong>{formatPrice(cartTotal(cart), currencyCode)}</strong>
      </p>
      {children}
    </aside>
  );
}
