import {
  type CurrencyCode,
  countryName,
  formatPrice,
  fromMinorUnits,
  messages,
  type OrderStatus,
  parseMemo,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from '../orders/orders.repository.js';

/** What an order's invoice and packing list print, amounts in the order's minor units. */
export type OrderDocument = {
  orderNumber: string;
  orderedAt: Date;
  status: OrderStatus;
  currencyCode: CurrencyCode;
  buyer: {
    companyName: string;
    businessRegistrationNumber: string;
    receiverName: string;
    addressDetail: string;
    postalCode: string;
    /** ISO 3166-1 alpha-2, or null when the order did not say. */
    country: string | null;
    phoneNumber: string;
    email: string;
  };
  lines: {
    title: string;
    option: string;
    /** The option's SKU (empty when the option was removed since). */
    sku: string;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
  productAmount: number;
  /** The memos that change the amount ('label/amount'), as lines between the subtotal and the total. */
  adjustments: { label: string; amount: number }[];
  finalAmount: number;
  /** On a parcel's packing list: which parcel of the order, its carrier and tracking number. */
  shipment?: { number: number; carrier: string; trackingNumber: string };
};

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
  const [lines, memos] = await Promise.all([repo.detailsOf(db, [order.id]), repo.memosOf(db, order.id)]);
  return {
    orderNumber: order.orderNumber,
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
    // A voided memo counts no more; one without a readable amount is a note for the order, not a line of the totals.
    adjustments: memos
      .filter((memo) => memo.voidedAt === null)
      .map((memo) => ({ parsed: parseMemo(memo.content), amount: memo.amount }))
      .filter(({ parsed }) => parsed.amount !== null)
      .map(({ parsed, amount }) => ({ label: parsed.label, amount })),
    finalAmount: order.finalAmount,
  };
}

/** 'value1 / value2', or value1 alone when the option has one value. */
export const optionText = (value1: string, value2: string | null): string =>
  value2?.trim() ? `${value1} / ${value2}` : value1;

/**
 * Supply amount and VAT of a VAT-inclusive total in won, as a Korean tax invoice shows them: the shop's won
 * prices include 10 % VAT, so supply = round(total / 1.1) to the won and VAT = total - supply. Computed as
 * round(total * 10 / 11) in integers (no binary fraction of 1.1 can tip a rounding).
 */
export function vatSplit(totalWon: number): { supply: number; vat: number } {
  const supply = Math.round((totalWon * 10) / 11);
  return { supply, vat: totalWon - supply };
}

/** An amount in minor units as the shop writes it, a minus first for a discount: '-₩5,000', 'US$12.50'. */
export function money(minor: number, currencyCode: CurrencyCode): string {
  const text = formatPrice(fromMinorUnits(Math.abs(minor), currencyCode), currencyCode);
  return minor < 0 ? `-${text}` : text;
}

const KOREAN_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The date and time in Korean time, e.g. '2026-11-23 09:05 KST'. */
export function koreanDateTime(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    KOREAN_TIME.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} KST`;
}

/** The address with its postal code in brackets, as the order detail shows it, then the country's name. */
export const addressLine = (
  addressDetail: string,
  postalCode: string,
  country: string | null = null,
): string => {
  const line = postalCode.trim() ? `${addressDetail} (${postalCode.trim()})` : addressDetail;
  return country ? `${line}, ${countryName(country)}` : line;
};
