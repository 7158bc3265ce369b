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
  order: {
    duplicateLine: 'Each option may appear once in an order.',
    /** The buyer's own purchase-order number (issue 35), optional at checkout. */
    poReferenceTooLong: (max: number) => `Your PO number must be at most ${max} characters.`,
  },
  /** The release cycle (issue 34): order windows and pre-order caps. Times read in Korea time ('2026-11-30 18:00'). */
  orderWindow: {
    notYet: (title: string, opensAt: string) => `Orders for ${title} open at ${opensAt} (Korea time).`,
    closed: (title: string, closedAt: string) => `Orders for ${title} closed at ${closedAt} (Korea time).`,
    capReached: (title: string, left: number) =>
      `Pre-orders for ${title} are limited: ${left} more can be taken.`,
    buyerCapReached: (title: string, cap: number, left: number) =>
      `Each company may pre-order at most ${cap} of ${title}: ${left} more for yours.`,
  },
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

/** The catalogue's and the price groups' refusals, in the words the API answers the back office. */
export const CATALOGUE_MESSAGES = {
  productNotFound: 'Product not found.',
  secondKeyAllOrNone: 'Either every option has a second key or none has.',
  sameKeys: 'All options of a product use the same option keys.',
  needsSecondValue: (value: string, key: string) => `Option '${value}' needs a value for ${key}.`,
  comparedPrice: 'A compared price is at least the price.',
  usdDecimals: 'USD prices have at most two decimals.',
  sameValues: 'Two options have the same values.',
  oneDefault: 'Exactly one option is the default.',
  skuTwice: (sku: string) => `SKU ${sku} is on two options: each option has its own SKU.`,
  skuTaken: (sku: string) => `SKU ${sku} is already used by another option.`,
  categoryUnknown: 'Choose a category that exists.',
  artistUnknown: (artists: string) => `Unknown artist ${artists}.`,
  salesWindow: 'The sales window ends before it starts.',
  eventWindow: 'The event window ends before it starts.',
  notAnImage: (url: string) => `Not an uploaded product image: ${url}`,
  optionOfAnother: 'An option belongs to another product.',
  stockBelowHold: (held: number) => `Stock cannot be lower than what open orders hold (${held}).`,
  preorderCapWhole: 'The pre-order cap is a whole number (leave it empty for no cap).',
  buyerCapAtLeastOne: 'The cap per company is at least 1 (leave it empty for no cap).',
  capBelowTaken: (taken: number) =>
    `The pre-order cap cannot be lower than what open pre-orders took (${taken}).`,
  optionHeld: (value: string) => `Option '${value}' is held by open orders and cannot be removed.`,
  productHeld: 'Open orders hold this product; it can be removed once they are shipped or cancelled.',
  parentUnknown: 'Choose a parent category that exists.',
  categoryInUse: 'The category still has products or sub-categories.',
  categoryNotFound: 'Category not found.',
  artistCategoryNotFound: 'Artist category not found.',
  artistNotFound: 'Artist not found.',
  groupNotFound: 'Price group not found.',
  groupNameTaken: (name: string) => `A price group named ${name} already exists.`,
  groupInUse: 'Buyers are in this price group: move them to another group first.',
  standardGroup: 'The Standard price group cannot be deleted.',
  optionNotFound: 'Product option not found.',
  tiersNotIncreasing: 'A larger quantity needs a larger discount.',
  buyerNotFound: 'Buyer not found.',
  chooseGroup: 'Choose an existing price group.',
} as const;

/** The back office's sign-in and staff accounts, in the words the API answers. */
export const STAFF_MESSAGES = {
  invalidLogin: 'Invalid email or password.',
  changePasswordFirst: 'Please change your one-time password first.',
  ownerOnly: 'Only an owner can do this.',
  exists: 'A staff account with this email already exists.',
  wrongCurrentPassword: 'The current password is not correct.',
  lastOwner: 'The shop needs at least one active owner.',
  notFound: 'Staff member not found.',
  resetOwn: 'Change your own password from your account, not by a reset.',
  passwordReset: 'A one-time password was made; every session of this account has ended.',
  updated: 'Staff account updated.',
} as const;

/**
 * The words of the accountant's order exports (issue 36): each column's header and each sheet's name, in the
 * language of the member of staff who exports.
 */
export const ORDER_EXPORT_TEXTS = {
  ordersSheet: 'Orders',
  linesSheet: 'Order lines',
  orderNumber: 'Order number',
  poNumber: 'PO number',
  orderDate: 'Order date',
  status: 'Status',
  buyer: 'Buyer',
  businessRegistrationNumber: 'Business registration number',
  buyerEmail: 'Buyer email',
  currency: 'Currency',
  goods: 'Goods',
  supplyAmount: 'Supply amount',
  vat: 'VAT',
  total: 'Total',
  paidOn: 'Paid on',
  receiver: 'Receiver',
  receiverAddress: 'Receiver address',
  receiverPhone: 'Receiver phone',
  shippedOn: 'Shipped on',
  carrier: 'Carrier',
  trackingNumbers: 'Tracking numbers',
  personInCharge: 'Person in charge',
  product: 'Product',
  option: 'Option',
  sku: 'SKU',
  barcode: 'Barcode',
  quantity: 'Quantity',
  shippedQuantity: 'Shipped quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
} as const;

/** Why a line of the order did not go into the cart. */
export const REORDER_SKIPS = {
  gone: 'no longer sold',
  soldOut: 'sold out',
  belowMinimum: 'not enough stock for its minimum order',
  inCart: 'already in your cart',
  closed: 'orders closed',
} as const;

/** Quick order (issue 35): what became of each pasted or uploaded line, and the page's own answers. */
/** Saved lists (issue 35 item 4): a member's named lists of options and quantities, put into the cart at once. */
export const SAVED_LIST_MESSAGES = {
  nameRequired: 'Give the list a name.',
  nameTaken: 'You already have a list with this name.',
  tooManyLists: (max: number) => `You can keep up to ${max} lists: delete one you no longer use.`,
  tooManyLines: (max: number) => `A list holds up to ${max} lines.`,
  notFound: 'This list does not exist.',
  lineNotFound: 'This line is not in the list.',
  emptyCart: 'Your cart is empty: there is nothing to save.',
  noLines: 'Choose at least one product to save.',
  emptyList: 'This list is empty: add products to it first.',
  saved: (lines: number) => `${lines} lines saved to the list.`,
  created: 'List saved.',
  renamed: 'List renamed.',
  deleted: 'List deleted.',
  lineChanged: 'Quantity saved.',
  lineRemoved: 'Line removed from the list.',
} as const;

export const QUICK_ORDER_MESSAGES = {
  ok: 'Ready to add.',
  merged: (lines: number) => `${lines} lines with this code were merged into one.`,
  raisedToMinimum: (minimum: number) => `Raised to the minimum order quantity of ${minimum}.`,
  roundedToMultiple: (multiple: number) => `Rounded up to a multiple of ${multiple}.`,
  loweredToAvailable: (most: number) => `Lowered to ${most}, the most that can be ordered now.`,
  inCart: (quantity: number) => `${quantity} already in your cart: this quantity is added to it.`,
  unknownCode: 'No product has this SKU or barcode.',
  soldOut: 'Sold out.',
  notEnoughStock: 'Not enough stock for the minimum order quantity.',
  ordersClosed: 'Orders for this product are closed.',
  ordersNotOpen: 'Orders for this product are not open yet.',
  notPublished: 'This product is not on sale.',
  badQuantity: 'Write a whole quantity of at least 1 after the code.',
  tooManyLines: (max: number) => `Up to ${max} lines can be checked at once: split the list.`,
  noLines: 'Paste or upload at least one line of SKU or barcode and quantity.',
  checked: (addable: number, total: number) => `${addable} of ${total} lines can be added.`,
  added: (lines: number) => `${lines} lines added to your cart.`,
} as const;
