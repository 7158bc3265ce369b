import { z } from 'zod';
import { CURRENCIES, ORDER_STATUSES, PAGE_SIZE } from '../constants.js';
import { messages } from '../messages.js';
import { emailField } from './account.js';
import { envelope, queryInt, uuidParam } from './common.js';

const optionUuid = z.uuid({ error: 'productOptionUuid must be a valid id.' });
const quantity = z
  .number({ error: 'quantity must be a whole number.' })
  .int('quantity must be a whole number.')
  .min(1, messages.cart.minimum(1))
  .max(100_000, 'quantity is too large.');

export const cartAddRequest = z.object({
  productOptionAndQuantityList: z
    .array(z.object({ productOptionUuid: optionUuid, quantity }))
    .min(1, messages.cart.selectOptions)
    .max(50, 'At most 50 options can be added at once.'),
});
export type CartAddRequest = z.infer<typeof cartAddRequest>;

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
  companyName: z
    .string({ error: messages.order.companyNameRequired })
    .trim()
    .min(1, messages.order.companyNameRequired)
    .max(200),
  companyEmail: emailField,
  receiverName: z
    .string({ error: messages.order.receiverNameRequired })
    .trim()
    .min(1, messages.order.receiverNameRequired)
    .max(100),
  postalCode: z.string().trim().max(20).optional().default(''),
  addressDetail: z
    .string({ error: messages.order.addressRequired })
    .trim()
    .min(1, messages.order.addressRequired)
    .max(500),
  phoneNumber: z
    .string({ error: messages.order.phoneRequired })
    .trim()
    .min(1, messages.order.phoneRequired)
    .max(30),
});

export const orderCreateRequest = z.object({
  currencyCode: z.enum(CURRENCIES, { error: 'currencyCode must be KRW or USD.' }),
  finalPaymentAmount: z.number({ error: 'finalPaymentAmount must be a number.' }).nonnegative(),
  receiverInfo: receiverInfoRequest,
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
  orderMemos: z.array(z.object({ orderMemoUuid: z.uuid(), content: z.string() })),
  orderDetails: z.array(orderLine),
  receiverInfo: z.object({
    receiverName: z.string(),
    companyName: z.string(),
    companyEmail: z.string(),
    phoneNumber: z.string(),
    addressDetail: z.string(),
    postalCode: z.string(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderDetailResponse = envelope(orderDetail);
