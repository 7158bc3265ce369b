import type { CartData } from '@kshop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CART_QUERY_KEY, removeCartItem, updateCartQuantity } from '../api/cart-api';
import { lineName, stockAdjustments, withoutLines, withQuantity } from '../cart-lines';

/** A refused adjustment refetches the cart; two rounds per visit are enough and can never loop. */
const MAX_ROUNDS = 2;

export type CartStockCheck = {
  /** Whether anything was changed, so the page shows 'Some item quantities were adjusted due to stock limits.' */
  adjusted: boolean;
  /** The lines deleted for falling below their minimum, named so the buyer knows what left the cart. */
  removed: string[];
  /** The lines lowered (or put onto their multiple), named with the quantity before and after (issue 35). */
  changed: { name: string; from: number; to: number }[];
};

/**
 * When the cart loads, lowers lines to what is available and deletes lines that cannot reach their minimum
 * (spec section 8).
 */
export function useCartStockCheck(cart: CartData | undefined): CartStockCheck {
  const queryClient = useQueryClient();
  const [adjusted, setAdjusted] = useState(false);
  // By cart line, so a line deleted again after a refetch is named once.
  const [removed, setRemoved] = useState<ReadonlyMap<string, string>>(new Map());
  const [changed, setChanged] = useState<ReadonlyMap<string, { name: string; from: number; to: number }>>(
    new Map(),
  );
  const busy = useRef(false);
  const rounds = useRef(0);

  useEffect(() => {
    if (!cart || busy.current || rounds.current >= MAX_ROUNDS) return;
    const { patches, removals } = stockAdjustments(cart.cartList);
    if (patches.length === 0 && removals.length === 0) return;
    busy.current = true;
    rounds.current += 1;
    const names = new Map(cart.cartList.map((item) => [item.uuid, lineName(item)]));
    const before = new Map(cart.cartList.map((item) => [item.uuid, item.quantity]));
    void (async () => {
      const results = await Promise.allSettled([
        ...patches.map((patch) => updateCartQuantity(patch.cartUuid, patch.quantity)),
        ...removals.map((cartUuid) => removeCartItem(cartUuid)),
      ]);
      const gone = removals.filter((_, i) => results[patches.length + i]?.status === 'fulfilled');
      const lowered = patches.filter((_, i) => results[i]?.status === 'fulfilled');
      if (lowered.length > 0)
        setChanged((current) => {
          const next = new Map(current);
          for (const patch of lowered) {
            const from = current.get(patch.cartUuid)?.from ?? before.get(patch.cartUuid) ?? patch.quantity;
            next.set(patch.cartUuid, { name: names.get(patch.cartUuid) ?? '', from, to: patch.quantity });
          }
          return next;
        });
      busy.current = false;
      setAdjusted(true);
      if (gone.length > 0)
        setRemoved(
          (current) => new Map([...current, ...gone.map((uuid) => [uuid, names.get(uuid) ?? ''] as const)]),
        );
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

  return { adjusted, removed: [...removed.values()], changed: [...changed.values()] };
}
