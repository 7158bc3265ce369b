import { z } from 'zod';
import { ACCOUNT_STATUSES, LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { EMAIL_PATTERN, PASSWORD_PATTERN } from '../rules/validation.js';

const m = messages.contact;
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .min(LIMITS.emailMin, m.emailLength)
  .max(LIMITS.emailMax, m.emailLength)
  .regex(EMAIL_PATTERN, m.emailPattern);

export const phoneField = required(m.phoneRequired)
  .min(LIMITS.phoneMin, m.phoneLength)
  .max(LIMITS.phoneMax, m.phoneLength);

export const newPasswordField = z
  .string({ error: messages.password.length })
  .min(LIMITS.passwordMin, messages.password.length)
  .max(LIMITS.passwordMax, messages.password.length)
  .regex(PASSWORD_PATTERN, messages.password.pattern);

export const contactRequest = z.object({
  email: emailField,
  companyName: required(m.companyNameRequired),
  representativeName: required(m.representativeNameRequired),
  businessRegistrationNumber: required(m.businessRegistrationNumberRequired),
  phoneNumber: phoneField,
  content: z
    .string({ error: m.contentLength })
    .trim()
    .min(1, m.contentLength)
    .max(LIMITS.contactContentMax, m.contentLength),
  termsOfServiceAgree: z.literal(true, { error: m.termsRequired }),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const loginRequest = z.object({
  email: z
    .string({ error: messages.login.invalid })
    .trim()
    .min(LIMITS.emailMin, messages.login.invalid)
    .max(LIMITS.emailMax, messages.login.invalid)
    .regex(EMAIL_PATTERN, messages.login.invalid),
  password: z
    .string({ error: messages.login.invalid })
    .min(LIMITS.passwordMin, messages.login.invalid)
    .max(LIMITS.passwordMax, messages.login.invalid)
    .regex(PASSWORD_PATTERN, messages.login.invalid),
});
export type LoginRequest = z.infer<typeof loginRequest>;

const numeric = (message: string) => required(message).regex(/^\d+$/, message);
const optionalPostalCode = z
  .string()
  .trim()
  .regex(/^\d*$/, 'postal code must contain digits only.')
  .max(10, 'postal code must be at most 10 characters.')
  .optional()
  .default('');

export const signupRequest = z.object({
  email: emailField,
  password: newPasswordField,
  companyName: required(m.companyNameRequired),
  companyAddress: required('please enter your business address.'),
  representativeName: required(m.representativeNameRequired),
  phoneNumber: phoneField,
  businessRegistrationNumber: numeric(m.businessRegistrationNumberRequired),
  businessCertificateUrl: required('please upload your business certificate.'),
  postalCode: optionalPostalCode,
  isKoreanCompany: z.boolean({ error: 'please choose your company location.' }),
  personalInfoAgree: z.literal(true, { error: 'you must agree to the privacy policy.' }),
  termsOfServiceAgree: z.literal(true, { error: m.termsRequired }),
  marketingAgree: z.boolean().default(false),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const addressRequest = z.object({
  postalCode: optionalPostalCode,
  addressDetail: required(messages.address.required).max(
    500,
    'shipping address must be at most 500 characters.',
  ),
  isDefault: z.boolean().default(false),
});
export type AddressRequest = z.infer<typeof addressRequest>;

export const changePasswordRequest = z.object({ password: newPasswordField });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const FILE_TYPES = ['BUSINESS_CERT', 'PRODUCT_IMAGE'] as const;
export const uploadRequest = z.object({
  fileInfoList: z
    .array(
      z.object({
        fileType: z.enum(FILE_TYPES, { error: `fileType must be one of ${FILE_TYPES.join(', ')}.` }),
        fileName: z
          .string()
          .trim()
          .min(1, 'fileName is required.')
          .max(200, 'fileName must be at most 200 characters.'),
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
  imageUrl: z.string().trim().min(1, 'imageUrl is required.').max(1000),
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
  .extend({ businessCertificateUrl: z.string().trim().max(1000).default('') });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
