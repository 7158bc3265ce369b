import { messages } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/status';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserProfile } from '../../../lib/user-profile';
import { cartQuery } from '../../cart';
import { DeliveryForm } from '../components/delivery-form';
import './checkout.css';

/** Checkout, titled 'Delivery' (spec section 2). */
export function OrderPage() {
  useDocumentTitle('Delivery');
  const isLoggedIn = useIsLoggedIn();
  const profile = useUserProfile({ enabled: isLoggedIn });
  const cart = useQuery({ ...cartQuery(), enabled: isLoggedIn });

  if (!isLoggedIn) return <Navigate to="/login" replace />;

  let body: React.ReactNode;
  if (profile.isPending || cart.isPending) body = <LoadingState />;
  else if (cart.isError)
    body = <ErrorState message={messages.cart.fetchFailed} onRetry={() => void cart.refetch()} />;
  else if (profile.isError)
    body = (
      <ErrorState
        message="Could not load your company details. Please try again."
        onRetry={() => void profile.refetch()}
      />
    );
  else body = <DeliveryForm profile={profile.data} cart={cart.data} />;

  return (
    <section className="checkout container">
      <h1 id="checkout-title" className="checkout__title">
        Delivery
      </h1>
      {body}
    </section>
  );
}
