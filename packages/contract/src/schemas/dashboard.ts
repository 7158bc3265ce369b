import { z } from 'zod';
import { envelope } from './common.js';

/** Days after its release date from which an unshipped pre-order is listed as late on the dashboard. */
export const LATE_PREORDER_DAYS = 3;

/** An order whose pre-ordered units of one product have not all shipped three days after its release. */
export const latePreorder = z.object({
  orderUuid: z.uuid(),
  orderNumber: z.string(),
  companyName: z.string(),
  productUuid: z.uuid(),
  title: z.string(),
  /** Pre-ordered units of the product in the order not shipped yet. */
  openUnits: z.number().int(),
  releaseDate: z.string(),
});
export type LatePreorder = z.infer<typeof latePreorder>;

export const dashboard = z.object({
  pendingAccounts: z.number().int(),
  ordersByStatus: z.record(z.string(), z.number().int()),
  newInquiries: z.number().int(),
  lowStock: z.array(
    z.object({
      optionUuid: z.uuid(),
      productUuid: z.uuid(),
      title: z.string(),
      option: z.string(),
      available: z.number().int(),
    }),
  ),
  /** Oldest release first, at most 20. */
  latePreorders: z.array(latePreorder),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = envelope(dashboard);
