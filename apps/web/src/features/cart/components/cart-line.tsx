import { type CartData, type CartItem, formatPrice } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PreorderDates, WindowReason } from '../../../components/ui/order-window';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';
import { showFallbackImage } from '../../../lib/fallback-image';
import { productDetailPath } from '../../../lib/links';
import { optionValuesText } from '../../../lib/option-text';
import { CART_QUERY_KEY, removeCartItem } from '../api/cart-api';
import { isInOrderWindow, lineAmount, withoutLines } from '../cart-lines';
import { useLineQuantity } from '../hooks/use-line-quantity';
import { CartQuantity } from './cart-quantity';

type CartLineProps = { item: CartItem; currencyCode: CartData['currencyCode'] };

export function CartLine({ item, currencyCode }: CartLineProps) {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const line = useLineQuantity(item);
  const [removing, setRemoving] = useState(false);
  const { product, productOption } = item;
  const option = optionValuesText(productOption.optionNameValue1, productOption.optionNameValue2);
  const title = product.title;
  const name = `${title} ${option}`;
  const inWindow = isInOrderWindow(item);
  const quantity = line.quantity;

  const remove = async () => {
    line.cancel();
    setRemoving(true);
    try {
      await removeCartItem(item.uuid);
    } catch (error) {
      // 'Cart item not found.' means it is gone already, which is what the buyer wanted.
      if (!(isApiError(error) && error.statusCode === 404)) {
        setRemoving(false);
        void alert(messages.cart.removeFailed);
        return;
      }
    }
    queryClient.setQueryData<CartData>(CART_QUERY_KEY, (cart) =>
      cart ? withoutLines(cart, [item.uuid]) : cart,
    );
  };

  return (
    <li className="cart-line">
      <img
        className="cart-line__thumb"
        src={product.thumbnailUrl}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        onError={showFallbackImage}
      />
      <div className="cart-line__info">
        <p className="cart-line__vendor">{product.vendor}</p>
        <h2 className="cart-line__title">
          <Link to={productDetailPath(productOption.uuid)}>{product.title}</Link>
        </h2>
        <p className="cart-line__option">{option}</p>
        <p className="cart-line__unit">{formatPrice(item.productPrice.price, currencyCode)}</p>
        {product.preorder && <PreorderDates releaseDate={product.releaseDate} shipsOn={product.shipsOn} />}
        {!inWindow && product.orderWindow && (
          <p className="cart-line__window">
            <WindowReason
              state={product.orderWindow}
              preorder={product.preorder}
              salesStartAt={product.salesStartAt}
            />
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        {inWindow ? (
          <CartQuantity line={line} label={t`Quantity of ${title} ${option}`} />
        ) : (
          // The server refuses a new quantity outside the window: the line can only be removed.
          <p className="cart-line__quantity">
            <Trans>Quantity: {quantity}</Trans>
          </p>
        )}
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={removing}
          onClick={remove}
        >
          <Trans>
            Remove<span className="visually-hidden"> {name}</span>
          </Trans>
        </button>
      </div>
      <p className="cart-line__subtotal">
        <span className="cart-line__subtotal-label">
          <Trans>Subtotal</Trans>
        </span>
        <strong>
          {formatPrice(lineAmount({ ...item, quantity: line.quantity }, currencyCode), currencyCode)}
        </strong>
      </p>
    </li>
  );
}
