import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserProfile } from '../../../lib/user-profile';
import { cartQuery, orderableCart } from '../../cart';
import { DeliveryForm } from '../components/delivery-form';
import './checkout.css';
import { ToLogin } from '../../auth';

/** Checkout, titled 'Delivery' (spec section 2). */
export function OrderPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`Delivery`);
  const isLoggedIn = useIsLoggedIn();
  const profile = useUserProfile({ enabled: isLoggedIn });
  const cart = useQuery({ ...cartQuery(), enabled: isLoggedIn });

  if (!isLoggedIn) return <ToLogin />;

  let body: React.ReactNode;
  if (profile.isPending || cart.isPending) body = <LoadingState />;
  else if (cart.isError)
    body = <ErrorState message={messages.cart.fetchFailed} onRetry={() => void cart.refetch()} />;
  else if (profile.isError)
    body = (
      <ErrorState
        message={t`Could not load your company details. Please try again.`}
        onRetry={() => void profile.refetch()}
      />
    );
  // Lines outside their order window (issue 34) stay in the cart but are not ordered.
  else body = <DeliveryForm profile={profile.data} cart={orderableCart(cart.data)} />;

  return (
    <section className="checkout container">
      <h1 id="checkout-title" className="checkout__title">
        <Trans>Delivery</Trans>
      </h1>
      {body}
    </section>
  );
}
