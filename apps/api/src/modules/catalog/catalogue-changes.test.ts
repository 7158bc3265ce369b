import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshProductDerived } from '../../db/derived.js';
import {
  buyers,
  pendingSales as pendingSalesTable,
  priceGroupPrices,
  productOptions,
  products,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { eventually } from '../../test/eventually.js';
import { changeOf, EVERYTHING, payloadsOf, salesChange, stockChanges } from './catalogue-changes.js';
import { pageLeadImage } from './page-preloads.js';

const LIST = '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all';
const detailUrl = (optionId: string) => `/api/v1/product/detail/${optionId}`;

describe('catalogue change payloads', () => {
  it('name options 200 to a payload, and read back what they named', () => {
    const ids = Array.from(
      { length: 450 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const payloads = stockChanges(ids, []).flatMap(payloadsOf);
    expect(payloads).toHaveLength(3);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(
      payloads.flatMap((p) => {
        const change = changeOf(p);
        return change.kind === 'stock' ? change.optionIds : [];
      }),
    ).toEqual(ids);
    const soldOut = stockChanges(ids.slice(0, 2), ids.slice(2, 3)).flatMap(payloadsOf).map(changeOf);
    expect(soldOut).toEqual([
      { kind: 'stock', optionIds: ids.slice(0, 2) },
      { kind: 'instock', productIds: ids.slice(2, 3) },
    ]);
    const sold = salesChange(ids.slice(0, 250));
    const named = payloadsOf(sold).flatMap((p) => {
      const change = changeOf(p);
      return change.kind === 'sales' ? (change.productIds ?? []) : [];
    });
    expect(named).toEqual(ids.slice(0, 250));
    expect(
      payloadsOf({ kind: 'shown', productIds: ids }).flatMap((p) => {
        const change = changeOf(p);
        return change.kind === 'shown' ? change.productIds : [];
      }),
    ).toEqual(ids);
    expect(payloadsOf({ kind: 'listed', productIds: ids }).map(changeOf)).toEqual([
      { kind: 'listed', productIds: ids.slice(0, 200) },
      { kind: 'listed', productIds: ids.slice(200, 400) },
      { kind: 'listed', productIds: ids.slice(400) },
    ]);
    const many = Array.from({ length: 2_001 }, (_, i) => ids[i % ids.length]!);
    expect(payloadsOf(salesChange(many)).map(changeOf)).toEqual([{ kind: 'sales', productIds: null }]);
  });

  it('take anything they cannot read for a change to everything', () => {
    expect(changeOf('')).toEqual(EVERYTHING);
    expect(changeOf('stock:')).toEqual(EVERYTHING);
    expect(changeOf('stock:not-an-id')).toEqual(EVERYTHING);
    expect(changeOf('prices:00000000-0000-4000-8000-000000000000')).toEqual(EVERYTHING);
    expect(changeOf('shown:')).toEqual(EVERYTHING);
    expect(changeOf('instock:00000000-0000-4000-8000-00000000000')).toEqual(EVERYTHING);
    expect(changeOf('listed:,')).toEqual(EVERYTHING);
  });
});

describe('how far a catalogue change reaches into the kept answers', () => {
  let shop: TestShop;
  let member: { authorization: string };
  beforeAll(async () => {
    shop = await createTestShop();
    member = await shop.loginAs(DEMO.korea);
  });
  afterAll(() => shop?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url, headers });
  const cache = () => shop.app.catalogueCache;
  /** Whether the next read of `url` is served from the cache. */
  const kept = async (url: string, headers: Record<string, string> = {}) => {
    const hits = cache().hits;
    await get(url, headers);
    return cache().hits > hits;
  };
  /** Waits until both reads are kept, so notices of earlier writes have arrived. */
  const settled = (...urls: string[]) =>
    eventually(
      async () => {
        for (const url of urls) await get(url, member);
        const all = await Promise.all(urls.map((url) => kept(url, member)));
        return all.every(Boolean);
      },
      (yes) => yes,
    );

  it("an order makes only its products' details stale: served while made again, they show its stock within 1 s", async () => {
    const ordered = await stockedOption(shop, 30);
    const other = await stockedOption(shop, 30);
    const search = `/api/v1/product/search?keyword=${encodeURIComponent(ordered.product.title.split(' ')[0]!)}`;
    expect(await settled(LIST, search, detailUrl(ordered.id), detailUrl(other.id))).toBe(true);
    const generation = cache().generation;
    const marks = cache().staleMarks;

    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: ordered.id, quantity: 4 }]);
    expect((await placeOrder(shop, member, payload)).statusCode).toBe(200);
    // At once on this instance the detail is stale: still served from the cache, it is made again meanwhile.
    expect(await kept(detailUrl(ordered.id), member)).toBe(true);
    const shown = await eventually(
      async () => body(await get(detailUrl(ordered.id), member)).data.currentOption.stock,
      (stock) => stock === 26,
    );
    expect(shown).toBe(26);
    // At once on this instance (the notice it sent to the others it does not act on again).
    expect(cache().staleMarks).toBeGreaterThanOrEqual(marks + 1);
    expect(cache().generation).toBe(generation);
    expect(await kept(LIST, member)).toBe(true);
    expect(await kept(search, member)).toBe(true);
    expect(await kept(detailUrl(other.id), member)).toBe(true);
    expect(body(await get(detailUrl(ordered.id), member)).data.currentOption.stock).toBe(26);
  });

  it('a change to stock alone, by any writer, reaches the details that show it and nothing else', async () => {
    const option = await stockedOption(shop, 40);
    expect(await settled(LIST, detailUrl(option.id))).toBe(true);
    const generation = cache().generation;
    await shop.db.update(productOptions).set({ stock: 35 }).where(eq(productOptions.id, option.id));
    const stock = await eventually(
      async () => body(await get(detailUrl(option.id), member)).data.currentOption.stock,
      (n) => n === 35,
    );
    expect(stock).toBe(35);
    expect(cache().generation).toBe(generation);
    expect(await kept(LIST, member)).toBe(true);
  });

  it("a change to an option's price drops what shows its product at once, by any writer, and nothing else", async () => {
    const card = body(await get(LIST, member)).data.productOptionList[0] as {
      optionUuid: string;
      productUuid: string;
      totalPrice: number;
    };
    const other = await stockedOption(shop, 30);
    const otherList = LIST.replace('page=1', 'page=5');
    const shown = async (url: string) => body(await get(url, member));
    expect(
      (await shown(otherList)).data.productOptionList.some(
        (c: { productUuid: string }) => c.productUuid === card.productUuid,
      ),
    ).toBe(false);
    expect(await settled(LIST, otherList, detailUrl(card.optionUuid), detailUrl(other.id))).toBe(true);
    const generation = cache().generation;
    await shop.db
      .update(productOptions)
      .set({ priceKrw: sql`${productOptions.priceKrw} + 1000` })
      .where(eq(productOptions.id, card.optionUuid));
    const listed = await eventually(
      async () => (await shown(LIST)).data.productOptionList[0].totalPrice,
      (price) => price !== card.totalPrice,
    );
    expect(listed).toBe(card.totalPrice + 1000);
    // Gone at once, not served stale: the first read after the notice shows the new price.
    expect((await shown(detailUrl(card.optionUuid))).data.currentOption.productPrice.totalPrice).toBe(
      card.totalPrice + 1000,
    );
    expect(cache().generation).toBe(generation);
    expect(await kept(otherList, member)).toBe(true);
    expect(await kept(detailUrl(other.id), member)).toBe(true);
  });

  it('a change to what a product shows drops its detail, page image and lists at once', async () => {
    const card = body(await get(LIST, member)).data.productOptionList[1] as {
      optionUuid: string;
      productUuid: string;
    };
    const other = await stockedOption(shop, 30);
    const otherList = LIST.replace('page=1', 'page=5');
    const leadImage = pageLeadImage(shop.db, cache());
    const page = `/productdetail/${card.optionUuid}`;
    const detailShows = async () =>
      body(await get(detailUrl(card.optionUuid), member)).data.product as {
        description: string;
        thumbnailUrlArray: string;
      };
    expect(await settled(LIST, otherList, detailUrl(card.optionUuid), detailUrl(other.id))).toBe(true);
    const image = `${await leadImage(page)}?v=2`;
    const generation = cache().generation;
    await shop.db
      .update(products)
      .set({ imageUrls: [image], description: 'Signed by the members, limited to 300 copies.' })
      .where(eq(products.id, card.productUuid));
    expect(
      await eventually(
        () => leadImage(page),
        (lead) => lead === image,
      ),
    ).toBe(image);
    // Gone at once, not served stale: the first read after the notice shows the change.
    expect(await detailShows()).toMatchObject({
      description: 'Signed by the members, limited to 300 copies.',
      thumbnailUrlArray: JSON.stringify([image]),
    });
    expect(cache().generation).toBe(generation);
    expect(await kept(otherList, member)).toBe(true);
    expect(await kept(detailUrl(other.id), member)).toBe(true);
  });

  it('a change to which lists hold a product drops its detail and every list and search, and nothing else', async () => {
    const card = body(await get(LIST, member)).data.productOptionList[3] as {
      optionUuid: string;
      productUuid: string;
      categoryId: number;
    };
    const other = await stockedOption(shop, 30);
    const otherList = LIST.replace('page=1', 'page=5');
    const search = `/api/v1/product/search?keyword=${encodeURIComponent(other.product.title)}`;
    const tree = '/api/v1/category';
    expect(await settled(LIST, otherList, search, tree, detailUrl(other.id))).toBe(true);
    const generation = cache().generation;
    const moved = card.categoryId === 2 ? 4 : 2;

    await shop.db.update(products).set({ categoryId: moved }).where(eq(products.id, card.productUuid));
    // The list's card shows its new category once the notice has come: the list was made again.
    const shown = await eventually(
      async () =>
        (
          body(await get(LIST, member)).data.productOptionList as {
            productUuid: string;
            categoryId: number;
          }[]
        ).find((c) => c.productUuid === card.productUuid)?.categoryId,
      (category) => category === moved,
    );
    expect(shown).toBe(moved);
    expect(await kept(otherList, member)).toBe(false);
    expect(await kept(search, member)).toBe(false);
    expect(await kept(detailUrl(card.optionUuid), member)).toBe(false);
    expect(cache().generation).toBe(generation);
    expect(await kept(tree, member)).toBe(true);
    expect(await kept(detailUrl(other.id), member)).toBe(true);
  });

  it("a group's own price for an option reaches only what shows its product", async () => {
    const card = body(await get(LIST, member)).data.productOptionList[2] as {
      optionUuid: string;
      productUuid: string;
      totalPrice: number;
    };
    const otherList = LIST.replace('page=1', 'page=5');
    const [buyer] = await shop.db
      .select({ group: buyers.priceGroupId })
      .from(buyers)
      .where(eq(buyers.email, DEMO.korea));
    expect(await settled(LIST, otherList)).toBe(true);
    const generation = cache().generation;
    await shop.db.insert(priceGroupPrices).values({
      priceGroupId: buyer!.group,
      productOptionId: card.optionUuid,
      priceKrw: card.totalPrice + 777,
    });
    const listed = await eventually(
      async () => body(await get(LIST, member)).data.productOptionList[2].totalPrice,
      (price) => price !== card.totalPrice,
    );
    expect(listed).toBe(card.totalPrice + 777);
    expect(cache().generation).toBe(generation);
    expect(await kept(otherList, member)).toBe(true);
  });

  it('a product selling out or coming back drops its detail, the lists showing it and those filtered by stock', async () => {
    // An option whose product has nothing else to sell: ordering its 3 pieces sells the product out.
    const last = await stockedOption(shop, 3);
    await shop.db
      .update(productOptions)
      .set({ isSoldOut: true })
      .where(and(eq(productOptions.productId, last.productId), ne(productOptions.id, last.id)));
    await refreshProductDerived(shop.db, [last.productId]);
    expect((await shop.db.select().from(products).where(eq(products.id, last.productId)))[0]?.inStock).toBe(
      true,
    );
    const showing = `/api/v1/product/search?keyword=${encodeURIComponent(last.product.title)}&limit=100`;
    const inStock = `${showing}&stockStatus=inStock`;
    const other = await stockedOption(shop, 30);
    const holds = async (url: string) =>
      (body(await get(url, member)).data.productOptionList as { productUuid: string }[]).some(
        (c) => c.productUuid === last.productId,
      );
    let otherList = LIST.replace('page=1', 'page=5');
    if (await holds(otherList)) otherList = LIST.replace('page=1', 'page=6');
    // Once the notices of the options' edits have come.
    expect(
      await eventually(
        () => holds(inStock),
        (yes) => yes,
      ),
    ).toBe(true);
    expect(await holds(showing)).toBe(true);
    expect(await holds(otherList)).toBe(false);
    expect(await settled(showing, inStock, otherList, detailUrl(other.id))).toBe(true);
    const generation = cache().generation;

    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: last.id, quantity: 3 }]);
    expect((await placeOrder(shop, member, payload)).statusCode).toBe(200);
    // At once on the ordering instance.
    expect(await kept(showing, member)).toBe(false);
    expect(await kept(inStock, member)).toBe(false);
    expect(await holds(inStock)).toBe(false);
    expect(await kept(otherList, member)).toBe(true);
    expect(await kept(detailUrl(other.id), member)).toBe(true);
    expect(cache().generation).toBe(generation);

    // Back in stock by a staff edit (the products' trigger names it): back in the in-stock list.
    expect(await settled(inStock, otherList)).toBe(true);
    await shop.db.transaction(async (tx) => {
      await tx
        .update(productOptions)
        .set({ stock: sql`${productOptions.stock} + 10` })
        .where(eq(productOptions.id, last.id));
      await refreshProductDerived(tx, [last.productId]);
    });
    expect(
      await eventually(
        () => holds(inStock),
        (yes) => yes,
      ),
    ).toBe(true);
    expect(await kept(otherList, member)).toBe(true);
    expect(cache().generation).toBe(generation);
  });
});

describe('sales totals in the kept answers', () => {
  let shop: TestShop;
  beforeAll(async () => {
    // Folds every 20 ms; kept answers take in new totals at most once in 10 minutes.
    shop = await createTestShop({ env: { SALES_FOLD_MS: '20', CATALOGUE_SALES_LAG_MS: '600000' } });
  });
  afterAll(() => shop?.close());

  const pendingSales = async () => (await shop.db.select({ n: count() }).from(pendingSalesTable))[0]?.n;

  it('show the first fold at once, then at most once per CATALOGUE_SALES_LAG_MS, keeping every answer', async () => {
    const member = await shop.loginAs(DEMO.korea);
    const option = await stockedOption(shop, 50);
    const url = `/api/v1/product/search?keyword=${encodeURIComponent(option.product.title)}&page=1&limit=100`;
    const soldShown = async () => {
      const cards = body(await shop.app.inject({ method: 'GET', url })).data.productOptionList as {
        productUuid: string;
        totalSalesQuantity: number;
      }[];
      return cards.find((card) => card.productUuid === option.productId)!.totalSalesQuantity;
    };
    const order = async () => {
      const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]);
      expect((await placeOrder(shop, member, payload)).statusCode).toBe(200);
      expect(await eventually(pendingSales, (n) => n === 0)).toBe(0);
    };
    const before = await soldShown();
    const generation = shop.app.catalogueCache.generation;
    await order();
    // The first fold after a quiet time is shown at once: the kept answer, stale, is made again.
    expect(await eventually(soldShown, (sold) => sold === before + 2)).toBe(before + 2);
    await order();
    const folded = (await shop.db.select().from(products).where(eq(products.id, option.productId)))[0]!;
    expect(folded.totalSalesQuantity).toBe(before + 4);
    // Folded into the product's totals, but kept answers show them only once the lag has passed.
    expect(await soldShown()).toBe(before + 2);
    expect(await soldShown()).toBe(before + 2);
    // Nothing was dropped on the way: lists, searches and details stayed kept.
    expect(shop.app.catalogueCache.generation).toBe(generation);
  });
});
