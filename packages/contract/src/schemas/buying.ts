import { z } from 'zod';
import { CURRENCIES, ORDER_STATUSES, PAGE_SIZE } from '../constants.js';
import { messages } from '../messages.js';
import { countryField, postalCodeField } from '../rules/address.js';
import { WINDOW_STATES } from '../rules/order-window.js';
import { REORDER_SKIPS, shopMessages } from '../shop-messages.js';
import { emailField } from './account.js';
import { envelope, queryInt, uuidParam } from './common.js';
import { AMOUNT_MAX, boundedInt, fieldError, INT_RANGE, safeText, TEXT_MAX, uuidText } from './primitives.js';
import { shipmentView } from './shipments.js';

const optionUuid = uuidText({ error: 'productOptionUuid must be a valid id.' });
const quantity = boundedInt({
  ...INT_RANGE.quantity,
  notWhole: 'quantity must be a whole number.',
  tooSmall: messages.cart.minimum(INT_RANGE.quantity.min),
  tooBig: 'quantity is too large.',
});

/** The most options one add takes: every version and member of an album from the product page's grid. */
export const CART_ADD_MAX = 500;

export const cartAddRequest = z.object({
  productOptionAndQuantityList: z
    .array(z.object({ productOptionUuid: optionUuid, quantity }))
    .min(1, messages.cart.selectOptions)
    .max(CART_ADD_MAX, `At most ${CART_ADD_MAX} options can be added at once.`),
  /**
   * True (the product page's grid, issue 35): an option already in the cart has the quantity added to its line,
   * checked as a whole. Otherwise an option already in the cart refuses the add ('Product is already in cart').
   */
  addToExisting: z.boolean().optional(),
});
export type CartAddRequest = z.infer<typeof cartAddRequest>;

/** ORDER AGAIN on an order of the member's own: its lines that can still be bought go into the cart. */
export const cartReorderRequest = z.object({ orderUuid: uuidParam('orderUuid') });

const reorderedLine = z.object({
  productOptionUuid: z.uuid(),
  productTitle: z.string(),
  optionNameValue1: z.string().nullable(),
  optionNameValue2: z.string().nullable(),
  /** The quantity of the earlier order. */
  orderedQuantity: z.number().int(),
});
export const cartReorderData = z.object({
  /** Lines now in the cart, at `quantity`: the ordered one, raised to the minimum or lowered to the stock. */
  added: z.array(reorderedLine.extend({ quantity: z.number().int() })),
  skipped: z.array(reorderedLine.extend({ reason: z.enum(Object.values(REORDER_SKIPS)) })),
});
export type CartReorderData = z.infer<typeof cartReorderData>;
export const cartReorderResponse = envelope(cartReorderData);

export const cartUpdateRequest = z.object({ cartUuid: uuidParam('cartUuid'), quantity });
export const cartRemoveRequest = z.object({ cartUuid: uuidParam('cartUuid') });

export const cartItem = z.object({
  uuid: z.uuid(),
  quantity: z.number().int(),
  product: z.object({
    uuid: z.uuid(),
    title: z.string(),
    vendor: z.string(),
    thumbnailUrl: z.string(),
    releaseDate: z.string().nullable(),
    /** The order window (issue 34) and where it stands now; a line outside it cannot be checked out. */
    salesStartAt: z.string().nullable().optional(),
    salesEndAt: z.string().nullable().optional(),
    orderWindow: z.enum(WINDOW_STATES).optional(),
    /** On pre-order: taken against a cap, shipped once the goods arrive (planned for `shipsOn`). */
    preorder: z.boolean().optional(),
    shipsOn: z.string().nullable().optional(),
  }),
  productOption: z.object({
    uuid: z.uuid(),
    optionNameKey1: z.string(),
    optionNameKey2: z.string().nullable(),
    optionNameValue1: z.string(),
    optionNameValue2: z.string().nullable(),
    stock: z.number().int(),
    holdStock: z.number().int(),
    minimumOrderQuantity: z.number().int(),
    /** Quantity rules (issue 12): the cart's stepper steps by the multiple and stops at the maximum. */
    orderMultiple: z.number().int().optional(),
    maxPerOrder: z.number().int().nullable().optional(),
    isSoldOut: z.boolean(),
  }),
  productPrice: z.object({ price: z.number() }),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartData = z.object({
  cartList: z.array(cartItem),
  totalPrice: z.number(),
  currencyCode: z.enum(CURRENCIES),
  currencySymbol: z.string(),
});
export type CartData = z.infer<typeof cartData>;
export const cartResponse = envelope(cartData);

export const receiverInfoRequest = z.object({
  companyName: safeText({ max: TEXT_MAX.name, required: messages.order.companyNameRequired }),
  companyEmail: emailField,
  receiverName: safeText({ max: TEXT_MAX.label, required: messages.order.receiverNameRequired }),
  postalCode: postalCodeField,
  addressDetail: safeText({
    max: TEXT_MAX.address,
    multiline: true,
    required: messages.order.addressRequired,
  }),
  phoneNumber: safeText({ max: TEXT_MAX.phone, required: messages.order.phoneRequired }),
  /** Where the parcel goes; without it, Korea for a Korean company, else not known. */
  country: countryField.optional(),
});

/** The longest purchase-order number a buyer may give (issue 35). */
export const PO_REFERENCE_MAX = 50;

/**
 * The buyer's own purchase-order number (issue 35): optional, trimmed, one line of printable text, at most
 * `PO_REFERENCE_MAX` characters. Empty reads as absent. Storefront orders and orders staff take share it.
 */
export const poReferenceField = safeText({
  max: PO_REFERENCE_MAX,
  tooLong: shopMessages.order.poReferenceTooLong(PO_REFERENCE_MAX),
  label: 'poReference',
})
  .transform((value) => value || undefined)
  .optional();

export const orderCreateRequest = z.object({
  currencyCode: z.enum(CURRENCIES, { error: 'currencyCode must be KRW or USD.' }),
  finalPaymentAmount: z
    .number({ error: 'finalPaymentAmount must be a number.' })
    .min(0, { error: fieldError('cannot be negative') })
    .max(AMOUNT_MAX, { error: fieldError(`must be at most ${AMOUNT_MAX}`) }),
  receiverInfo: receiverInfoRequest,
  /** The buyer's own purchase-order number, shown on the order, its documents and mails. */
  poReference: poReferenceField,
  productOptionList: z
    .array(z.object({ productOptionUuid: optionUuid, quantity }))
    .min(1, messages.order.cartEmpty)
    .max(200, 'An order takes at most 200 lines.'),
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequest>;
export const orderCreateResponse = envelope(z.object({ uuid: z.uuid(), orderNumber: z.string() }));

export const orderListQuery = z.object({
  page: queryInt('page', 1).default(1),
  limit: queryInt('limit', 1, PAGE_SIZE.maxLimit).default(PAGE_SIZE.orderHistory),
});

const orderLine = z.object({
  orderDetailUuid: z.uuid(),
  quantity: z.number().int(),
  /** How much of the quantity has shipped so far (the rest is still open). */
  shippedQuantity: z.number().int().optional(),
  /** Placed as a pre-order (issue 34): it waits for the goods to arrive. */
  preorder: z.boolean().optional(),
  /** Of a pre-order line: what the goods that arrived gave it (it ships that), and what waits on backorder. */
  allocatedQuantity: z.number().int().optional(),
  backorderQuantity: z.number().int().optional(),
  /** The product's release date and planned ship date as the catalogue has them now (YYYY-MM-DD). */
  releaseDate: z.string().nullable().optional(),
  shipsOn: z.string().nullable().optional(),
  amount: z.number(),
  currencyCode: z.enum(CURRENCIES),
  productOption: z.object({
    productOptionUuid: z.uuid().nullable(),
    productTitle: z.string(),
    optionNameValue1: z.string(),
    optionNameValue2: z.string().nullable(),
    thumbnailUrlArray: z.array(z.string()),
  }),
});

export const orderSummary = z.object({
  uuid: z.uuid(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  finalPaymentAmount: z.number(),
  currencyCode: z.enum(CURRENCIES),
  /** The buyer's purchase-order number; null when the order has none. */
  poReference: z.string().nullable().optional(),
  orderDetails: z.array(orderLine),
});
export type OrderSummary = z.infer<typeof orderSummary>;
export const orderListResponse = envelope(
  z.object({ orderList: z.array(orderSummary), totalCount: z.number().int() }),
);

export const orderDetailParams = z.object({ uuid: uuidParam('uuid') });
export const orderDetail = z.object({
  uuid: z.uuid(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  currencyCode: z.enum(CURRENCIES),
  beforeDiscountProductAmount: z.number(),
  finalPaymentAmount: z.number(),
  /** The buyer's purchase-order number; null when the order has none. */
  poReference: z.string().nullable().optional(),
  orderMemos: z.array(z.object({ orderMemoUuid: z.uuid(), content: z.string() })),
  orderDetails: z.array(orderLine),
  /** The order's statuses so far, oldest first, with the time each was reached. */
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string() })).optional(),
  /** The parcels sent so far, oldest first: carrier, tracking number and the lines in each. */
  shipments: z.array(shipmentView).optional(),
  receiverInfo: z.object({
    receiverName: z.string(),
    companyName: z.string(),
    companyEmail: z.string(),
    phoneNumber: z.string(),
    addressDetail: z.string(),
    postalCode: z.string(),
    /** ISO 3166-1 alpha-2, or null when the order did not say. */
    country: z.string().nullable().optional(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderDetailResponse = envelope(orderDetail);
