import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { ORDER_RULES } from './admin.js';
import { envelope } from './common.js';
import { safeText } from './primitives.js';

/** Most orders one bulk status change may name: one page of the list at its largest. */
export const BULK_ORDER_MAX = 100;

/** Several orders moved to one status, each by the same rule as one by one. */
export const bulkOrderStatusRequest = z
  .object({
    orderIds: z
      .array(z.uuid({ error: 'orderIds: each must be an order id.' }), {
        error: 'orderIds must be a list of order ids.',
      })
      .min(1, 'Select at least one order.')
      .max(BULK_ORDER_MAX, `Select at most ${BULK_ORDER_MAX} orders at a time.`)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        error: 'orderIds: each order may appear once.',
      }),
    to: z.enum(ORDER_STATUSES, { error: `to must be one of ${ORDER_STATUSES.join(', ')}.` }),
    /** Why: required to cancel, kept in each order's history and told to each buyer. */
    note: safeText({ max: ORDER_RULES.reasonMax, multiline: true, label: 'note' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.to === 'CANCELLED' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: ORDER_RULES.cancelNeedsReason });
    }
  });
export type BulkOrderStatusRequest = z.infer<typeof bulkOrderStatusRequest>;

export const bulkOrderResult = z.object({
  orderId: z.uuid(),
  /** Null when no order has this id. */
  orderNumber: z.string().nullable(),
  ok: z.boolean(),
  /** Why it was refused: the same words as a one-by-one change; null when it moved. */
  message: z.string().nullable(),
  code: z.string().nullable(),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResult>;

export const bulkOrderStatusResponse = envelope(
  z.object({
    moved: z.number().int(),
    refused: z.number().int(),
    results: z.array(bulkOrderResult),
  }),
);
