import {
  koreaTime,
  type LabelDemand,
  type LabelDemandBuyer,
  type LabelDemandOption,
  type Language,
  labelToOrder,
  messages,
} from '@kshop/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buyers, orderDetails, orders, productOptions, products } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { ReportCell } from '../../lib/report-file.js';
import { buyerKey, latest } from './buyer-group.js';

/*
 * "What to order from the label": once a pre-order closes, staff order from the label what buyers ordered and
 * the shelf cannot cover. Counted from the order lines of every order that is not cancelled, per option of the
 * product (through the line's option, so lines whose option was since deleted are no longer counted), and per
 * buyer beneath each option. Read without locks: a screen and a file staff look at, not a stock decision.
 */

const total = (column: typeof orderDetails.quantity | typeof orderDetails.shippedQuantity) =>
  sql<number>`sum(${column})`.mapWith(Number);

/** A product that is not deleted: its id, title and release date; 404 otherwise. */
export async function liveProduct(db: Executor, productUuid: string) {
  const [product] = await db
    .select({ id: products.id, title: products.title, releaseDate: products.releaseDate })
    .from(products)
    .where(and(eq(products.id, productUuid), isNull(products.deletedAt)));
  if (!product) throw notFound(messages.http.productNotFound, 'PRODUCT_NOT_FOUND');
  return product;
}

const optionsOf = (db: Executor, productUuid: string) =>
  db
    .select({
      id: productOptions.id,
      optionNameValue1: productOptions.optionNameValue1,
      optionNameValue2: productOptions.optionNameValue2,
      sku: productOptions.sku,
      stock: productOptions.stock,
    })
    .from(productOptions)
    .where(eq(productOptions.productId, productUuid))
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.createdAt), asc(productOptions.id));

/** Each buyer's lines of each option of the product, in orders that are not cancelled, earliest buyer first. */
const buyerLinesOf = (db: Executor, productUuid: string) =>
  db
    .select({
      optionId: orderDetails.productOptionId,
      companyName: latest<string>(orders.receiverCompanyName),
      country: latest<string | null>(orders.receiverCountry),
      email: sql<string>`coalesce(max(${buyers.email}), (array_agg(${orders.receiverEmail} order by ${orders.createdAt} desc))[1])`,
      ordered: total(orderDetails.quantity),
      shipped: total(orderDetails.shippedQuantity),
      orderCount: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
      firstOrderedAt: sql<Date>`min(${orders.createdAt})`.mapWith(orders.createdAt),
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .innerJoin(productOptions, eq(productOptions.id, orderDetails.productOptionId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(productOptions.productId, productUuid), ne(orders.status, 'CANCELLED')))
    .groupBy(orderDetails.productOptionId, buyerKey)
    .orderBy(sql`min(${orders.createdAt})`, buyerKey);

/** The product's demand per option and buyer; 404 for a product unknown or deleted. */
export async function labelDemand(db: Executor, productUuid: string): Promise<LabelDemand> {
  const product = await liveProduct(db, productUuid);
  const [options, lines] = [await optionsOf(db, product.id), await buyerLinesOf(db, product.id)];
  const byOption = new Map<string, LabelDemandBuyer[]>();
  const shippedByOption = new Map<string, number>();
  for (const line of lines) {
    const optionId = line.optionId!;
    const buyerList = byOption.get(optionId) ?? [];
    buyerList.push({
      companyName: line.companyName,
      email: line.email,
      country: line.country,
      ordered: line.ordered,
      open: line.ordered - line.shipped,
      orderCount: line.orderCount,
      firstOrderedAt: line.firstOrderedAt.toISOString(),
    });
    byOption.set(optionId, buyerList);
    shippedByOption.set(optionId, (shippedByOption.get(optionId) ?? 0) + line.shipped);
  }
  const demand = options.map((option): LabelDemandOption => {
    const buyerList = byOption.get(option.id) ?? [];
    const ordered = buyerList.reduce((sum, b) => sum + b.ordered, 0);
    const shipped = shippedByOption.get(option.id) ?? 0;
    const open = ordered - shipped;
    return {
      optionUuid: option.id,
      optionNameValue1: option.optionNameValue1,
      optionNameValue2: option.optionNameValue2,
      sku: option.sku,
      ordered,
      shipped,
      open,
      stock: option.stock,
      toOrder: labelToOrder(open, option.stock),
      buyers: buyerList,
    };
  });
  const sum = (pick: (o: LabelDemandOption) => number) => demand.reduce((s, o) => s + pick(o), 0);
  return {
    productUuid: product.id,
    title: product.title,
    options: demand,
    totals: {
      ordered: sum((o) => o.ordered),
      shipped: sum((o) => o.shipped),
      open: sum((o) => o.open),
      stock: sum((o) => o.stock),
      toOrder: sum((o) => o.toOrder),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The same as a file: one row per option, its buyers' rows beneath it, and a total row. The first column says
// which kind a row is, so that a spreadsheet's filter sums options without counting their buyers twice.

const WORDS = {
  en: {
    columns: [
      'Row',
      'Option',
      'SKU',
      'Company',
      'Email',
      'Country',
      'Orders',
      'First ordered (KST)',
      'Ordered',
      'Shipped',
      'Open',
      'Stock',
      'To order',
    ],
    option: 'Option',
    buyer: 'Buyer',
    total: 'Total',
    sheet: 'Label order',
  },
  ko: {
    columns: [
      '구분',
      '옵션',
      'SKU',
      '거래처',
      '이메일',
      '국가',
      '주문 건수',
      '최초 주문 일시(KST)',
      '주문 수량',
      '출고 수량',
      '미출고',
      '재고',
      '발주 필요 수량',
    ],
    option: '옵션',
    buyer: '거래처',
    total: '합계',
    sheet: '라벨 발주',
  },
} as const satisfies Record<Language, unknown>;

/** The file's column names in the request's language. */
export const labelDemandColumns = (language: Language) => [...WORDS[language].columns];

const optionName = (o: LabelDemandOption) =>
  [o.optionNameValue1, o.optionNameValue2].filter(Boolean).join(' / ');

function rowsOf(demand: LabelDemand, language: Language): ReportCell[][] {
  const words = WORDS[language];
  const rows: ReportCell[][] = [];
  for (const o of demand.options) {
    const name = optionName(o);
    rows.push([
      words.option,
      name,
      o.sku,
      null,
      null,
      null,
      null,
      null,
      o.ordered,
      o.shipped,
      o.open,
      o.stock,
      o.toOrder,
    ]);
    for (const b of o.buyers) {
      rows.push([
        words.buyer,
        name,
        o.sku,
        b.companyName,
        b.email,
        b.country,
        b.orderCount,
        koreaTime(b.firstOrderedAt),
        b.ordered,
        b.ordered - b.open,
        b.open,
        null,
        null,
      ]);
    }
  }
  const t = demand.totals;
  rows.push([
    words.total,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    t.ordered,
    t.shipped,
    t.open,
    t.stock,
    t.toOrder,
  ]);
  return rows;
}

/** The demand as a report file's columns, rows and sheet name, in the request's language. */
export const labelDemandFile = (demand: LabelDemand, language: Language) => ({
  columns: labelDemandColumns(language),
  rows: rowsOf(demand, language),
  sheet: WORDS[language].sheet,
});
