import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productOptions, products } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, foldedProduct, orderPayload, placeOrder } from '../../test/buying.js';
import { eventually } from '../../test/eventually.js';
import { staffSession } from '../../test/staff.js';
import { priceByPercent } from './catalog-bulk.js';

/** Issue 12: bulk edits, drafts, low stock and the artist table. */

let shop: TestShop;
let staff: Auth;
let member: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  staff = await staffSession(shop, 'publishing@kshop.example');
  member = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Auth | Record<string, never>,
  payload?: unknown,
) =>
  shop.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(method, `/api/v1/admin${url}`, staff, payload);

let n = 0;
const option = (value: string, extra: object = {}) => ({
  optionNameKey1: 'VERSION',
  optionNameValue1: value,
  priceKrw: 10000,
  priceUsd: 7.99,
  stock: 50,
  ...extra,
});
async function newProduct(extra: object = {}, options = [option('A'), option('B')]) {
  const res = await admin('POST', '/products', {
    title: `Publishing Test Album ${++n} zqxpub${n}`,
    vendor: 'Publishing Label',
    categoryId: 9,
    tags: ['new'],
    options,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { uuid: string; title: string; options: { uuid: string }[] } & Record<
    string,
    unknown
  >;
}

const optionRows = (productId: string) =>
  shop.db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(productOptions.id);
const productRow = async (id: string) =>
  (await shop.db.select().from(products).where(eq(products.id, id)))[0]!;
const bulkAudits = (ids: string[]) =>
  shop.db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.entityId, ids), like(auditLog.action, 'product.bulk.%')));

describe('bulk edits', () => {
  // A buyer's token is no staff session: staff routes answer 401 to it, as to a guest (access matrix).
  it('are for staff only: a member and a guest are refused', async () => {
    const p = await newProduct();
    const request = { productIds: [p.uuid], action: 'soldOut' };
    for (const url of ['/api/v1/admin/products/bulk/preview', '/api/v1/admin/products/bulk']) {
      const r = await call('POST', url, member, request);
      expect(r.statusCode, r.body).toBe(401);
      expect((await call('POST', url, {}, request)).statusCode).toBe(401);
    }
    expect((await optionRows(p.uuid)).every((o) => !o.isSoldOut)).toBe(true);
  });

  it('preview shows what would change and changes nothing', async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    const res = await admin('POST', '/products/bulk/preview', {
      productIds: [a.uuid, b.uuid],
      action: 'soldOut',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = body(res).data;
    expect(preview.changed).toBe(2);
    expect(preview.productList).toHaveLength(2);
    expect(preview.productList[0].changes).toContainEqual({
      option: 'A',
      field: 'isSoldOut',
      before: false,
      after: true,
    });
    for (const p of [a, b]) expect((await optionRows(p.uuid)).some((o) => o.isSoldOut)).toBe(false);
    expect(await bulkAudits([a.uuid, b.uuid])).toHaveLength(0);
  });

  it('marks every option sold out and back in stock, one audit entry per product changed', async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    await admin('POST', '/products/bulk', { productIds: [b.uuid], action: 'soldOut' });
    const res = await admin('POST', '/products/bulk', { productIds: [a.uuid, b.uuid], action: 'soldOut' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ changed: 1, unchanged: 1 });
    for (const p of [a, b]) {
      expect((await optionRows(p.uuid)).every((o) => o.isSoldOut)).toBe(true);
      expect((await productRow(p.uuid)).inStock).toBe(false);
    }
    const audits = await bulkAudits([a.uuid]);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.action).toBe('product.bulk.soldOut');

    const back = await admin('POST', '/products/bulk', { productIds: [a.uuid, b.uuid], action: 'inStock' });
    expect(body(back).data.changed).toBe(2);
    expect((await optionRows(a.uuid)).every((o) => !o.isSoldOut)).toBe(true);
    expect((await productRow(a.uuid)).inStock).toBe(true);
    expect(await bulkAudits([a.uuid, b.uuid])).toHaveLength(4);
  });

  it('sets and clears tags and moves to a category', async () => {
    const [a, b] = [await newProduct(), await newProduct({ tags: ['hot', 'sale'] })];
    const ids = [a.uuid, b.uuid];
    const set = await admin('POST', '/products/bulk', {
      productIds: ids,
      action: 'setTags',
      value: ['sale', 'hot'],
    });
    expect(body(set).data.changed).toBe(1);
    expect((await productRow(a.uuid)).tags.sort()).toEqual(['hot', 'sale']);
    await admin('POST', '/products/bulk', { productIds: ids, action: 'clearTags' });
    expect((await productRow(b.uuid)).tags).toEqual([]);
    const moved = await admin('POST', '/products/bulk', { productIds: ids, action: 'category', value: 5 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await productRow(a.uuid)).categoryId).toBe(5);
    expect((await productRow(b.uuid)).categoryId).toBe(5);
  });

  it('changes prices by a percentage: whole won and cents, never below one unit, compared prices move too', async () => {
    const p = await newProduct({}, [
      option('A', { priceKrw: 15000, priceUsd: 9.99, comparedPriceKrw: 18000, comparedPriceUsd: 12 }),
      option('B', { priceKrw: 5, priceUsd: 0.01 }),
    ]);
    const up = await admin('POST', '/products/bulk', {
      productIds: [p.uuid],
      action: 'pricePercent',
      value: 12.5,
    });
    expect(up.statusCode, up.body).toBe(200);
    const [first, second] = (await optionRows(p.uuid)).sort((x, y) =>
      x.optionNameValue1.localeCompare(y.optionNameValue1),
    );
    expect(first).toMatchObject({
      priceKrw: 16875,
      priceUsd: 1124,
      comparedPriceKrw: 20250,
      comparedPriceUsd: 1350,
    });
    expect(second).toMatchObject({ priceKrw: 6, priceUsd: 1 });

    await admin('POST', '/products/bulk', { productIds: [p.uuid], action: 'pricePercent', value: -90 });
    const after = await optionRows(p.uuid);
    expect(after.find((o) => o.optionNameValue1 === 'B')).toMatchObject({ priceKrw: 1, priceUsd: 1 });
    expect(after.find((o) => o.optionNameValue1 === 'A')).toMatchObject({ priceKrw: 1688, priceUsd: 112 });
    expect(priceByPercent(0, 50)).toBe(0);
  });

  it('rounds the new prices to the step chosen per currency, and changes only the currencies chosen', async () => {
    const p = await newProduct({}, [
      option('A', { priceKrw: 13900, priceUsd: 10.49, comparedPriceKrw: 16900, comparedPriceUsd: 12.99 }),
      option('B', { priceKrw: 30, priceUsd: 0.05 }),
    ]);
    const byValue = async () =>
      Object.fromEntries((await optionRows(p.uuid)).map((o) => [o.optionNameValue1, o]));
    // +3 % without a rule gives ₩14,317; to ₩100 it is ₩14,300, and the dollar prices stay.
    const won = await admin('POST', '/products/bulk', {
      productIds: [p.uuid],
      action: 'pricePercent',
      value: 3,
      currencies: ['KRW'],
      roundTo: { KRW: 100 },
    });
    expect(won.statusCode, won.body).toBe(200);
    let rows = await byValue();
    expect(rows.A).toMatchObject({
      priceKrw: 14300,
      comparedPriceKrw: 17400,
      priceUsd: 1049,
      comparedPriceUsd: 1299,
    });
    // Never below one step.
    expect(rows.B).toMatchObject({ priceKrw: 100, priceUsd: 5 });

    const dollars = await admin('POST', '/products/bulk', {
      productIds: [p.uuid],
      action: 'pricePercent',
      value: 10,
      currencies: ['USD'],
      roundTo: { USD: 10 },
    });
    expect(dollars.statusCode, dollars.body).toBe(200);
    rows = await byValue();
    expect(rows.A).toMatchObject({ priceKrw: 14300, priceUsd: 1150, comparedPriceUsd: 1430 });
    expect(priceByPercent(13900, 3)).toBe(14317);
    expect(priceByPercent(13900, 3, 1000)).toBe(14000);

    for (const [payload, message] of [
      [{ currencies: [] }, /at least one currency/],
      [{ currencies: ['EUR'] }, /KRW and USD/],
      [{ roundTo: { KRW: 50 } }, /₩1, ₩10, ₩100 or ₩1,000/],
      [{ roundTo: { USD: 5 } }, /US\$0.01, US\$0.10 or US\$1/],
    ] as const) {
      const res = await admin('POST', '/products/bulk', {
        productIds: [p.uuid],
        action: 'pricePercent',
        value: 3,
        ...payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toMatch(message);
    }
    expect(await byValue()).toEqual(rows);
  });

  it('refuses bad requests with a clear 4xx and changes nothing', async () => {
    const p = await newProduct();
    const before = await optionRows(p.uuid);
    const cases: [object, number, RegExp][] = [
      [{ productIds: [p.uuid], action: 'pricePercent', value: -95 }, 400, /between -90 and \+500/],
      [{ productIds: [p.uuid], action: 'pricePercent', value: 501 }, 400, /between -90 and \+500/],
      [{ productIds: [p.uuid], action: 'pricePercent', value: 0 }, 400, /changes nothing/],
      [{ productIds: [p.uuid], action: 'pricePercent', value: '10' }, 400, /percentage/],
      [{ productIds: [p.uuid], action: 'category', value: 99_999 }, 400, /category that exists/],
      [{ productIds: [p.uuid], action: 'setTags', value: [] }, 400, /at least one tag/],
      [{ productIds: [p.uuid], action: 'setTags', value: ['cheap'] }, 400, /Tags are/],
      [{ productIds: [p.uuid], action: 'explode' }, 400, /action must be one of/],
      [{ productIds: [], action: 'soldOut' }, 400, /at least one product/],
      [{ productIds: Array.from({ length: 201 }, () => p.uuid), action: 'soldOut' }, 400, /at most 200/],
      [
        { productIds: [p.uuid, '00000000-0000-4000-8000-000000000000'], action: 'soldOut' },
        404,
        /does not exist/,
      ],
    ];
    for (const [payload, status, message] of cases) {
      for (const url of ['/products/bulk/preview', '/products/bulk']) {
        const res = await admin('POST', url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}: ${res.body}`).toBe(status);
        expect(body(res).message).toMatch(message);
      }
    }
    // A price past the highest allowed is refused, not clipped.
    await shop.db
      .update(productOptions)
      .set({ priceKrw: 90_000_000 })
      .where(eq(productOptions.id, before[0]!.id));
    const tooHigh = await admin('POST', '/products/bulk', {
      productIds: [p.uuid],
      action: 'pricePercent',
      value: 50,
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(body(tooHigh).message).toMatch(/highest price/);
    const after = await optionRows(p.uuid);
    expect(after.map((o) => [o.priceUsd, o.isSoldOut])).toEqual(before.map((o) => [o.priceUsd, o.isSoldOut]));
    expect(await bulkAudits([p.uuid])).toHaveLength(0);
  });
});

describe('draft products', () => {
  const search = (word: string, headers: Auth = member) =>
    call('GET', `/api/v1/product/search?keyword=${word}&page=1&limit=20`, headers, undefined);
  // Each read with a limit of its own is answered afresh, never from the catalogue's answer cache.
  const categoryList = (limit: number) =>
    call('GET', `/api/v1/product/list?categoryId=9&page=1&limit=${limit}`, member);

  it('are invisible in the storefront until published: lists, search, counts, detail, cart, order, alerts', async () => {
    const countBefore = body(await categoryList(20)).data.totalCount as number;
    const draft = await newProduct({ isPublished: false });
    expect(draft.isPublished).toBe(false);
    const word = draft.title.split(' ').at(-1)!;
    const optionUuid = draft.options[0]!.uuid;

    expect(body(await search(word)).data.totalCount).toBe(0);
    const listed = await categoryList(19);
    expect(body(listed).data.totalCount).toBe(countBefore);
    expect(
      body(listed).data.productOptionList.map((c: { productUuid: string }) => c.productUuid),
    ).not.toContain(draft.uuid);
    expect((await call('GET', `/api/v1/product/detail/${optionUuid}`, member)).statusCode).toBe(404);
    const add = await call('POST', '/api/v1/cart', member, {
      productOptionAndQuantityList: [{ productOptionUuid: optionUuid, quantity: 1 }],
    });
    expect(add.statusCode).toBe(404);
    const order = await placeOrder(
      shop,
      member,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: optionUuid, quantity: 1 }]),
    );
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(order.statusCode).toBeLessThan(500);
    expect((await foldedProduct(shop, draft.uuid)).totalSalesQuantity).toBe(0);
    expect((await call('POST', `/api/v1/product/option/${optionUuid}/notify`, member)).statusCode).toBe(404);

    // The back office sees it, and filters by it.
    const drafts = body(await admin('GET', '/products?publication=draft&limit=100')).data.productList;
    expect(drafts.find((p: { uuid: string }) => p.uuid === draft.uuid)?.isPublished).toBe(false);
    expect((await admin('GET', `/products/${draft.uuid}/stock-alerts`)).statusCode).toBe(200);
    const published = body(await admin('GET', `/products?publication=published&q=${word}`)).data;
    expect(published.totalCount).toBe(0);

    // Published: everywhere, and counted once.
    const put = await admin('PUT', `/products/${draft.uuid}`, {
      title: draft.title,
      vendor: 'Publishing Label',
      categoryId: 9,
      options: [option('A'), option('B')].map((o, i) => ({ ...o, uuid: draft.options[i]!.uuid })),
      isPublished: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(body(await search(`${word}&stockStatus=inStock`)).data.totalCount).toBe(1);
    const after = await categoryList(18);
    expect(body(after).data.totalCount).toBe(countBefore + 1);
    expect((await call('GET', `/api/v1/product/detail/${optionUuid}`, member)).statusCode).toBe(200);

    // Unpublished again: the count drops back.
    await shop.db.update(products).set({ isPublished: false }).where(eq(products.id, draft.uuid));
    const again = await eventually(
      () => categoryList(18),
      (r) => body(r).data.totalCount === countBefore,
    );
    expect(body(again).data.totalCount).toBe(countBefore);
  });
});

describe('stock levels', () => {
  it('filters the product list by low stock and lists low and sold-out options apart', async () => {
    const p = await newProduct({}, [
      option('LOW', { stock: 8 }),
      option('CUSTOM', { stock: 30, lowStockThreshold: 40 }),
      option('PLENTY', { stock: 50 }),
    ]);
    const gone = await newProduct({}, [
      option('GONE', { stock: 0 }),
      option('FLAG', { stock: 3, isSoldOut: true }),
    ]);
    const detail = body(await admin('GET', `/products/${p.uuid}`)).data;
    expect(detail.options.map((o: { lowStockThreshold: number }) => o.lowStockThreshold)).toEqual([
      10, 40, 10,
    ]);

    const low = body(await admin('GET', `/products?stock=lowStock&q=${encodeURIComponent(p.title)}`)).data;
    expect(low.productList.map((x: { uuid: string }) => x.uuid)).toEqual([p.uuid]);
    const none = body(
      await admin('GET', `/products?stock=lowStock&q=${encodeURIComponent(gone.title)}`),
    ).data;
    expect(none.totalCount).toBe(0);

    const levels = body(await admin('GET', '/products/stock-levels?limit=50')).data;
    const lowNames = levels.low.filter((r: { productUuid: string }) => r.productUuid === p.uuid);
    expect(lowNames.map((r: { option: string }) => r.option).sort()).toEqual(['CUSTOM', 'LOW']);
    expect(lowNames.find((r: { option: string }) => r.option === 'LOW')).toMatchObject({
      available: 8,
      threshold: 10,
    });
    const soldOut = levels.soldOut.filter((r: { productUuid: string }) => r.productUuid === gone.uuid);
    expect(soldOut.map((r: { option: string }) => r.option).sort()).toEqual(['FLAG', 'GONE']);
    expect(levels.low.some((r: { productUuid: string }) => r.productUuid === gone.uuid)).toBe(false);

    const bad = await admin('POST', '/products', {
      title: 'Bad threshold',
      vendor: 'Publishing Label',
      categoryId: 9,
      options: [option('A', { lowStockThreshold: -1 })],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/lowStockThreshold cannot be negative/);
    expect((await admin('GET', '/products/stock-levels?limit=0')).statusCode).toBe(400);
  });

  it('says why each sold-out option is listed: flagged by hand with what is still available, or no stock left', async () => {
    const gone = await newProduct({}, [
      option('FLAGGED', { stock: 300, isSoldOut: true }),
      option('EMPTY', { stock: 0 }),
      option('FLAGGED EMPTY', { stock: 0, isSoldOut: true }),
    ]);
    // 20 of the flagged option are held by an order: what is available is what a buyer could still get.
    await shop.db
      .update(productOptions)
      .set({ holdStock: 20 })
      .where(eq(productOptions.id, gone.options[0]!.uuid));
    const levels = body(await admin('GET', '/products/stock-levels?limit=50')).data;
    const mine = levels.soldOut
      .filter((r: { productUuid: string }) => r.productUuid === gone.uuid)
      .map(({ option, available, soldOutReason }: Record<string, unknown>) => ({
        option,
        available,
        soldOutReason,
      }))
      .sort((a: { option: string }, b: { option: string }) => a.option.localeCompare(b.option));
    expect(mine).toEqual([
      { option: 'EMPTY', available: 0, soldOutReason: 'NO_STOCK' },
      { option: 'FLAGGED', available: 280, soldOutReason: 'FLAGGED' },
      { option: 'FLAGGED EMPTY', available: 0, soldOutReason: 'NO_STOCK' },
    ]);
  });
});

describe('artists', () => {
  const artist = (en: string, ko: string) =>
    admin('POST', '/artists', { artistCategoryId: 1, artistNameEN: en, artistNameKO: ko });

  it('searches by English or Korean name', async () => {
    const made = body(await artist('Zephyrine Quartet', '제퍼린 사중주')).data;
    const byEn = body(await admin('GET', '/artists?q=zephyrINE')).data;
    expect(byEn.artistList.map((a: { id: number }) => a.id)).toEqual([made.id]);
    expect(byEn.artistList[0]).toMatchObject({ artistNameKO: '제퍼린 사중주', productCount: 0 });
    const byKo = body(await admin('GET', `/artists?q=${encodeURIComponent('제퍼린')}`)).data;
    expect(byKo.totalCount).toBe(1);
    expect(body(await admin('GET', '/artists?q=nobody-by-this-name')).data.totalCount).toBe(0);
    expect(body(await admin('GET', '/artists')).data.totalCount).toBeGreaterThan(1);
  });

  it('refuses a duplicate English or Korean name, naming the field', async () => {
    const first = body(await artist('Moonlit Ferry', '달빛 나루')).data;
    const en = await artist('  moonlit FERRY ', '다른 이름');
    expect(en.statusCode).toBe(409);
    expect(body(en).message).toMatch(/English name/);
    const ko = await artist('Another Ferry', ' 달빛 나루');
    expect(ko.statusCode).toBe(409);
    expect(body(ko).message).toMatch(/Korean name/);
    const other = body(await artist('Sunlit Ferry', '햇빛 나루')).data;
    const rename = await admin('PUT', `/artists/${other.id}`, {
      artistCategoryId: 1,
      artistNameEN: 'MOONLIT FERRY',
      artistNameKO: '햇빛 나루',
    });
    expect(rename.statusCode).toBe(409);
    // Its own names are no clash.
    const same = await admin('PUT', `/artists/${first.id}`, {
      artistCategoryId: 1,
      artistNameEN: 'Moonlit Ferry',
      artistNameKO: '달빛 나루',
    });
    expect(same.statusCode).toBe(200);
  });

  it('deletes an artist no product uses, and refuses one in use', async () => {
    const used = body(await artist('Tidal Choir', '조수 합창단')).data;
    await newProduct({ artistIds: [used.id] });
    const refused = await admin('DELETE', `/artists/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatch(/Tidal Choir is the artist of 1 product/);

    const unused = body(await artist('Quiet Harbor', '조용한 항구')).data;
    expect((await admin('DELETE', `/artists/${unused.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/artists/${unused.id}`)).statusCode).toBe(404);
    expect(body(await admin('GET', '/artists?q=Quiet%20Harbor')).data.totalCount).toBe(0);
    expect((await call('DELETE', `/api/v1/admin/artists/${used.id}`, member)).statusCode).toBe(401);
  });
});
