import { z } from 'zod';
import { CURRENCIES, type ORDER_STATUSES } from '../constants.js';
import { envelope, uuidParam } from './common.js';
import { boundedInt, INT_RANGE, uuidText } from './primitives.js';

/** Staff change an order's lines before it ships: the rules in the words the API answers and the screen shows. */
/**
 * A count as a message shows it, never below 0. Anything but a number passes as it is: the contract's texts are
 * read back by their patterns (i18n/texts.ts), which fill a message with placeholders, not numbers.
 */
export const atLeastZero = (count: number) => (typeof count === 'number' ? Math.max(count, 0) : count);

export const ORDER_EDIT_RULES = {
  /** Statuses in which lines may no longer change. */
  closedStatuses: ['SHIPPED', 'DELIVERED', 'CANCELLED'] as const,
  closed: (status: string) => `The order is ${status}: its lines can no longer be changed.`,
  lineNotFound: 'This line does not exist on this order.',
  lastLine: "This is the order's last line: cancel the order instead of removing it.",
  removeShipped: (shipped: number) =>
    `${shipped} of this line already shipped: it cannot be removed, only lowered to ${shipped}.`,
  belowShipped: (shipped: number) => `quantity: ${shipped} already shipped; it cannot go below ${shipped}.`,
  optionNotFound: 'productOptionId: no such product option.',
  notOrderable: (title: string) => `${title} cannot be ordered now: it is not listed or is sold out.`,
  notEnoughStock: (title: string, available: number) =>
    `quantity: only ${atLeastZero(available)} more of ${title} available.`,
  unchanged: 'quantity: the line already has this quantity.',
  /** Kept short so that the screen can show it next to the field. */
  quantityRule: `quantity: must be a whole number from ${INT_RANGE.quantity.min} to ${INT_RANGE.quantity.max}`,
} as const;

export const linesEditable = (status: (typeof ORDER_STATUSES)[number]) =>
  !(ORDER_EDIT_RULES.closedStatuses as readonly string[]).includes(status);

const quantity = boundedInt({ ...INT_RANGE.quantity, label: 'quantity' });

export const orderEditParams = z.object({ uuid: uuidParam('uuid') });
export const orderLineParams = orderEditParams.extend({ lineUuid: uuidParam('lineUuid') });
export const orderLineAddRequest = z.object({
  productOptionId: uuidText({ label: 'productOptionId' }),
  quantity,
});
export type OrderLineAddRequest = z.infer<typeof orderLineAddRequest>;
export const orderLineQuantityRequest = z.object({ quantity });
export type OrderLineQuantityRequest = z.infer<typeof orderLineQuantityRequest>;

export const ORDER_CHANGE_KINDS = [
  'LINE_ADDED',
  'LINE_CHANGED',
  'LINE_REMOVED',
  'SHIPMENT',
  'ALLOCATED',
] as const;
export type OrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

/** What one line edit changed, as recorded in the order's history and answered to staff. */
export const orderLineChange = z.object({
  kind: z.enum(['LINE_ADDED', 'LINE_CHANGED', 'LINE_REMOVED']),
  orderDetailUuid: z.uuid(),
  productOptionUuid: z.uuid().nullable(),
  productTitle: z.string(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  /** 0 for an added line's before and a removed line's after. */
  fromQuantity: z.number().int(),
  toQuantity: z.number().int(),
  unitPrice: z.number(),
  currencyCode: z.enum(CURRENCIES),
  productAmountBefore: z.number(),
  productAmountAfter: z.number(),
  finalAmountBefore: z.number(),
  finalAmountAfter: z.number(),
});
export type OrderLineChange = z.infer<typeof orderLineChange>;
export const orderLineEditResponse = envelope(orderLineChange);

/**
 * One entry of the order's history for staff other than a status move (line edits, shipments), oldest
 * first; `summary` is the line the timeline shows.
 */
export const orderChangeEntry = z.object({
  at: z.string(),
  kind: z.enum(ORDER_CHANGE_KINDS),
  staff: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  summary: z.string(),
});
export type OrderChangeEntry = z.infer<typeof orderChangeEntry>;

/** The changed line as the timeline and the mails name it: 'title / value 1 / value 2'. */
export const changedLineLabel = (
  c: Pick<OrderLineChange, 'productTitle' | 'optionNameValue1' | 'optionNameValue2'>,
) => [c.productTitle, c.optionNameValue1, c.optionNameValue2].filter(Boolean).join(' / ');

/** The one sentence a line edit reads as in the order's timeline (the buyer's mail says it in its language: mail-texts.ts). */
export function lineChangeSummary(c: Omit<OrderLineChange, 'kind'> & { kind: string }): string {
  const what = changedLineLabel(c);
  if (c.kind === 'LINE_ADDED') return `Added ${what} × ${c.toQuantity}`;
  if (c.kind === 'LINE_REMOVED') return `Removed ${what} (was × ${c.fromQuantity})`;
  return `Changed ${what}: ${c.fromQuantity} → ${c.toQuantity}`;
}
