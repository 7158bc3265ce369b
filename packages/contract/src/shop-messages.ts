/**
 * The shop's own answers to buyers beyond the spec's sentences (messages.ts): the API's refusals and confirmations
 * that a member can meet. Written once here so that each has its Korean text beside the spec's (i18n/ko.ts).
 */
export const shopMessages = {
  auth: {
    invalidLogin: 'Invalid email or password.',
    rejected: 'Your account application was not approved. Please contact support.',
    loggedOut: 'Logged out.',
  },
  address: {
    notFound: 'Address not found.',
    tooLong: (max: number) => `shipping address must be at most ${max} characters.`,
    postalCodePattern: 'postal code may contain only letters, digits, spaces and hyphens.',
    postalCodeTooLong: (max: number) => `postal code must be at most ${max} characters.`,
    countryInvalid: 'country must be a two-letter country code (ISO 3166-1).',
    countryRequired: 'please choose the country.',
  },
  signup: {
    businessAddressRequired: 'please enter your business address.',
    certificateRequired: 'please upload your business certificate.',
    locationRequired: 'please choose your company location.',
    privacyRequired: 'you must agree to the privacy policy.',
  },
  cart: {
    added: 'Added to cart.',
    nothingAdded: 'Nothing could be added to the cart.',
  },
  order: { duplicateLine: 'Each option may appear once in an order.' },
  files: {
    badLink: 'This upload link is not valid or has expired.',
    badDownloadLink: 'This download link is not valid or has expired.',
    tooLarge: 'The file is too large (at most 20 MiB).',
    contentMismatch: 'The file content does not match its type.',
    alreadyUploaded: 'This file has already been uploaded.',
    notUploaded: 'The file was not uploaded. Please upload it again.',
    unknownFile: 'File not found.',
    notYours: 'This file belongs to another account.',
    productImagesForStaff: 'Only the shop staff can upload product images.',
    imagesOnly: 'Product images are png, jpg, jpeg, gif or webp files.',
  },
} as const;

/** The back office's sign-in and staff accounts, in the words the API answers. */
export const STAFF_MESSAGES = {
  invalidLogin: 'Invalid email or password.',
  changePasswordFirst: 'Please change your one-time password first.',
  ownerOnly: 'Only an owner can do this.',
  exists: 'A staff account with this email already exists.',
  wrongCurrentPassword: 'The current password is not correct.',
  lastOwner: 'The shop needs at least one active owner.',
} as const;
