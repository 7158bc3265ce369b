import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { lockProducts } from '../../db/row-locks.js';
import { pendingSales, products } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { serverErrors } from '../../test/races.js';
import { appendSales, foldSales } from './pending-sales.js';
import { moveOrder } from './status-moves.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// A test shop folds only when asked (SALES_FOLD_MS=0), so what waits between two folds shows.
let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const totalsOf = async (productId: string) => {
  const [row] = await shop.db
    .select({
      quantity: products.totalSalesQuantity,
      krw: products.totalSalesAmountKrw,
      usd: products.totalSalesAmountUsd,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
};
const pendingOf = (productId: string) =>
  queryRows<{ quantity: number; krw: number; usd: number; rows: number }>(
    shop.db,
    sql`select coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(amount_krw), 0)::int as krw,
      coalesce(sum(amount_usd), 0)::int as usd, count(*)::int as rows
    from ${pendingSales} where product_id = ${productId}`,
  ).then((rows) => rows[0]!);

describe('sales wait in pending_sales until a fold adds them to the product', () => {
  it("an order appends its sale, leaves the product's totals, and one fold adds it once", async () => {
    await foldSales(shop.db);
    const option = await stockedOption(shop, 50);
    const before = await totalsOf(option.productId);
    const placed = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 3 }]),
    );
    expect(placed.statusCode).toBe(200);

    expect(await totalsOf(option.productId)).toEqual(before);
    expect(await pendingOf(option.productId)).toEqual({
      quantity: 3,
      krw: option.priceKrw * 3,
      usd: 0,
      rows: 1,
    });

    expect(await foldSales(shop.db)).toBeGreaterThanOrEqual(1);
    expect(await totalsOf(option.productId)).toEqual({
      quantity: before.quantity + 3,
      krw: before.krw + option.priceKrw * 3,
      usd: before.usd,
    });
    expect(await pendingOf(option.productId)).toMatchObject({ rows: 0 });
    // Nothing left: a second fold changes nothing.
    expect(await foldSales(shop.db)).toBe(0);
    expect((await totalsOf(option.productId)).quantity).toBe(before.quantity + 3);
  });

  it('an order refused for stock appends nothing', async () => {
    const option = await stockedOption(shop, 1);
    const refused = await placeOrder(
      shop,
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 2 }]),
    );
    expect(refused.statusCode).toBe(409);
    expect(await pendingOf(option.productId)).toMatchObject({ rows: 0 });
  });

  it('a cancellation folded with its order leaves the totals as they were, and none falls below zero', async () => {
    await foldSales(shop.db);
    const option = await stockedOption(shop, 50);
    const before = await totalsOf(option.productId);
    const placed = body(
      await placeOrder(
        shop,
        global,
        await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 4 }]),
      ),
    ).data as { orderNumber: string };
    await moveOrder(shop.db, placed.orderNumber, 'CANCELLED', null, undefined, 'The buyer asked.');
    expect(await pendingOf(option.productId)).toEqual({
      quantity: 0,
      krw: 0,
      usd: 0,
      rows: 2,
    });
    await foldSales(shop.db);
    expect(await totalsOf(option.productId)).toEqual(before);

    // A taking-back larger than the totals (figures set by hand) stops at zero, as it always did.
    await shop.db
      .insert(pendingSales)
      .values({ productId: option.productId, quantity: -1_000_000, amountUsd: -1 });
    await foldSales(shop.db);
    expect(await totalsOf(option.productId)).toMatchObject({ quantity: 0, usd: Math.max(before.usd - 1, 0) });
  });

  it.skipIf(!onPostgres)(
    'a fold skips a product someone holds, without waiting, and takes it at the next fold (PostgreSQL only: PGlite has one connection)',
    async () => {
      await foldSales(shop.db);
      const held = await stockedOption(shop, 10);
      const free = await stockedOption(shop, 10);
      expect(held.productId).not.toBe(free.productId);
      const before = { held: await totalsOf(held.productId), free: await totalsOf(free.productId) };
      await appendSales(shop.db, [
        { productId: held.productId, quantity: 2, amountKrw: 20, amountUsd: 0 },
        { productId: free.productId, quantity: 5, amountKrw: 50, amountUsd: 0 },
      ]);
      // Another transaction holds one product, as an order or a save does while it runs.
      await inTransaction(shop.db, async (tx) => {
        await lockProducts(tx, [held.productId]);
        const started = performance.now();
        await foldSales(shop.db);
        // A fold that waited would wait for this transaction, which waits for the fold: it never ends.
        expect(performance.now() - started).toBeLessThan(5_000);
      });
      expect(await totalsOf(free.productId)).toMatchObject({ quantity: before.free.quantity + 5 });
      expect(await totalsOf(held.productId)).toEqual(before.held);
      expect(await pendingOf(held.productId)).toMatchObject({ quantity: 2, rows: 1 });

      await foldSales(shop.db);
      expect(await totalsOf(held.productId)).toMatchObject({ quantity: before.held.quantity + 2 });
      expect(await pendingOf(held.productId)).toMatchObject({ rows: 0 });
    },
  );

  it('a pending row names a product that exists', async () => {
    const nowhere = '00000000-0000-4000-8000-000000000000';
    await expect(
      shop.db.insert(pendingSales).values({ productId: nowhere, quantity: 2, amountKrw: 200 }),
    ).rejects.toThrow();
    expect(await pendingOf(nowhere)).toMatchObject({ rows: 0 });
  });
});

describe('orders, cancellations and folds at once', () => {
  it('24 orders and 4 cancellations racing 6 folds: no 5xx, and the totals end exactly at what was sold', async () => {
    await foldSales(shop.db);
    const a = await stockedOption(shop, 10_000);
    const b = await stockedOption(shop, 10_000);
    const products = [...new Set([a.productId, b.productId])];
    const before = await Promise.all(products.map((id) => totalsOf(id)));
    const payload = (i: number) =>
      orderPayload(shop, i % 2 ? 'USD' : 'KRW', [
        { productOptionUuid: a.id, quantity: 1 + (i % 3) },
        { productOptionUuid: b.id, quantity: 1 },
      ]);
    const payloads = await Promise.all(Array.from({ length: 24 }, (_, i) => payload(i)));
    // Four orders placed first, to be cancelled during the race.
    const toCancel: { orderNumber: string; i: number }[] = [];
    for (const i of [0, 1, 2, 3]) {
      const placed = await placeOrder(shop, i % 2 ? global : korea, payloads[i]!);
      toCancel.push({ orderNumber: (body(placed).data as { orderNumber: string }).orderNumber, i });
    }
    const answers: LightMyRequestResponse[] = [];
    await Promise.all([
      ...payloads.slice(4).map(async (p, k) => {
        answers.push(await placeOrder(shop, (k + 4) % 2 ? global : korea, p));
      }),
      ...toCancel.map((c) => moveOrder(shop.db, c.orderNumber, 'CANCELLED', null, undefined, 'Raced.')),
      ...Array.from({ length: 6 }, () => foldSales(shop.db)),
    ]);
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await foldSales(shop.db);

    // Sold: the 20 orders of the race (orders 4–23); the 4 cancelled ones add nothing in the end.
    const sold = { a: 0, b: 0, krw: 0, usd: 0 };
    for (let i = 4; i < 24; i++) {
      sold.a += 1 + (i % 3);
      sold.b += 1;
      const minor = (1 + (i % 3)) * (i % 2 ? a.priceUsd : a.priceKrw) + (i % 2 ? b.priceUsd : b.priceKrw);
      if (i % 2) sold.usd += minor;
      else sold.krw += minor;
    }
    const after = await Promise.all(products.map((id) => totalsOf(id)));
    const added = (k: number) => ({
      quantity: after[k]!.quantity - before[k]!.quantity,
      krw: after[k]!.krw - before[k]!.krw,
      usd: after[k]!.usd - before[k]!.usd,
    });
    if (products.length === 2) {
      expect(added(0).quantity + added(1).quantity).toBe(sold.a + sold.b);
      expect(added(products.indexOf(a.productId)).quantity).toBe(sold.a);
    } else {
      expect(added(0).quantity).toBe(sold.a + sold.b);
    }
    expect(products.reduce((sum, _, k) => sum + added(k).krw, 0)).toBe(sold.krw);
    expect(products.reduce((sum, _, k) => sum + added(k).usd, 0)).toBe(sold.usd);
    for (const id of products) expect(await pendingOf(id)).toMatchObject({ rows: 0 });
  });
});

describe('folds at once', () => {
  it('8 folds of the same 300 pending rows add each row once', async () => {
    await foldSales(shop.db);
    const a = await stockedOption(shop, 10);
    const b = await stockedOption(shop, 10);
    const ids = [a.productId, b.productId];
    const before = await Promise.all(ids.map((id) => totalsOf(id)));
    await shop.db.insert(pendingSales).values(
      Array.from({ length: 300 }, (_, i) => ({
        productId: ids[i % 2]!,
        quantity: 1,
        amountKrw: 100,
        amountUsd: 0,
      })),
    );
    const changed = await Promise.all(Array.from({ length: 8 }, () => foldSales(shop.db)));
    // Between them the folds changed each product at least once; every row was added exactly once.
    expect(changed.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(new Set(ids).size);
    const after = await Promise.all(ids.map((id) => totalsOf(id)));
    // Two options of one product share its 300 rows; otherwise each product has 150.
    const rowsEach = ids[0] === ids[1] ? 300 : 150;
    for (const k of [0, 1]) {
      expect(after[k]!.quantity - before[k]!.quantity).toBe(rowsEach);
      expect(after[k]!.krw - before[k]!.krw).toBe(100 * rowsEach);
    }
    for (const id of ids) expect(await pendingOf(id)).toMatchObject({ rows: 0 });
  });
});

describe('the shop folds by itself', () => {
  it('every SALES_FOLD_MS, so best-selling takes in an order without anyone asking', async () => {
    const folding = await createTestShop({ env: { SALES_FOLD_MS: '50' } });
    try {
      const buyer = await folding.loginAs(DEMO.korea);
      const option = await stockedOption(folding, 20);
      const [before] = await folding.db.select().from(products).where(eq(products.id, option.productId));
      const placed = await placeOrder(
        folding,
        buyer,
        await orderPayload(folding, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]),
      );
      expect(placed.statusCode).toBe(200);
      const deadline = Date.now() + 10_000;
      let quantity = before!.totalSalesQuantity;
      while (quantity !== before!.totalSalesQuantity + 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        [{ quantity }] = (await folding.db
          .select({ quantity: products.totalSalesQuantity })
          .from(products)
          .where(eq(products.id, option.productId))) as [{ quantity: number }];
      }
      expect(quantity).toBe(before!.totalSalesQuantity + 2);
    } finally {
      await folding.close();
    }
  });
});
