import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { refreshProductDerived } from '../db/derived.js';
import { productOptions, products } from '../db/schema.js';
import { foldSales } from '../modules/orders/pending-sales.js';
import type { TestShop } from './app.js';

export type Auth = { authorization: string };

/**
 * The options each shop has handed out. Per shop, not per module: the API's test files of one worker share
 * this module (vitest.config.ts), and each file's shop starts from its first option. Kept as ids, not as a
 * count to skip: a test that changes an option's minimum or sold-out flag takes it out of the options to choose
 * from, and a count would then land on an option handed out before.
 */
const taken = new WeakMap<TestShop, string[]>();

/**
 * The product's row with every pending sale folded into its totals, as the shop's fold does every second
 * (decision 0034).
 */
export async function foldedProduct(shop: TestShop, productId: string) {
  await foldSales(shop.db);
  return (await shop.db.select().from(products).where(eq(products.id, productId)))[0]!;
}

/**
 * Makes options that `stockedOption` must never hand out (ones a test edits or deletes for its own ends):
 * `create` makes them and returns their ids with its result. It runs between two picks, so that no pick can
 * choose one of its options before they are set aside.
 */
export function setOptionsAside<T>(
  shop: TestShop,
  create: () => Promise<{ result: T; optionIds: readonly string[] }>,
): Promise<T> {
  return betweenPicks(shop, async () => {
    const { result, optionIds } = await create();
    handedOutBy(shop).push(...optionIds);
    return result;
  });
}

function handedOutBy(shop: TestShop): string[] {
  const known = taken.get(shop);
  if (known) return known;
  const handedOut: string[] = [];
  taken.set(shop, handedOut);
  return handedOut;
}

/**
 * Each shop's last pick (or setting aside): they run one after another, so that two picks at once never choose
 * the same option.
 */
const picking = new WeakMap<TestShop, Promise<unknown>>();

function betweenPicks<T>(shop: TestShop, work: () => Promise<T>): Promise<T> {
  const turn = (picking.get(shop) ?? Promise.resolve()).catch(() => {}).then(work);
  picking.set(shop, turn);
  return turn;
}

/** A fresh option on each call, ready to sell: minimum 1, the given stock, nothing held, not flagged. */
export function stockedOption(
  shop: TestShop,
  stock: number,
  overrides: Partial<typeof productOptions.$inferInsert> = {},
) {
  return betweenPicks(shop, () => pickOption(shop, stock, overrides));
}

async function pickOption(
  shop: TestShop,
  stock: number,
  overrides: Partial<typeof productOptions.$inferInsert>,
) {
  const handedOut = handedOutBy(shop);
  const [row] = await shop.db
    .select({ option: productOptions, product: products })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        eq(productOptions.minimumOrderQuantity, 1),
        eq(productOptions.isSoldOut, false),
        notInArray(productOptions.id, handedOut),
        // Inside its order window (issue 34): the demo's past events no longer take orders.
        sql`(${products.salesStartAt} is null or ${products.salesStartAt} <= now())
          and (${products.salesEndAt} is null or ${products.salesEndAt} > now() + interval '1 day')`,
        eq(products.preorder, false),
      ),
    )
    .orderBy(productOptions.id)
    .limit(1);
  handedOut.push(row!.option.id);
  const values = { stock, holdStock: 0, isSoldOut: false, minimumOrderQuantity: 1, ...overrides };
  await shop.db.update(productOptions).set(values).where(eq(productOptions.id, row!.option.id));
  // The product reads in stock as its writers would leave it.
  await refreshProductDerived(shop.db, [row!.product.id], { searchText: false });
  return { ...row!.option, ...values, product: row!.product };
}

/**
 * A stocked option with a SKU of its own (`prefix-n-random`), on a product no other test is handed: its other
 * options are set aside too, so the test may change the product (its window, its publication) freely.
 */
export async function optionOfItsOwn(
  shop: TestShop,
  prefix: string,
  stock: number,
  overrides: Partial<typeof productOptions.$inferInsert> = {},
) {
  const made = await stockedOption(shop, stock, {
    sku: `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase(),
    ...overrides,
  });
  await setOptionsAside(shop, async () => {
    const siblings = await shop.db
      .select({ id: productOptions.id })
      .from(productOptions)
      .where(eq(productOptions.productId, made.product.id));
    return { result: null, optionIds: siblings.map((s) => s.id) };
  });
  return made;
}

export const receiver = {
  companyName: 'Hanbit Records Trading',
  companyEmail: 'orders@hanbit.example',
  receiverName: 'Kim Minji',
  postalCode: '06234',
  addressDetail: '12 Teheran-ro, Gangnam-gu, Seoul',
  phoneNumber: '+82 10-1234-5678',
};

/** The order payload a buyer's checkout sends, priced from the catalogue as it stands. */
export async function orderPayload(
  shop: TestShop,
  currency: 'KRW' | 'USD',
  lines: { productOptionUuid: string; quantity: number }[],
) {
  let minor = 0;
  for (const line of lines) {
    const [option] = await shop.db
      .select()
      .from(productOptions)
      .where(eq(productOptions.id, line.productOptionUuid));
    minor += (currency === 'KRW' ? option!.priceKrw : option!.priceUsd) * line.quantity;
  }
  return {
    currencyCode: currency,
    finalPaymentAmount: currency === 'KRW' ? minor : minor / 100,
    receiverInfo: receiver,
    productOptionList: lines,
  };
}

export const placeOrder = (shop: TestShop, auth: Auth, payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: auth, payload });
