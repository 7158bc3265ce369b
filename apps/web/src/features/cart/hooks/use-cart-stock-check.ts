import type { CartData } from '@kshop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CART_QUERY_KEY, removeCartItem, updateCartQuantity } from '../api/cart-api';
import { stockAdjustments, withoutLines, withQuantity } from '../cart-lines';

/** A refused adjustment refetches the cart; two rounds per visit are enough and can never loop. */
const MAX_ROUNDS = 2;

/**
 * When the cart loads, lowers lines to what is available and deletes lines that cannot reach their minimum
 * (spec section 8). Returns whether anything was changed, so the page can say so.
 */
export function useCartStockCheck(cart: CartData | undefined): boolean {
  const queryClient = useQueryClient();
  const [adjusted, setAdjusted] = useState(false);
  const busy = useRef(false);
  const rounds = useRef(0);

  useEffect(() => {
    if (!cart || busy.current || rounds.current >= MAX_ROUNDS) return;
    const { patches, removals } = stockAdjustments(cart.cartList);
    if (patches.length === 0 && removals.length === 0) return;
    busy.current = true;
    rounds.current += 1;
    void (async () => {
      const results = await Promise.allSettled([
        ...patches.map((patch) => updateCartQuantity(patch.cartUuid, patch.quantity)),
        ...removals.map((cartUuid) => removeCartItem(cartUuid)),
      ]);
      busy.current = false;
      setAdjusted(true);
      queryClient.setQueryData<CartData>(CART_QUERY_KEY, (current) =>
        current
          ? patches.reduce(
              (next, patch) => withQuantity(next, patch.cartUuid, patch.quantity),
              withoutLines(current, removals),
            )
          : current,
      );
      if (results.some((result) => result.status === 'rejected'))
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    })();
  }, [cart, queryClient]);

  return adjusted;
}
