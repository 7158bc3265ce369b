import type { SignupRequest } from '@kshop/contract';
import { apiRequest, isApiError } from '../../../lib/api-client';

const post = (path: string, body: unknown) => apiRequest<null>(path, { method: 'POST', body, auth: false });

/** 200 when the email can sign up; 409 'The user already exists' when it is taken. */
export const checkEmailAvailable = (email: string) => post('/auth/email-duplication', { email });

/** Mails a six-digit code, valid for VERIFICATION_SECONDS. */
export const sendVerificationCode = (email: string) => post('/mail', { email });

export const verifyEmailCode = (email: string, code: string) =>
  post('/auth/email-verification', { email, code });

export const signUp = (form: SignupRequest) => post('/auth/signup', form);

/** Mails a temporary password; 404 'User not found.' for an unknown email. */
export const issueTemporaryPassword = (email: string) => post('/user/temp-password', { email });

/** A refused code: 401 'Invalid email verification code.' or a validation failure naming the code. */
export const isWrongCodeError = (error: unknown): boolean =>
  isApiError(error) && (error.statusCode === 401 || /verification code/i.test(error.message));
