import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema.js';

/*
 * Order lines grouped per buyer, for the back office's reports (label order, release week).
 */

/** The buyer a line belongs to: the account, or the order's e-mail when the account was deleted since. */
export const buyerKey = sql<string>`coalesce(${orders.buyerId}::text, lower(${orders.receiverEmail}))`;

/** A value of the buyer's latest order among the grouped ones (company names and countries change). */
export const latest = <T>(column: typeof orders.receiverCompanyName | typeof orders.receiverCountry) =>
  sql<T>`(array_agg(${column} order by ${orders.createdAt} desc))[1]`;
