import type { OrderCreateRequest } from '@kshop/contract';
import { useRef } from 'react';
import { isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * One Idempotency-Key per checkout attempt. ORDER NOW pressed again for the same order after no answer
 * (network failure, server error) sends the same key, so the order is placed at most once; a changed form
 * or cart is a new attempt, and so is anything after the server's answer (placed, or refused with a 4xx).
 */
export function useCheckoutAttempt() {
  const attempt = useRef<{ key: string; order: string } | null>(null);
  return {
    keyFor(order: OrderCreateRequest): string {
      const fingerprint = JSON.stringify(order);
      if (attempt.current?.order !== fingerprint)
        attempt.current = { key: newIdempotencyKey(), order: fingerprint };
      return attempt.current.key;
    },
    /** After an outcome: a definite answer ends the attempt; without one, the next try repeats it. */
    settle(error?: unknown) {
      const answered = error === undefined || (isApiError(error) && error.statusCode < 500);
      if (answered) attempt.current = null;
    },
  };
}
