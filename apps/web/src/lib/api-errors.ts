import { messages } from '@kshop/contract';
import { i18n } from '@lingui/core';
import { contractTextsFor } from '../i18n/contract-texts';
import { isApiError } from './api-client';

/** 429: the server asks the buyer to wait; this is shown even where the spec keeps a failure silent. */
export const isTooManyRequests = (error: unknown): boolean => isApiError(error) && error.statusCode === 429;

/**
 * The text to show for a failed call, in the page's language: the server's 'Too many requests...' when it answered
 * 429, else `fallback` (a contract text in English or already translated, or the server's own message).
 */
export const failureMessage = (error: unknown, fallback: string): string =>
  contractTextsFor(i18n.locale).localize(isTooManyRequests(error) ? messages.http.tooManyRequests : fallback);

/** The server's refusal of a request (a 4xx answer's message) in the page's language, else `fallback`. */
export const refusalOr = (error: unknown, fallback: string): string =>
  isApiError(error) && error.statusCode < 500
    ? contractTextsFor(i18n.locale).localize(error.message)
    : fallback;
