import {
  type Language,
  type ReleaseWeek,
  type ReleaseWeekRow,
  releaseWeekEnd,
  releaseWeekPlace,
} from '@kshop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderDetails, orders, productOptions, shipmentLines, shipments } from '../../db/schema.js';
import type { ReportCell } from '../../lib/report-file.js';
import { buyerKey, latest } from './buyer-group.js';
import { liveProduct } from './label-demand.js';

/*
 * The release-week report: charts count the units shipped in a release's first week, so staff read, per Korean
 * day, option and buyer, what left in shipments. Every shipment counts, whatever became of its order since (a
 * cancelled order's shipped units did ship). Lines whose option was since deleted are no longer counted, as in
 * the label order. Read without locks: a report, not a stock decision.
 */

/** The Korean day a shipment left on. */
const shippedDay = sql<string>`to_char(${shipments.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;
const companyName = latest<string>(orders.receiverCompanyName);

const shippedUnitsOf = (db: Executor, productUuid: string) =>
  db
    .select({
      day: shippedDay,
      optionUuid: productOptions.id,
      sku: productOptions.sku,
      barcode: productOptions.barcode,
      optionNameValue1: productOptions.optionNameValue1,
      optionNameValue2: productOptions.optionNameValue2,
      companyName,
      country: latest<string | null>(orders.receiverCountry),
      units: sql<number>`sum(${shipmentLines.quantity})`.mapWith(Number),
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .innerJoin(orderDetails, eq(orderDetails.id, shipmentLines.orderDetailId))
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .innerJoin(productOptions, eq(productOptions.id, orderDetails.productOptionId))
    .where(eq(productOptions.productId, productUuid))
    .groupBy(shippedDay, productOptions.id, buyerKey)
    .orderBy(
      shippedDay,
      asc(productOptions.sortOrder),
      asc(productOptions.createdAt),
      asc(productOptions.id),
      companyName,
      buyerKey,
    );

/** The product's shipped units per Korean day, option and buyer; 404 for a product unknown or deleted. */
export async function releaseWeek(db: Executor, productUuid: string): Promise<ReleaseWeek> {
  const product = await liveProduct(db, productUuid);
  const releaseDate = product.releaseDate;
  const totals = { inReleaseWeek: 0, before: 0, after: 0, shipped: 0 };
  const rows = (await shippedUnitsOf(db, product.id)).map((row): ReleaseWeekRow => {
    const place = releaseWeekPlace(row.day, releaseDate);
    if (place === 'in') totals.inReleaseWeek += row.units;
    else if (place !== 'none') totals[place] += row.units;
    totals.shipped += row.units;
    return { ...row, inReleaseWeek: place === 'in' };
  });
  return {
    productUuid: product.id,
    title: product.title,
    releaseDate,
    releaseWeekEnd: releaseDate ? releaseWeekEnd(releaseDate) : null,
    rows,
    totals,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The same as a file: one row per day, option and buyer, with the week's mark in words.

const WORDS = {
  en: {
    columns: ['Day (KST)', 'SKU', 'Barcode', 'Option', 'Company', 'Country', 'Units shipped', 'Release week'],
    inWeek: 'Yes',
    outside: 'No',
    sheet: 'Release week',
  },
  ko: {
    columns: ['일자(KST)', 'SKU', '바코드', '옵션', '거래처', '국가', '출고 수량', '발매 주간'],
    inWeek: '예',
    outside: '아니요',
    sheet: '발매 주간',
  },
} as const satisfies Record<Language, unknown>;

/** The file's column names in the request's language. */
export const releaseWeekColumns = (language: Language) => [...WORDS[language].columns];

/** The report as a file's columns, rows and sheet name, in the request's language. */
export function releaseWeekFile(report: ReleaseWeek, language: Language) {
  const words = WORDS[language];
  const rows = report.rows.map((r): ReportCell[] => [
    r.day,
    r.sku,
    r.barcode,
    [r.optionNameValue1, r.optionNameValue2].filter(Boolean).join(' / '),
    r.companyName,
    r.country,
    r.units,
    r.inReleaseWeek ? words.inWeek : words.outside,
  ]);
  return { columns: releaseWeekColumns(language), rows, sheet: words.sheet };
}
