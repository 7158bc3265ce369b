import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import './cart-count.css';
import { type ReactNode, useId } from 'react';
import { useIsLoggedIn } from '../../../lib/session';
import { cartQuery } from '../api/cart-api';

/**
 * The number of cart lines beside the header's cart icon, read from the same query the cart page, checkout
 * and Add to Cart keep fresh. The link keeps its name 'Cart'; the count is its description.
 */
export function useCartCount(): { count: number | null; describedBy: string | undefined; badge: ReactNode } {
  const { t } = useLingui();
  const isLoggedIn = useIsLoggedIn();
  const id = useId();
  const query = useQuery({ ...cartQuery(), enabled: isLoggedIn, staleTime: 30_000 });
  const count = isLoggedIn && query.data ? query.data.cartList.length : null;
  if (count === null) return { count, describedBy: undefined, badge: null };
  return {
    count,
    describedBy: id,
    badge: (
      <>
        {count > 0 && (
          <span className="cart-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
        <span id={id} className="visually-hidden">
          {t`${plural(count, { one: '# item in cart', other: '# items in cart' })}`}
        </span>
      </>
    ),
  };
}
