import type { SignupRequest } from '@kshop/contract';
import { apiRequest, isApiError } from '../../../lib/api-client';

const post = (path: string, body: unknown) => apiRequest<null>(path, { method: 'POST', body, auth: false });

/** 200 when the email can sign up; 409 'The user already exists' when it is taken. */
export const checkEmailAvailable = (email: string) => post('/auth/email-duplication', { email });

/** Mails a six-digit code, valid for VERIFICATION_SECONDS. */
export const sendVerificationCode = (email: string) => post('/mail', { email });

export const verifyEmailCode = (email: string, code: string) =>
  post('/auth/email-verification', { email, code });

/**
 * The sign-up form as sent. The agreements are labelled required but not checked in the browser (spec section 5):
 * the server answers an unticked one.
 */
export type SignupSubmission = Omit<SignupRequest, 'personalInfoAgree' | 'termsOfServiceAgree'> & {
  personalInfoAgree: boolean;
  termsOfServiceAgree: boolean;
};

export const signUp = (form: SignupSubmission) => post('/auth/signup', form);

/** Mails a temporary password; 404 'User not found.' for an unknown email. */
export const issueTemporaryPassword = (email: string) => post('/user/temp-password', { email });

/** A code past its time: 410 'The code has expired. Please send a new code.' */
export const isExpiredCodeError = (error: unknown): boolean => isApiError(error) && error.statusCode === 410;

/** A refused code: 401 'Invalid email verification code.' or a validation failure naming the code. */
export const isWrongCodeError = (error: unknown): boolean =>
  isApiError(error) &&
  !isExpiredCodeError(error) &&
  (error.statusCode === 401 || /verification code/i.test(error.message));
