import {
  CART_DEBOUNCE_MS,
  CART_TYPED_DEBOUNCE_MS,
  type CartData,
  type CartItem,
  clampToRules,
  stepQuantity,
} from '@kshop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { CART_QUERY_KEY, updateCartQuantity } from '../api/cart-api';
import { lineMaximum, lineMinimum, lineRules, withQuantity } from '../cart-lines';

type Pending = { timer: ReturnType<typeof setTimeout>; quantity: number; baseline: number };

/**
 * The quantity of one cart line. The screen (and the cached cart, so totals follow) changes at once; the server
 * hears about it once the buyer pauses: 500 ms after the last click, 300 ms after the last keystroke
 * (spec section 7). A change still waiting when the page closes is sent straight away.
 */
export function useLineQuantity(item: CartItem) {
  const queryClient = useQueryClient();
  // The quantity on screen. It runs ahead of the cached cart, which re-renders a moment later, so quick clicks
  // count from what the buyer sees.
  const [quantity, setQuantity] = useState(item.quantity);
  const quantityRef = useRef(item.quantity);
  const [draft, setDraft] = useState(String(item.quantity));
  const [message, setMessage] = useState<string | null>(null);
  const pending = useRef<Pending | null>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const itemRef = useRef(item);
  itemRef.current = item;
  const minimum = lineMinimum(item);
  const maximum = lineMaximum(item);

  const show = (next: number) => {
    quantityRef.current = next;
    setQuantity(next);
    setDraft(String(next));
  };

  // The server's quantity wins whenever nothing of the buyer's is waiting (a refetch, a stock adjustment).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the cached quantity only
  useEffect(() => {
    if (!pending.current && !typing.current) show(item.quantity);
  }, [item.quantity]);

  const send = async (quantity: number) => {
    const { uuid } = itemRef.current;
    try {
      await updateCartQuantity(uuid, quantity);
      // A refetch may have landed meanwhile; the cache keeps what the server now holds.
      queryClient.setQueryData<CartData>(CART_QUERY_KEY, (cart) =>
        cart ? withQuantity(cart, uuid, quantity) : cart,
      );
      // The line's unit price may follow a volume tier at its new quantity (decision 0021): the server's.
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    } catch (error) {
      // The server's bound ('Minimum order quantity is N' / 'Maximum available quantity is N') or a vanished
      // line: show what it said and read the cart again, which restores the real quantity.
      if (isApiError(error) && error.statusCode === 400) setMessage(error.message);
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    }
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  /** Shows `quantity` now and sends it after `delayMs` of quiet; a later change restarts the wait. */
  const schedule = (next: number, delayMs: number) => {
    const baseline = pending.current?.baseline ?? quantityRef.current;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    show(next);
    queryClient.setQueryData<CartData>(CART_QUERY_KEY, (cart) =>
      cart ? withQuantity(cart, itemRef.current.uuid, next) : cart,
    );
    const fire = () => {
      pending.current = null;
      // +1 then -1 within the pause leaves the server as it was: nothing to send.
      if (next !== baseline) void sendRef.current(next);
    };
    if (delayMs === 0) fire();
    else pending.current = { timer: setTimeout(fire, delayMs), quantity: next, baseline };
  };

  const apply = (input: string | number, delayMs: number) => {
    const result = clampToRules(input, lineRules(itemRef.current));
    setMessage(result.message);
    setDraft(String(result.quantity));
    if (result.quantity !== quantityRef.current || pending.current) schedule(result.quantity, delayMs);
  };

  const stopTyping = () => {
    if (typing.current) clearTimeout(typing.current);
    typing.current = null;
  };

  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      pending.current = null;
      if (waiting.quantity !== waiting.baseline) void sendRef.current(waiting.quantity);
    },
    [],
  );

  return {
    draft,
    message,
    minimum,
    maximum,
    quantity,
    // Steps go by the option's order multiple (issue 12).
    decrease: () => apply(stepQuantity(quantityRef.current, -1, lineRules(item)), CART_DEBOUNCE_MS),
    increase: () => apply(stepQuantity(quantityRef.current, 1, lineRules(item)), CART_DEBOUNCE_MS),
    /** Typed text waits for a 300 ms pause; then non-numeric input becomes the minimum. */
    type: (text: string) => {
      setDraft(text);
      stopTyping();
      typing.current = setTimeout(() => {
        typing.current = null;
        apply(text, 0);
      }, CART_TYPED_DEBOUNCE_MS);
    },
    /** Enter or leaving the field settles what was typed without waiting. */
    settle: () => {
      if (!typing.current) return;
      stopTyping();
      apply(draft, 0);
    },
    /** Forget a change still waiting, e.g. because the line is being removed. */
    cancel: () => {
      stopTyping();
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
    },
  };
}
