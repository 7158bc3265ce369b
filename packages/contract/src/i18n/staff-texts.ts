import { ORDER_RULES } from '../schemas/admin.js';
import { ALLOCATION_MESSAGES } from '../schemas/allocation.js';
import { ORDER_EDIT_RULES } from '../schemas/order-edits.js';
import { SHIPMENT_RULES } from '../schemas/shipments.js';
import { TAKEN_ORDER_MESSAGES } from '../schemas/taken-orders.js';
import { CATALOGUE_MESSAGES, ORDER_EXPORT_TEXTS, STAFF_MESSAGES } from '../shop-messages.js';
import { buyerTexts } from './texts.js';

/**
 * The back office's texts: the rules on orders, shipments, line edits and taken orders, the catalogue, staff, and
 * the order exports' headers.
 */
export const staffTexts = {
  orderRules: ORDER_RULES,
  shipmentRules: SHIPMENT_RULES,
  orderEditRules: ORDER_EDIT_RULES,
  takenOrders: TAKEN_ORDER_MESSAGES,
  accounts: STAFF_MESSAGES,
  catalogue: CATALOGUE_MESSAGES,
  allocation: ALLOCATION_MESSAGES,
  orderExports: ORDER_EXPORT_TEXTS,
} as const;

/** Every text of the contract: the buyers' and the staff's. What the API answers and the back office shows. */
export const contractTexts = { ...buyerTexts, staff: staffTexts } as const;

export type ContractTexts = typeof contractTexts;
