import { messages } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as memoRepo from '../orders/memos.repository.js';
import * as repo from '../orders/orders.repository.js';
import { memoAdjustments, type OrderDocument, optionText } from './documents.format.js';

/**
 * The order for its documents. With a buyer id only that member's own order is found: another member's
 * order answers exactly as a missing one.
 */
export async function orderDocument(db: Executor, orderId: string, buyerId?: string): Promise<OrderDocument> {
  const order = await repo.findOrder(
    db,
    buyerId === undefined ? { id: orderId, anyBuyer: true } : { id: orderId, buyerId },
  );
  if (!order) throw notFound(messages.order.notFound, 'ORDER_NOT_FOUND');
  const [lines, memos, buyer] = await Promise.all([
    repo.detailsOf(db, [order.id]),
    memoRepo.memosOf(db, order.id),
    order.buyerId ? repo.buyerForOrder(db, order.buyerId) : null,
  ]);
  return {
    orderNumber: order.orderNumber,
    poReference: order.poReference,
    orderedAt: order.createdAt,
    status: order.status,
    currencyCode: order.currencyCode,
    buyer: {
      companyName: order.receiverCompanyName,
      businessRegistrationNumber: order.businessRegistrationNumber,
      receiverName: order.receiverName,
      addressDetail: order.receiverAddressDetail,
      postalCode: order.receiverPostalCode,
      country: order.receiverCountry,
      phoneNumber: order.receiverPhoneNumber,
      email: order.receiverEmail,
    },
    lines: lines.map((line) => ({
      title: line.productTitle,
      option: optionText(line.optionNameValue1, line.optionNameValue2),
      sku: line.sku ?? '',
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
    })),
    productAmount: order.productAmount,
    adjustments: memoAdjustments(memos),
    finalAmount: order.finalAmount,
    language: buyer?.language ?? 'en',
  };
}
