import { z } from 'zod';
import { CURRENCIES } from '../constants.js';
import { messages } from '../messages.js';
import { countryField, postalCodeField } from '../rules/address.js';
import { WINDOW_STATES } from '../rules/order-window.js';
import { emailField } from './account.js';
import { poReferenceField } from './buying.js';
import { envelope, uuidParam } from './common.js';
import { AMOUNT_MAX, boundedInt, fieldError, INT_RANGE, safeText, TEXT_MAX, uuidText } from './primitives.js';

/*
 * Orders taken for a buyer (issue 11): staff place an order on an approved buyer's behalf (phone and
 * KakaoTalk orders), with the same checks, stock holds, amounts and e-mails as a storefront order.
 */

export const TAKEN_ORDER_MESSAGES = {
  placed: 'Order placed for the buyer.',
  buyerNotFound: 'Buyer not found.',
  buyerNotApproved: (status: string) => `Only an approved buyer can order; this buyer is ${status}.`,
  addressNotFound: 'addressId: the buyer has no saved address with this id.',
  duplicateLine: 'Each option may appear once in an order.',
  /** Staff may order outside a product's order window (issue 34), saying why; the order's history keeps it. */
  outsideWindowNote: (reason: string) => `Ordered outside the order window: ${reason}`,
} as const;

const quantity = boundedInt({
  ...INT_RANGE.quantity,
  notWhole: 'quantity must be a whole number.',
  tooSmall: messages.cart.minimum(INT_RANGE.quantity.min),
  tooBig: 'quantity is too large.',
});

export const takenOrderRequest = z
  .object({
    buyerId: uuidText({ label: 'buyerId' }),
    lines: z
      .array(z.object({ productOptionId: uuidText({ label: 'productOptionId' }), quantity }))
      .min(1, messages.order.cartEmpty)
      .max(200, 'An order takes at most 200 lines.'),
    /** One of the buyer's saved addresses; its postal code and address replace the typed ones. */
    addressId: uuidText({ label: 'addressId' }).optional(),
    receiverInfo: z.object({
      companyEmail: emailField,
      receiverName: safeText({ max: TEXT_MAX.label, required: messages.order.receiverNameRequired }),
      phoneNumber: safeText({ max: TEXT_MAX.phone, required: messages.order.phoneRequired }),
      postalCode: postalCodeField,
      addressDetail: safeText({ max: TEXT_MAX.address, multiline: true }).optional().default(''),
      /** The typed address's country; a saved address brings its own. */
      country: countryField.optional(),
    }),
    /**
     * The total the staff member saw, in major units: the order is refused (409) should the catalogue
     * have changed meanwhile. Without it the total is the catalogue's own.
     */
    /**
     * Why the order is taken although a product's order window is closed or not yet open (issue 34). Without
     * it such a product is refused as in the storefront.
     */
    outsideWindowReason: safeText({ max: TEXT_MAX.label, label: 'outsideWindowReason' }).optional(),
    /** The buyer's own purchase-order number, usually said on the phone with the order (issue 35). */
    poReference: poReferenceField,
    finalPaymentAmount: z
      .number({ error: 'finalPaymentAmount must be a number.' })
      .min(0, { error: fieldError('cannot be negative') })
      .max(AMOUNT_MAX, { error: fieldError(`must be at most ${AMOUNT_MAX}`) })
      .optional(),
  })
  .refine((o) => o.addressId !== undefined || o.receiverInfo.addressDetail.trim() !== '', {
    message: messages.order.addressRequired,
    path: ['receiverInfo', 'addressDetail'],
  });
export type TakenOrderRequest = z.infer<typeof takenOrderRequest>;
export const takenOrderResponse = envelope(z.object({ uuid: z.uuid(), orderNumber: z.string() }));

export const buyerIdParams = z.object({ id: uuidParam('id') });

export const buyerOrderOptionsQuery = z.object({
  q: safeText({ max: TEXT_MAX.label }).optional(),
});

/** An option as the order form offers it: live available stock and the buyer's unit price. */
export const buyerOrderOption = z.object({
  productOptionId: z.uuid(),
  productTitle: z.string(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  available: z.number().int(),
  isSoldOut: z.boolean(),
  minimumOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  maxPerOrder: z.number().int().nullable(),
  /**
   * Where the product's order window stands (issue 34): outside it the order needs `outsideWindowReason`. On
   * pre-order, `available` is what the option's cap leaves.
   */
  orderWindow: z.enum(WINDOW_STATES).optional(),
  salesEndAt: z.string().nullable().optional(),
  preorder: z.boolean().optional(),
  /** The buyer's unit price for one piece: its price group's (decision 0021). */
  unitPrice: z.number(),
  /** From `minQuantity` pieces on a line, the buyer's unit price is `unitPrice` (volume tiers), lowest first. */
  volumeTiers: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
});
export type BuyerOrderOption = z.infer<typeof buyerOrderOption>;
export const buyerOrderOptionsResponse = envelope(
  z.object({ currencyCode: z.enum(CURRENCIES), optionList: z.array(buyerOrderOption) }),
);
