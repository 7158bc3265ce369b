import { formatPrice } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { continueShoppingPath } from '../../../lib/return-places';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SaveToList } from '../../saved-lists';
import { cartQuery } from '../api/cart-api';
import { cartTotal, orderableCart } from '../cart-lines';
import { CartLine } from '../components/cart-line';
import { useCartStockCheck } from '../hooks/use-cart-stock-check';
import './cart.css';
import { ToLogin } from '../../auth';

export function CartPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`Cart`);
  const isLoggedIn = useIsLoggedIn();
  const query = useQuery({ ...cartQuery(), enabled: isLoggedIn });
  const stockCheck = useCartStockCheck(query.data);

  if (!isLoggedIn) return <ToLogin />;

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = <ErrorState message={messages.cart.fetchFailed} onRetry={() => void query.refetch()} />;
  else if (query.data.cartList.length === 0)
    body = (
      <div className="cart-empty">
        <p className="cart-empty__text">{messages.cart.empty}</p>
        <Link to={continueShoppingPath()} className="button">
          <Trans>Continue Shopping</Trans>
        </Link>
      </div>
    );
  else {
    const cart = query.data;
    const orderable = orderableCart(cart);
    const leftOut = cart.cartList.length - orderable.cartList.length;
    body = (
      <div className="cart-page__layout">
        <ul className="cart-list" aria-label={t`Cart items`}>
          {cart.cartList.map((item) => (
            <CartLine key={item.uuid} item={item} currencyCode={cart.currencyCode} />
          ))}
        </ul>
        <aside className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="cart-summary__title">
            <Trans>Order Summary</Trans>
          </h2>
          <p className="cart-summary__total">
            <span>
              <Trans>Total</Trans>
            </span>
            <strong aria-live="polite">{formatPrice(cartTotal(orderable), cart.currencyCode)}</strong>
          </p>
          {leftOut > 0 && (
            <p className="cart-summary__note">
              <Trans>Items whose orders are closed or not yet open are left out of checkout.</Trans>
            </p>
          )}
          <Link to="/order" className="button button--block button--large">
            <Trans>CHECKOUT</Trans>
          </Link>
          <Link to={continueShoppingPath()} className="button button--secondary button--block">
            <Trans>CONTINUE SHOPPING</Trans>
          </Link>
          <SaveToList
            label={t`Save cart as a list`}
            lines={() =>
              cart.cartList.map((line) => ({
                productOptionUuid: line.productOption.uuid,
                quantity: line.quantity,
              }))
            }
          />
        </aside>
      </div>
    );
  }

  return (
    <section className="cart-page container">
      <div className="cart-page__head">
        <h1 className="cart-page__title">
          <Trans>Cart</Trans>
        </h1>
        <p className="cart-page__shortcuts">
          <Link to="/quickorder" className="cart-page__quick-order">
            <Trans>Quick order: paste SKUs and quantities</Trans>
          </Link>
          <Link to="/mypage/lists" className="cart-page__quick-order">
            <Trans>Saved lists</Trans>
          </Link>
        </p>
      </div>
      {stockCheck.adjusted && (
        <div role="status" className="cart-page__notice">
          <p className="cart-page__notice-text">{messages.cart.adjusted}</p>
          {stockCheck.changed.length > 0 && (
            <ul className="cart-page__removed" aria-label={t`Changed quantities`}>
              {stockCheck.changed.map(({ name, from, to }, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same product can be named twice
                <li key={index}>{t`${name}: ${from} → ${to}, what can be ordered now`}</li>
              ))}
            </ul>
          )}
          {stockCheck.removed.length > 0 && (
            <>
              <p className="cart-page__notice-text">
                <Trans>
                  Removed from your cart, as not enough is available for the minimum order quantity:
                </Trans>
              </p>
              <ul className="cart-page__removed" aria-label={t`Removed items`}>
                {stockCheck.removed.map((name, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same product can be named twice
                  <li key={index}>{name}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {body}
    </section>
  );
}
