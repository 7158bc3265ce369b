import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { boundedInt, INT_RANGE, safeText, uuidText } from './primitives.js';

/** The shop's rules on shipments, in the words the API answers and the back office shows. */
export const SHIPMENT_RULES = {
  carrierMax: 60,
  trackingMax: 60,
  linesMax: 200,
  /** Suggested in the back office; any other carrier may be typed. */
  carriers: ['CJ대한통운', '한진택배', '롯데택배', '우체국택배', 'EMS', 'DHL', 'FedEx', 'UPS'],
  carrierRequired: 'Please enter the carrier.',
  trackingRequired: 'Please enter the tracking number.',
  linesRequired: 'Choose at least one line and quantity to ship.',
  duplicateLine: 'Each order line may appear once in a shipment.',
  unknownLine: 'This line is not part of the order.',
  tooMany: (title: string, open: number) => `Only ${open} of ${title} left to ship.`,
  onlyWithShipped: 'carrier and trackingNumber go with the status SHIPPED only.',
  notShippable: (status: string) =>
    `An order that is ${status} cannot ship: only CONFIRMED, PAID or PREPARING orders ship.`,
  /** A pre-order line holds no stock (issue 34): it ships from stock on hand that no other order holds. */
  notArrived: (title: string) =>
    `${title} is on pre-order and not enough of it has arrived: record its goods receipt before shipping.`,
} as const;

/** The statuses from which an order may ship (a confirmed order has a person in charge). */
export const SHIPPABLE_STATUSES = ['CONFIRMED', 'PAID', 'PREPARING'] as const;

const shipQuantity = boundedInt({
  ...INT_RANGE.quantity,
  notWhole: 'quantity must be a whole number.',
  tooSmall: 'quantity must be at least 1.',
  tooBig: 'quantity is too large.',
});

export const shipmentCreateRequest = z.object({
  carrier: safeText({
    max: SHIPMENT_RULES.carrierMax,
    label: 'carrier',
    required: SHIPMENT_RULES.carrierRequired,
  }),
  trackingNumber: safeText({
    max: SHIPMENT_RULES.trackingMax,
    label: 'trackingNumber',
    required: SHIPMENT_RULES.trackingRequired,
  }),
  lines: z
    .array(
      z.object({
        orderDetailId: uuidText({ error: 'orderDetailId must be a valid id.' }),
        quantity: shipQuantity,
      }),
    )
    .min(1, SHIPMENT_RULES.linesRequired)
    .max(SHIPMENT_RULES.linesMax, `A shipment takes at most ${SHIPMENT_RULES.linesMax} lines.`),
});
export type ShipmentCreateRequest = z.infer<typeof shipmentCreateRequest>;

/** One parcel as the buyer and staff read it: carrier, tracking number, when, and what was in it. */
export const shipmentView = z.object({
  shipmentUuid: z.uuid(),
  carrier: z.string(),
  /** Empty when the order was moved to SHIPPED without one (older API clients). */
  trackingNumber: z.string(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      orderDetailUuid: z.uuid(),
      productTitle: z.string(),
      optionNameValue1: z.string(),
      optionNameValue2: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
});
export type ShipmentView = z.infer<typeof shipmentView>;

export const shipmentCreateResponse = z.object({
  shipmentUuid: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  /** Whether this shipment completed the order (it is now SHIPPED). */
  complete: z.boolean(),
});
