import { DEFAULT_MINIMUM_ORDER_QUANTITY } from '../constants.js';
import { messages } from '../messages.js';

/**
 * An option's quantity rules (issue 12): the minimum order quantity, an order multiple (a carton of 10
 * orders 10, 20, 30, ...; 1 is any quantity), an optional maximum per order, and the stock available now.
 */
export type QuantityRules = {
  minimum?: number | null;
  multiple?: number | null;
  max?: number | null;
  /** Omitted where stock is not the question (the order's statement checks it on its locked rows). */
  available?: number | null;
};

const positive = (n: number | null | undefined, fallback: number) =>
  n && Number.isFinite(n) && n >= 1 ? Math.trunc(n) : fallback;

/**
 * Why a quantity may not be asked for, or null when it may. The checks run in this order: the minimum
 * (the spec's rule, always first), the multiple, the maximum per order, then the available stock.
 */
export function validQuantity(quantity: number, rules: QuantityRules): string | null {
  const minimum = positive(rules.minimum, DEFAULT_MINIMUM_ORDER_QUANTITY);
  const multiple = positive(rules.multiple, 1);
  if (quantity < minimum) return messages.cart.minimum(minimum);
  if (quantity % multiple !== 0) return messages.cart.multiple(multiple);
  if (rules.max != null && quantity > rules.max) return messages.cart.maxPerOrder(rules.max);
  if (rules.available != null && quantity > rules.available)
    return messages.cart.maximum(Math.max(0, rules.available));
  return null;
}

/** The smallest quantity a stepper starts at: the minimum rounded up to the multiple. */
export function smallestQuantity(rules: Pick<QuantityRules, 'minimum' | 'multiple'>): number {
  const minimum = positive(rules.minimum, DEFAULT_MINIMUM_ORDER_QUANTITY);
  const multiple = positive(rules.multiple, 1);
  return Math.ceil(minimum / multiple) * multiple;
}

/**
 * The largest quantity a stepper may reach: the maximum per order and the available stock, whichever is
 * lower, rounded down to the multiple. Below `smallestQuantity` nothing may be ordered.
 */
export function largestQuantity(rules: QuantityRules): number {
  const multiple = positive(rules.multiple, 1);
  const limits = [rules.max, rules.available].filter((n): n is number => n != null);
  const limit = limits.length ? Math.max(0, Math.min(...limits)) : Number.MAX_SAFE_INTEGER;
  return Math.floor(limit / multiple) * multiple;
}

/** One stepper press: up or down by the multiple, kept within the smallest and largest quantities. */
export function stepQuantity(current: number, direction: 1 | -1, rules: QuantityRules): number {
  const multiple = positive(rules.multiple, 1);
  const low = smallestQuantity(rules);
  const high = Math.max(low, largestQuantity(rules));
  const onGrid =
    direction > 0 ? Math.floor(current / multiple) * multiple : Math.ceil(current / multiple) * multiple;
  const next = onGrid + direction * multiple;
  return Math.min(high, Math.max(low, next));
}

/** A typed quantity brought onto the rules: up to the smallest, down to the largest, onto the multiple. */
export function fitQuantity(input: number, rules: QuantityRules): number {
  const multiple = positive(rules.multiple, 1);
  const low = smallestQuantity(rules);
  const high = Math.max(low, largestQuantity(rules));
  const whole = Number.isFinite(input) ? Math.trunc(input) : low;
  const rounded = Math.ceil(whole / multiple) * multiple;
  return Math.min(high, Math.max(low, rounded));
}

/**
 * A quantity a buyer typed or stepped to, brought onto the rules, with the message of the first rule it
 * broke (null when it broke none). Non-numeric input becomes the smallest quantity without a message. With
 * no multiple and no maximum per order this is `clampQuantity`.
 */
export function clampToRules(
  input: string | number,
  rules: QuantityRules,
): { quantity: number; message: string | null } {
  const parsed = typeof input === 'number' ? input : Number.parseInt(String(input).trim(), 10);
  if (!Number.isFinite(parsed)) return { quantity: smallestQuantity(rules), message: null };
  const whole = Math.trunc(parsed);
  return { quantity: fitQuantity(whole, rules), message: validQuantity(whole, rules) };
}
