import { z } from 'zod';
import { envelope, uuidParam } from './common.js';

/** "Notify me": a member asks to be mailed once when a sold-out option can be ordered again (messages.ts). */

export const stockAlertParams = z.object({ optionUuid: uuidParam('optionUuid') });

export const stockAlertData = z.object({ optionUuid: z.uuid(), subscribed: z.boolean() });
export type StockAlertData = z.infer<typeof stockAlertData>;
export const stockAlertResponse = envelope(stockAlertData);

/** The options of one product the member is waiting for. */
export const stockAlertListData = z.object({ optionUuidList: z.array(z.uuid()) });
export type StockAlertListData = z.infer<typeof stockAlertListData>;
export const stockAlertListResponse = envelope(stockAlertListData);

/** Back office: how many members wait for each option of a product (options nobody waits for are left out). */
export const adminStockAlertParams = z.object({ id: uuidParam('id') });
export const adminStockAlertCounts = z.object({
  optionList: z.array(z.object({ optionUuid: z.uuid(), waiting: z.number().int() })),
});
export type AdminStockAlertCounts = z.infer<typeof adminStockAlertCounts>;
export const adminStockAlertCountsResponse = envelope(adminStockAlertCounts);
