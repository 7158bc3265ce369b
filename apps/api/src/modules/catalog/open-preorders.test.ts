import { windowState } from '@kshop/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productOptions, products } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, stockedOption } from '../../test/buying.js';

/*
 * The product list's pre-orders still open (issue 34, `preorder=open`): products on pre-order inside their order
 * window now, by the database's clock, listed and counted like any other filter, and never kept past a deadline.
 */

let shop: TestShop;
let korea: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

type Card = { productUuid: string; totalPrice: number | null; categoryId: number };
type ListData = { productOptionList: Card[]; totalCount: number };

const list = async (query: string, auth?: Auth): Promise<ListData> => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/product/list?${query}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return body(res).data as ListData;
};
const uuids = (data: ListData) => data.productOptionList.map((card) => card.productUuid);

/** A fresh listed product, on pre-order or not, with the given window. */
async function productWith(preorder: boolean, salesStartAt: Date | null, salesEndAt: Date | null) {
  const option = await stockedOption(shop, 5);
  await shop.db
    .update(products)
    .set({ preorder, salesStartAt, salesEndAt })
    .where(eq(products.id, option.productId));
  return option.productId;
}

/** The listed pre-orders whose window `windowState` reads as open now, read here apart from the list. */
async function openPreordersNow(categoryId?: number) {
  const rows = await shop.db
    .select({
      id: products.id,
      categoryId: products.categoryId,
      salesStartAt: products.salesStartAt,
      salesEndAt: products.salesEndAt,
    })
    .from(products)
    .innerJoin(
      productOptions,
      and(eq(productOptions.productId, products.id), eq(productOptions.isDefault, true)),
    )
    .where(and(eq(products.preorder, true), isNull(products.deletedAt), eq(products.isPublished, true)));
  return rows
    .filter((row) => windowState(row) === 'OPEN')
    .filter((row) => categoryId === undefined || row.categoryId === categoryId)
    .map((row) => row.id)
    .sort();
}

describe('the product list of pre-orders still open', () => {
  let open: string;
  let openUnbounded: string;
  let closedYesterday: string;
  let opensTomorrow: string;
  let notPreorder: string;
  beforeAll(async () => {
    open = await productWith(true, ago(DAY), ahead(7 * DAY));
    openUnbounded = await productWith(true, null, null);
    closedYesterday = await productWith(true, ago(30 * DAY), ago(DAY));
    opensTomorrow = await productWith(true, ahead(DAY), ahead(30 * DAY));
    notPreorder = await productWith(false, ago(DAY), ahead(7 * DAY));
  });

  it('lists the open pre-orders only, and counts them', async () => {
    const data = await list('preorder=open&limit=100');
    expect(uuids(data)).toEqual(expect.arrayContaining([open, openUnbounded]));
    expect(uuids(data)).not.toContain(closedYesterday);
    expect(uuids(data)).not.toContain(opensTomorrow);
    expect(uuids(data)).not.toContain(notPreorder);
    const expected = await openPreordersNow();
    expect([...uuids(data)].sort()).toEqual(expected);
    expect(data.totalCount).toBe(expected.length);
  });

  it('keeps guests priceless and gives members their prices', async () => {
    const guest = await list('preorder=open&limit=100');
    expect(guest.productOptionList.every((card) => card.totalPrice === null)).toBe(true);
    const member = await list('preorder=open&limit=100', korea);
    expect(member.productOptionList.find((card) => card.productUuid === open)?.totalPrice).toEqual(
      expect.any(Number),
    );
    expect(member.totalCount).toBe(guest.totalCount);
    const pending = await shop.loginAs(DEMO.pending);
    const res = await shop.app.inject({ url: '/api/v1/product/list?preorder=open', headers: pending });
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('Your account is pending approval.');
  });

  it('pages and sorts like any list, with the same total on every page', async () => {
    const all = await list('preorder=open&sort=latest&limit=100');
    const paged: string[] = [];
    for (let page = 1; page <= all.totalCount + 1; page++) {
      const data = await list(`preorder=open&sort=latest&limit=1&page=${page}`);
      expect(data.totalCount).toBe(all.totalCount);
      paged.push(...uuids(data));
    }
    expect(paged).toEqual(uuids(all));
    const best = await list('preorder=open&sort=bestSelling&limit=100');
    expect([...uuids(best)].sort()).toEqual([...uuids(all)].sort());
  });

  it('combines with a category, a tag and the stock state', async () => {
    const [row] = await shop.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, open));
    const inCategory = await list(`preorder=open&categoryId=${row!.categoryId}&limit=100`);
    expect(uuids(inCategory)).toContain(open);
    expect(inCategory.productOptionList.every((card) => card.categoryId === row!.categoryId)).toBe(true);
    expect(inCategory.totalCount).toBe(inCategory.productOptionList.length);

    await shop.db
      .update(products)
      .set({ tags: ['pre'] })
      .where(eq(products.id, openUnbounded));
    const tagged = await list('preorder=open&categoryId=0&tag=pre&limit=100');
    expect(uuids(tagged)).toContain(openUnbounded);
    expect(uuids(tagged)).not.toContain(notPreorder);
    expect(tagged.totalCount).toBe(tagged.productOptionList.length);

    const soldOut = await list('preorder=open&stockStatus=outOfStock&limit=100');
    expect(uuids(soldOut)).not.toContain(open);
    expect(soldOut.totalCount).toBe(soldOut.productOptionList.length);
  });

  it('drops a pre-order whose deadline passes, with no change to announce it', async () => {
    const closing = await productWith(true, ago(DAY), ahead(1_500));
    expect(uuids(await list('preorder=open&limit=100'))).toContain(closing);
    await vi.waitFor(
      async () => expect(uuids(await list('preorder=open&limit=100'))).not.toContain(closing),
      { timeout: 10_000, interval: 100 },
    );
    expect((await list('preorder=open&limit=100')).totalCount).toBe((await openPreordersNow()).length);
  });

  it('lists nothing past the last page, with the total', async () => {
    const data = await list('preorder=open&page=999&limit=20');
    expect(data.productOptionList).toEqual([]);
    expect(data.totalCount).toBe((await openPreordersNow()).length);
  });

  it.each(['closed', 'true', '1', 'OPEN'])('refuses preorder=%s with 400 and the message', async (value) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/v1/product/list?preorder=${value}` });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      statusCode: 400,
      message: 'preorder must be one of open.',
      data: null,
    });
  });
});
