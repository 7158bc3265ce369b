import {
  type CurrencyCode,
  countryName,
  formatPrice,
  fromMinorUnits,
  type OrderStatus,
  parseMemo,
} from '@kshop/contract';

// What the documents print and how, apart from the database: the PDFs are drawn in the worker pool
// (workers/order-pdf.task.ts), which loads this and not the order queries.

/** What an order's invoice and packing list print, amounts in the order's minor units. */
export type OrderDocument = {
  orderNumber: string;
  /** The buyer's own purchase-order number (issue 35), or null when the order has none. */
  poReference: string | null;
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
  /** The buyer's language (`buyers.language`; English for an order without an account). */
  language: string;
  /** On a parcel's packing list: which parcel of the order, its carrier and tracking number. */
  shipment?: { number: number; carrier: string; trackingNumber: string };
};

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

/**
 * The memos that change an order's amount, as its invoice lists them: a voided memo counts no more; one without a
 * readable amount is a note for the order, not a line of the totals.
 */
export function memoAdjustments(
  memos: readonly { content: string; amount: number; voidedAt: Date | null }[],
): OrderDocument['adjustments'] {
  return memos
    .filter((memo) => memo.voidedAt === null)
    .map((memo) => ({ parsed: parseMemo(memo.content), amount: memo.amount }))
    .filter(({ parsed }) => parsed.amount !== null)
    .map(({ parsed, amount }) => ({ label: parsed.label, amount }));
}

/**
 * The amounts an invoice prints, in minor units: the goods, each memo's amount, then the total; a won order also
 * splits its VAT-inclusive total into supply amount and VAT, a dollar order has neither.
 */
export function invoiceAmounts(
  order: Pick<OrderDocument, 'currencyCode' | 'productAmount' | 'adjustments' | 'finalAmount'>,
): {
  goods: number;
  adjustments: OrderDocument['adjustments'];
  vatSplit: { supply: number; vat: number } | null;
  total: number;
} {
  return {
    goods: order.productAmount,
    adjustments: order.adjustments,
    vatSplit: order.currencyCode === 'KRW' ? vatSplit(order.finalAmount) : null,
    total: order.finalAmount,
  };
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

/** The date and time in Korean time as Korean writes it, e.g. '2026년 11월 23일 오전 9:05'. */
export function koreanLongDateTime(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(KOREAN_TIME.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  const hour = part('hour') % 24;
  const minute = String(part('minute')).padStart(2, '0');
  const period = hour < 12 ? '오전' : '오후';
  return `${part('year')}년 ${part('month')}월 ${part('day')}일 ${period} ${hour % 12 || 12}:${minute}`;
}

/**
 * The address with its postal code in brackets, as the order detail shows it, then the country's name in the
 * document's language.
 */
export const addressLine = (
  addressDetail: string,
  postalCode: string,
  country: string | null = null,
  locale = 'en',
): string => {
  const line = postalCode.trim() ? `${addressDetail} (${postalCode.trim()})` : addressDetail;
  return country ? `${line}, ${countryName(country, locale)}` : line;
};
