/**
 * A fresh Idempotency-Key for one submission: the server answers a repeat of the same key as it answered
 * the first, so a retried request never places an order or adds to the cart twice. Random hex from
 * `crypto.getRandomValues`, which (unlike `crypto.randomUUID`) also works on a plain-http address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
