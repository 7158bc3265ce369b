import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productOptions } from '../../db/schema.js';
import { acceptedEncoding } from '../../lib/answer-cache.js';
import { body, createTestShop, DEMO, secondInstance, type TestShop } from '../../test/app.js';
import { orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { eventually } from '../../test/eventually.js';
import { stockChanges } from './catalogue-changes.js';

const LIST = '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all';

let shop: TestShop;
let member: { authorization: string };
let global: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  member = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

describe('the catalogue answer cache', () => {
  it('keeps one answer per viewer currency: a guest never receives a member price, whoever asked first', async () => {
    const memberFirst = body(await get(LIST, member));
    const guestAfter = body(await get(LIST));
    const globalAfter = body(await get(LIST, global));
    expect(memberFirst.data.productOptionList[0].currencyCode).toBe('KRW');
    expect(globalAfter.data.productOptionList[0].currencyCode).toBe('USD');
    for (const card of guestAfter.data.productOptionList) {
      expect(card.totalPrice).toBeNull();
      expect(card.currencyCode).toBeNull();
    }
    expect(shop.app.catalogueCache.hits).toBe(0);
    expect(body(await get(LIST)).data).toEqual(guestAfter.data);
    expect(shop.app.catalogueCache.hits).toBe(1);
  });

  it('a pending member is still refused, never served a cached answer', async () => {
    await get(LIST);
    const pending = await shop.loginAs(DEMO.pending);
    const res = await get(LIST, pending);
    expect(res.statusCode).toBe(403);
  });

  it('drops every answer when a product option changes in the database, whoever changed it', async () => {
    const before = body(await get(LIST, member)).data.productOptionList[0];
    const price = before.totalPrice as number;
    await shop.db
      .update(productOptions)
      .set({ priceKrw: sql`${productOptions.priceKrw} + 1000` })
      .where(eq(productOptions.id, before.optionUuid));
    const after = await eventually(
      async () => body(await get(LIST, member)).data.productOptionList[0],
      (card) => card.totalPrice !== price,
    );
    expect(after.totalPrice).toBe(price + 1000);
    const detail = body(await get(`/api/v1/product/detail/${before.optionUuid}`, member)).data;
    expect(detail.currentOption.productPrice.totalPrice).toBe(price + 1000);
  });

  it("an order's held stock shows within 1 s on the instance that took it, though its statement does not notify", async () => {
    const option = await stockedOption(shop, 30);
    const detailUrl = `/api/v1/product/detail/${option.id}`;
    const stockNow = async () => body(await get(detailUrl)).data.currentOption.stock as number;
    expect(await eventually(stockNow, (stock) => stock === 30)).toBe(30);
    // The answer is kept: a read is served from the cache (the option's own change may still be on its way
    // as a notification, which empties the cache once more).
    const servedFromCache = async () => {
      const hits = shop.app.catalogueCache.hits;
      expect(await stockNow()).toBe(30);
      return shop.app.catalogueCache.hits > hits;
    };
    expect(await eventually(servedFromCache, (hit) => hit)).toBe(true);

    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 4 }]);
    expect((await placeOrder(shop, member, payload)).statusCode).toBe(200);
    // Served stale while it is made again, for at most STOCK_SHOWN_WITHIN_MS (answer-cache.test.ts).
    expect(await eventually(stockNow, (stock) => stock === 26)).toBe(26);
  });

  it('another instance hears of an order within moments', async () => {
    if (shop.database.driver !== 'postgres') return; // PGlite has one process and one instance
    const other = await secondInstance(shop);
    try {
      const option = await stockedOption(shop, 50);
      const url = `/api/v1/product/detail/${option.id}`;
      const stockThere = async () =>
        (await other.inject({ method: 'GET', url })).json().data.currentOption.stock;
      expect(await eventually(stockThere, (stock) => stock === 50)).toBe(50);
      const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 5 }]);
      expect((await placeOrder(shop, member, payload)).statusCode).toBe(200);
      expect(await eventually(stockThere, (stock) => stock === 45)).toBe(45);
    } finally {
      await other.close();
    }
  });

  it('each instance acts once on its own announcement, which the others hear', async () => {
    if (shop.database.driver !== 'postgres') return; // PGlite has one process and one instance
    const other = await secondInstance(shop);
    try {
      // Options nothing else changes (no trigger notices about them): only the announcements name them.
      const [mine, theirs] = [randomUUID(), randomUUID()];
      /** How often an instance marked the details of an option stale. */
      const heard = (app: TestShop['app']) => {
        const mark = vi.spyOn(app.catalogueCache, 'markStale');
        return (id: string) => () =>
          mark.mock.calls.filter(([tags]) => [...(tags ?? [])].includes(id)).length;
      };
      const here = heard(shop.app);
      const there = heard(other);
      shop.app.catalogueChanged(...stockChanges([mine], []));
      expect(here(mine)()).toBe(1);
      expect(await eventually(there(mine), (n) => n === 1)).toBe(1);
      // The other instance announces after it heard this one's notice, so this one's own notice, had it come
      // back, would have arrived before the other's.
      other.catalogueChanged(...stockChanges([theirs], []));
      expect(await eventually(here(theirs), (n) => n === 1)).toBe(1);
      expect(here(mine)()).toBe(1);
      expect(there(theirs)()).toBe(1);
    } finally {
      vi.restoreAllMocks();
      await other.close();
    }
  });

  it('a kept answer goes out compressed as the client accepts, the same JSON as uncompressed', async () => {
    const plain = await get(LIST, member);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get(LIST, { ...member, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(LIST, { ...member, 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body).data.productOptionList[0].currencyCode).toBe('KRW');
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('BR;q=0.000')).toBeNull();
  });

  it('an answer read before a change is not kept after it', () => {
    const cache = shop.app.catalogueCache;
    const generation = cache.generation;
    cache.invalidate();
    cache.write('stale-key', generation, Buffer.from('{"stale":true}'));
    expect(cache.read('stale-key')).toBeUndefined();
  });

  it('another instance on the same database hears the change too', async () => {
    if (shop.database.driver !== 'postgres') return; // PGlite has one process and one instance
    const other = await secondInstance(shop);
    try {
      const url = '/api/v1/category';
      const first = (await other.inject({ method: 'GET', url })).json().data as { category: string }[];
      await other.inject({ method: 'GET', url });
      expect(other.catalogueCache.hits).toBeGreaterThan(0);
      await shop.db.execute(sql`update categories set name = name || ' (renamed)' where parent_id is null`);
      const renamed = await eventually(
        async () => (await other.inject({ method: 'GET', url })).json().data as { category: string }[],
        (tree) => tree[0]?.category !== first[0]?.category,
      );
      expect(renamed[0]?.category).toBe(`${first[0]?.category} (renamed)`);
    } finally {
      await other.close();
    }
  });
});
