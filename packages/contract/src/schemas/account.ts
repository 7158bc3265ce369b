import { z } from 'zod';
import { ACCOUNT_STATUSES, LANGUAGES, LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { ADDRESS_RULES, addressCountry, countryField, postalCodeField } from '../rules/address.js';
import { EMAIL_PATTERN, PASSWORD_PATTERN } from '../rules/validation.js';
import { shopMessages } from '../shop-messages.js';
import { safeText, TEXT_MAX } from './primitives.js';

const m = messages.contact;
/** Required one-line text with the spec's message for a missing value. */
const required = (message: string, max: number) => safeText({ max, required: message });

export const emailField = safeText({
  max: LIMITS.emailMax,
  required: m.emailRequired,
  tooLong: m.emailLength,
})
  .min(LIMITS.emailMin, m.emailLength)
  .regex(EMAIL_PATTERN, m.emailPattern);

export const phoneField = safeText({
  max: LIMITS.phoneMax,
  required: m.phoneRequired,
  tooLong: m.phoneLength,
}).min(LIMITS.phoneMin, m.phoneLength);

export const newPasswordField = z
  .string({ error: messages.password.length })
  .min(LIMITS.passwordMin, messages.password.length)
  .max(LIMITS.passwordMax, messages.password.length)
  .regex(PASSWORD_PATTERN, messages.password.pattern);

export const contactRequest = z.object({
  email: emailField,
  companyName: required(m.companyNameRequired, TEXT_MAX.name),
  representativeName: required(m.representativeNameRequired, TEXT_MAX.label),
  businessRegistrationNumber: required(m.businessRegistrationNumberRequired, TEXT_MAX.identifier),
  phoneNumber: phoneField,
  content: safeText({
    max: LIMITS.contactContentMax,
    multiline: true,
    required: m.contentLength,
    tooLong: m.contentLength,
  }),
  termsOfServiceAgree: z.literal(true, { error: m.termsRequired }),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const loginRequest = z.object({
  email: safeText({ max: LIMITS.emailMax, error: messages.login.invalid })
    .min(LIMITS.emailMin, messages.login.invalid)
    .regex(EMAIL_PATTERN, messages.login.invalid),
  password: z
    .string({ error: messages.login.invalid })
    .min(LIMITS.passwordMin, messages.login.invalid)
    .max(LIMITS.passwordMax, messages.login.invalid)
    .regex(PASSWORD_PATTERN, messages.login.invalid),
});
export type LoginRequest = z.infer<typeof loginRequest>;

const numeric = (message: string) => required(message, TEXT_MAX.identifier).regex(/^\d+$/, message);
const optionalPostalCode = postalCodeField;

export const signupRequest = z.object({
  email: emailField,
  password: newPasswordField,
  companyName: required(m.companyNameRequired, TEXT_MAX.name),
  companyAddress: required(shopMessages.signup.businessAddressRequired, TEXT_MAX.address),
  representativeName: required(m.representativeNameRequired, TEXT_MAX.label),
  phoneNumber: phoneField,
  businessRegistrationNumber: numeric(m.businessRegistrationNumberRequired),
  businessCertificateUrl: required(shopMessages.signup.certificateRequired, TEXT_MAX.url),
  postalCode: optionalPostalCode,
  isKoreanCompany: z.boolean({ error: shopMessages.signup.locationRequired }),
  personalInfoAgree: z.literal(true, { error: shopMessages.signup.privacyRequired }),
  termsOfServiceAgree: z.literal(true, { error: m.termsRequired }),
  marketingAgree: z.boolean().default(false),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const addressRequest = z.object({
  postalCode: optionalPostalCode,
  addressDetail: safeText({
    max: TEXT_MAX.address,
    multiline: true,
    required: messages.address.required,
    tooLong: shopMessages.address.tooLong(TEXT_MAX.address),
  }),
  isDefault: z.boolean().default(false),
  /** Without one, a Korean company's address is in Korea (KR); a Global company's must name its country. */
  country: countryField.optional(),
});
export type AddressRequest = z.infer<typeof addressRequest>;

/** The address form of a Korean or Global company: the API's rule, checked before sending. */
export const addressFormFor = (isKoreanCompany: boolean, stored: string | null = null) =>
  addressRequest.refine((a) => addressCountry(isKoreanCompany, a.country, stored) !== null, {
    message: ADDRESS_RULES.countryRequired,
    path: ['country'],
  });

export const changePasswordRequest = z.object({ password: newPasswordField });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const FILE_TYPES = ['BUSINESS_CERT', 'PRODUCT_IMAGE'] as const;
export const uploadRequest = z.object({
  fileInfoList: z
    .array(
      z.object({
        fileType: z.enum(FILE_TYPES, { error: `fileType must be one of ${FILE_TYPES.join(', ')}.` }),
        fileName: safeText({
          max: TEXT_MAX.fileName,
          required: 'fileName is required.',
          tooLong: `fileName must be at most ${TEXT_MAX.fileName} characters.`,
        }),
      }),
    )
    .min(1, 'fileInfoList needs at least one file.')
    .max(5, 'fileInfoList takes at most 5 files.'),
});
export const uploadResponseData = z.object({
  urlList: z.array(
    z.object({
      /** PUT the file here with exactly `contentType`. */
      url: z.string(),
      /** The stable reference to send as businessCertificateUrl: the URL without its signature. */
      fileUrl: z.string(),
      contentType: z.string(),
    }),
  ),
});
export const downloadRequest = z.object({
  imageUrl: safeText({ max: TEXT_MAX.url, required: 'imageUrl is required.' }),
});
export const downloadResponseData = z.object({ url: z.string(), fileName: z.string() });

export const emailRequest = z.object({ email: emailField });
export const emailVerificationRequest = z.object({
  email: emailField,
  code: z
    .string({ error: messages.signup.invalidCode })
    .trim()
    .regex(/^\d{6}$/, messages.signup.invalidCode),
});

export const addressView = z.object({
  addressUuid: z.uuid(),
  postalCode: z.string(),
  addressDetail: z.string(),
  isDefault: z.boolean(),
  /** ISO 3166-1 alpha-2; null for an address saved before countries were kept and not Korean. */
  country: z.string().nullable().optional(),
});
export type AddressView = z.infer<typeof addressView>;

export const userProfile = z.object({
  email: z.string(),
  phoneNumber: z.string(),
  companyName: z.string(),
  representativeName: z.string(),
  businessRegistrationNumber: z.string(),
  companyAddress: z.string(),
  postalCode: z.string(),
  businessCertificateUrl: z.string(),
  businessCertificateName: z.string(),
  marketingAgree: z.boolean(),
  isKoreanCompany: z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  addresses: z.array(addressView),
});
export type UserProfile = z.infer<typeof userProfile>;

/** An account's language: the shop's answers and mails to it, and its screens, follow it. */
export const languageChoice = z.object({
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}.` }),
});
export type LanguageChoice = z.infer<typeof languageChoice>;

export const updateProfileRequest = signupRequest
  .pick({
    companyName: true,
    companyAddress: true,
    representativeName: true,
    phoneNumber: true,
    businessRegistrationNumber: true,
    postalCode: true,
    marketingAgree: true,
  })
  /** Empty keeps the certificate on file; a new upload's URL replaces it. */
  .extend({ businessCertificateUrl: safeText({ max: TEXT_MAX.url }).default('') });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
