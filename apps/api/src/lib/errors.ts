import { messages } from '@kshop/contract';

/**
 * An expected outcome the client should show: a stable code for code paths and tests, the HTTP status,
 * and the spec's message. Anything else thrown is unexpected and becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message: string = messages.http.unauthorized, code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message: string = messages.http.forbidden, code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message: string = messages.http.notFound, code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

export const pendingApproval = () => forbidden(messages.account.pendingApproval, 'ACCOUNT_PENDING');
export const accountInactive = () => forbidden(messages.account.inactive, 'ACCOUNT_INACTIVE');
