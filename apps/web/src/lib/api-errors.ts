import { messages } from '@kshop/contract';
import { isApiError } from './api-client';

/** 429: the server asks the buyer to wait; this is shown even where the spec keeps a failure silent. */
export const isTooManyRequests = (error: unknown): boolean => isApiError(error) && error.statusCode === 429;

/** The text to show for a failed call: the server's 'Too many requests...' when it answered 429, else `fallback`. */
export const failureMessage = (error: unknown, fallback: string): string =>
  isTooManyRequests(error) ? messages.http.tooManyRequests : fallback;
