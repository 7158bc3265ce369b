import { z } from 'zod';
import { PAGE_SIZE, SORTS, STOCK_STATUSES } from '../constants.js';
import { intParam, PG_INTEGER, uuidText } from './primitives.js';

/** Every API answer, success or failure: HTTP status equals statusCode. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ statusCode: z.number().int(), message: z.string(), data });

export const errorEnvelope = envelope(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A whole number from a query string or route parameter, at most a PostgreSQL integer unless told less. */
export const queryInt = (field: string, min: number, max: number = PG_INTEGER.max) =>
  intParam({ label: field, min, max });

export const pageQuery = {
  page: queryInt('page', 1).default(1),
  limit: queryInt('limit', 1, PAGE_SIZE.maxLimit).default(PAGE_SIZE.productList),
};

export const listingQuery = {
  ...pageQuery,
  sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}.` }).default('latest'),
  stockStatus: z
    .enum(STOCK_STATUSES, { error: `stockStatus must be one of ${STOCK_STATUSES.join(', ')}.` })
    .default('all'),
};

export const uuidParam = (field: string) => uuidText({ label: field, error: `${field} must be a valid id.` });
