import { ALLOWED_FILE_EXTENSIONS, CERTIFICATE_NAME_MAX, LIMITS } from '../constants.js';
import { messages } from '../messages.js';

// An address a mail server takes: a dot-atom before the @ and a host name after it (letters of any script
// allowed in both). Commas, quotes, brackets and '%' in a host would be refused at RCPT TO or split the address.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u0080-\\uFFFF]+";
const LABEL = '[A-Za-z0-9\\u0080-\\uFFFF](?:[A-Za-z0-9\\u0080-\\uFFFF-]*[A-Za-z0-9\\u0080-\\uFFFF])?';
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`);

/** Special characters a password may use; \ ' " | ~ ` are excluded. */
export const PASSWORD_SPECIALS = '!#$%&()*+,-./:;<=>?@[]^_{}';
const escaped = PASSWORD_SPECIALS.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&');
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${escaped}])[A-Za-z\\d${escaped}]+$`,
);

/** Live error of a new-password field: none while empty, then length, then composition. */
export function newPasswordError(password: string): string | null {
  if (password.length === 0) return null;
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax)
    return messages.password.length;
  if (!PASSWORD_PATTERN.test(password)) return messages.password.pattern;
  return null;
}

export function confirmPasswordError(password: string, confirm: string): string | null {
  return confirm.length > 0 && password !== confirm ? messages.password.mismatch : null;
}

/** Whether login input is worth sending; otherwise the form says 'check your Id or Password'. */
export function isPlausibleLogin(email: string, password: string): boolean {
  return (
    email.length >= LIMITS.emailMin &&
    email.length <= LIMITS.emailMax &&
    EMAIL_PATTERN.test(email) &&
    password.length >= LIMITS.passwordMin &&
    password.length <= LIMITS.passwordMax &&
    PASSWORD_PATTERN.test(password)
  );
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export const isAllowedFileName = (fileName: string): boolean =>
  (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));

const CONTENT_TYPES: Record<(typeof ALLOWED_FILE_EXTENSIONS)[number], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  webm: 'video/webm',
};

/** The Content-Type an upload of this file must be sent with, or null for a type the shop does not take. */
export function contentTypeFor(fileName: string): string | null {
  const extension = fileExtension(fileName) as keyof typeof CONTENT_TYPES;
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : null;
}

export const truncateFileName = (name: string, max = CERTIFICATE_NAME_MAX): string =>
  name.length > max ? `${name.slice(0, max)}...` : name;

/** Keeps digits only, for the numeric sign-up inputs (registration number, postal code). */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

export type OrderFormFields = {
  companyName: string;
  receiverEmail: string;
  receiverName: string;
  phoneNumber: string;
  addressDetail: string;
  businessRegistrationNumber: string;
};

/** The lines of the 'Please fill in the following fields:' alert, in the spec's order. */
export function orderSubmitProblems(form: OrderFormFields, cartLineCount: number): string[] {
  const blank = (value: string) => value.trim().length === 0;
  const problems: string[] = [];
  if (blank(form.companyName)) problems.push(messages.order.companyNameRequired);
  if (blank(form.receiverEmail)) problems.push(messages.order.receiverEmailRequired);
  if (blank(form.receiverName)) problems.push(messages.order.receiverNameRequired);
  if (blank(form.phoneNumber)) problems.push(messages.order.phoneRequired);
  if (blank(form.addressDetail)) problems.push(messages.order.addressRequired);
  if (cartLineCount === 0) problems.push(messages.order.cartEmpty);
  if (blank(form.businessRegistrationNumber))
    problems.push(messages.order.businessRegistrationNumberRequired);
  return problems;
}
