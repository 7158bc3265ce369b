import { fromMinorUnits } from '@kshop/contract';
import { and, asc, eq } from 'drizzle-orm';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { Executor } from '../../db/client.js';
import { buyers, orderDetails, orders, staff } from '../../db/schema.js';
import { csvLine } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { type AdminOrderFilter, adminOrderConditions } from '../orders/order-search.repository.js';

/** An export larger than this asks for a narrower date range instead of building a huge file in memory. */
export const EXPORT_MAX_LINES = 50_000;

export const EXPORT_COLUMNS = [
  'order_number',
  'order_date',
  'status',
  'currency',
  'company_name',
  'business_registration_number',
  'buyer_email',
  'person_in_charge',
  'product_title',
  'sku',
  'option',
  'quantity',
  'unit_price',
  'amount',
  'order_total',
  // Last, so that sheets made from the earlier columns keep their places.
  'ship_to_country',
  // The buyer's own purchase-order number (issue 35), after the columns sheets already read.
  'po_reference',
] as const;

export type ExportLine = {
  orderNumber: string;
  /** 'YYYY-MM-DD HH:mm' in Korean time, the shop's days. */
  orderDate: string;
  status: string;
  currency: 'KRW' | 'USD';
  companyName: string;
  businessRegistrationNumber: string;
  buyerEmail: string;
  personInCharge: string;
  productTitle: string;
  /** The option's SKU now (empty if the option was removed since). */
  sku: string;
  option: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  orderTotal: number;
  /** Where the order ships, ISO 3166-1 alpha-2; empty when the order did not say. */
  shipToCountry: string;
  /** The buyer's purchase-order number; empty when the order has none. */
  poReference: string;
};

const koreanTime = (at: Date) =>
  new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** One row per order line, oldest order first, for the list's filters. */
export async function exportLines(db: Executor, filter: Omit<AdminOrderFilter, 'limit' | 'offset'>) {
  const conditions = adminOrderConditions(filter);
  const rows = await db
    .select({
      order: orders,
      line: orderDetails,
      buyerEmail: buyers.email,
      personInCharge: staff.email,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(staff, eq(staff.id, orders.personInChargeStaffId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber), asc(orderDetails.position), asc(orderDetails.id))
    .limit(EXPORT_MAX_LINES + 1);
  if (rows.length > EXPORT_MAX_LINES) {
    throw badRequest(
      `More than ${EXPORT_MAX_LINES.toLocaleString('en-US')} order lines match: choose a shorter date range.`,
      'EXPORT_TOO_LARGE',
    );
  }
  return rows.map(({ order, line, buyerEmail, personInCharge }): ExportLine => {
    const currency = order.currencyCode;
    return {
      orderNumber: order.orderNumber,
      orderDate: koreanTime(order.createdAt),
      status: order.status,
      currency,
      companyName: order.receiverCompanyName,
      businessRegistrationNumber: order.businessRegistrationNumber,
      buyerEmail: buyerEmail ?? '',
      personInCharge: personInCharge ?? '',
      productTitle: line.productTitle,
      sku: line.sku ?? '',
      option: [line.optionNameValue1, line.optionNameValue2].filter(Boolean).join(' / '),
      quantity: line.quantity,
      unitPrice: fromMinorUnits(line.unitPrice, currency),
      amount: fromMinorUnits(line.amount, currency),
      orderTotal: fromMinorUnits(order.finalAmount, currency),
      shipToCountry: order.receiverCountry ?? '',
      poReference: order.poReference ?? '',
    };
  });
}

const cellsOf = (l: ExportLine) =>
  [
    l.orderNumber,
    l.orderDate,
    l.status,
    l.currency,
    l.companyName,
    l.businessRegistrationNumber,
    l.buyerEmail,
    l.personInCharge,
    l.productTitle,
    l.sku,
    l.option,
    l.quantity,
    l.unitPrice,
    l.amount,
    l.orderTotal,
    l.shipToCountry,
    l.poReference,
  ] as const;

/** CSV with a byte order mark, so Excel opens the Korean text as UTF-8; texts that look like formulas are defused. */
export const linesCsv = (lines: ExportLine[]) =>
  `\uFEFF${[csvLine([...EXPORT_COLUMNS]), ...lines.map((l) => csvLine([...cellsOf(l)]))].join('\r\n')}\r\n`;

/** The same rows as an Excel workbook: numbers stay numbers, texts stay texts (never formulas). */
export async function linesXlsx(lines: ExportLine[]): Promise<Buffer> {
  const data: SheetData = [
    EXPORT_COLUMNS.map((name) => ({ value: name, fontWeight: 'bold' as const })),
    ...lines.map((l) =>
      cellsOf(l).map((value) =>
        typeof value === 'number' ? { value, type: Number } : { value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(data, { sheet: 'Order lines', stickyRowsCount: 1 }).toBuffer();
}
