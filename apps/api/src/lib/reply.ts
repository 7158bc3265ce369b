/** The success envelope; failures are shaped by the error handler. */
export const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200 as const, message, data });
