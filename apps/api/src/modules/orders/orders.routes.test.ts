import { messages } from '@kshop/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  buyers,
  cartItems,
  orderDetails,
  orders,
  productOptions,
  products,
  staff,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import {
  type Auth,
  foldedProduct,
  orderPayload,
  placeOrder,
  receiver,
  stockedOption,
} from '../../test/buying.js';
import { rowsOf } from '../../test/database-watch.js';
import { driftedFacetRows } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';
import { addMemo } from './memos.service.js';
import { placeOrder as placeOrderFor } from './order-placing.js';
import { assignPersonInCharge, NOT_ACTIVE_STAFF } from './person-in-charge.js';
import { moveOrder } from './status-moves.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop({ env: { SHOP_INBOX_EMAIL: 'inbox@kshop.example' } });
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

const optionRow = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!;
const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;

describe('placing an order', () => {
  it('holds the stock, empties those cart lines, and answers a readable order number', async () => {
    const a = await stockedOption(shop, 20);
    const b = await stockedOption(shop, 20);
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: korea,
      payload: {
        productOptionAndQuantityList: [
          { productOptionUuid: a.id, quantity: 2 },
          { productOptionUuid: b.id, quantity: 1 },
        ],
      },
    });
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: a.id, quantity: 2 }]);
    const res = await placeOrder(shop, korea, payload);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Order has been placed successfully.');
    expect(body(res).data.orderNumber).toMatch(/^\d{8}-\d{4,}$/);

    expect((await optionRow(a.id)).holdStock).toBe(2);
    expect((await optionRow(a.id)).stock).toBe(20);
    const lines = await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, a.id));
    expect(lines).toEqual([]);
    expect(await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, b.id))).toHaveLength(1);

    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(res).data.uuid}`, headers: korea }),
    ).data;
    expect(detail).toMatchObject({
      status: 'PENDING',
      currencyCode: 'KRW',
      beforeDiscountProductAmount: a.priceKrw * 2,
      finalPaymentAmount: a.priceKrw * 2,
      orderMemos: [],
      receiverInfo: { receiverName: receiver.receiverName, postalCode: receiver.postalCode },
    });
    expect(detail.orderDetails[0]).toMatchObject({ quantity: 2, amount: a.priceKrw * 2 });
    expect(detail.orderDetails[0].productOption.productTitle).toBe(a.product.title);

    const { orderNumber } = body(res).data;
    await shop.smtp.mailsTo(DEMO.korea, 1, (m) => m.subject === `Order ${orderNumber} received`);
    await shop.smtp.mailsTo('inbox@kshop.example', 1, (m) => m.subject === `New order ${orderNumber}`);
  });

  it('holds each line of an order of three options once, with its own quantity', async () => {
    const options = [
      await stockedOption(shop, 20),
      await stockedOption(shop, 20),
      await stockedOption(shop, 20),
    ];
    const wanted = options.map((o, i) => ({ productOptionUuid: o.id, quantity: i + 1 }));
    const res = await placeOrder(shop, korea, await orderPayload(shop, 'KRW', wanted));
    expect(res.statusCode).toBe(200);
    for (const [i, o] of options.entries())
      expect(await optionRow(o.id)).toMatchObject({ stock: 20, holdStock: i + 1 });
    const lines = await shop.db
      .select()
      .from(orderDetails)
      .where(eq(orderDetails.orderId, body(res).data.uuid));
    expect(lines.map((l) => [l.productOptionId, l.quantity]).sort()).toEqual(
      wanted.map((w) => [w.productOptionUuid, w.quantity]).sort(),
    );
  });

  it("lists an order's lines in the buyer's order, then lines staff add, in the order's detail and its export", async () => {
    const options = [
      await stockedOption(shop, 20),
      await stockedOption(shop, 20),
      await stockedOption(shop, 20),
      await stockedOption(shop, 20),
    ];
    // Neither the options' id order nor their titles' order: the order the buyer put them in.
    const byId = [...options].sort((a, b) => (a.id < b.id ? -1 : 1));
    const wanted = [byId[2]!, byId[0]!, byId[3]!].map((o) => ({ productOptionUuid: o.id, quantity: 1 }));
    const res = await placeOrder(shop, korea, await orderPayload(shop, 'KRW', wanted));
    expect(res.statusCode).toBe(200);
    const { uuid, orderNumber } = body(res).data;
    const detailOrder = async () =>
      body(
        await shop.app.inject({ method: 'GET', url: `/api/v1/order/detail/${uuid}`, headers: korea }),
      ).data.orderDetails.map(
        (l: { productOption: { productOptionUuid: string } }) => l.productOption.productOptionUuid,
      );
    expect(await detailOrder()).toEqual(wanted.map((w) => w.productOptionUuid));

    const owner = await staffSession(shop, 'line-order-owner@kshop.example', 'OWNER');
    const added = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${uuid}/lines`,
      headers: { authorization: owner.authorization },
      payload: { productOptionId: byId[1]!.id, quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    const expected = [...wanted.map((w) => w.productOptionUuid), byId[1]!.id];
    expect(await detailOrder()).toEqual(expected);
    const csv = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order-lines.csv?keyword=${orderNumber}`,
      headers: { authorization: owner.authorization },
    });
    expect(csv.statusCode).toBe(200);
    const titles = expected.map((id) => options.find((o) => o.id === id)!.product.title);
    const lineTitles = csv.body
      .split('\r\n')
      .filter((row) => row.includes(orderNumber))
      .map((row) => titles.find((title) => row.includes(title)));
    expect(lineTitles).toEqual(titles);
  });

  it('charges a global company in dollars', async () => {
    const option = await stockedOption(shop, 5);
    const res = await placeOrder(
      shop,
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect(res.statusCode).toBe(200);
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(res).data.uuid}`, headers: global }),
    ).data;
    expect(detail.currencyCode).toBe('USD');
    expect(detail.finalPaymentAmount).toBe(option.priceUsd / 100);
  });

  it('refuses a tampered amount or another currency and changes nothing', async () => {
    const option = await stockedOption(shop, 10);
    const before = await orderCount();
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const cheaper = await placeOrder(shop, korea, {
      ...payload,
      finalPaymentAmount: payload.finalPaymentAmount - 100,
    });
    expect(cheaper.statusCode).toBe(409);
    expect(body(cheaper).message).toBe(messages.order.pricesChanged);
    const dollars = await placeOrder(shop, korea, { ...payload, currencyCode: 'USD' });
    expect(dollars.statusCode).toBe(409);
    expect(await orderCount()).toBe(before);
    expect((await optionRow(option.id)).holdStock).toBe(0);
  });

  it('refuses the whole order when one line lacks stock, holding nothing', async () => {
    const plenty = await stockedOption(shop, 100);
    const scarce = await stockedOption(shop, 1);
    const payload = await orderPayload(shop, 'KRW', [
      { productOptionUuid: plenty.id, quantity: 3 },
      { productOptionUuid: scarce.id, quantity: 2 },
    ]);
    const res = await placeOrder(shop, korea, payload);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(messages.order.notEnoughStock(scarce.product.title));
    expect((await optionRow(plenty.id)).holdStock).toBe(0);
    expect((await optionRow(scarce.id)).holdStock).toBe(0);
  });

  it('checks minimums, members and the payload', async () => {
    const option = await stockedOption(shop, 50, { minimumOrderQuantity: 10 });
    const few = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 9 }]),
    );
    expect(body(few)).toMatchObject({ statusCode: 400, message: 'Minimum order quantity is 10' });
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 10 }]);
    expect((await shop.app.inject({ method: 'POST', url: '/api/v1/order', payload })).statusCode).toBe(401);
    expect((await placeOrder(shop, await shop.loginAs(DEMO.pending), payload)).statusCode).toBe(403);
    const noAddress = await placeOrder(shop, korea, {
      ...payload,
      receiverInfo: { ...receiver, addressDetail: '' },
    });
    expect(body(noAddress)).toMatchObject({ statusCode: 400, message: 'Address is required' });
    const empty = await placeOrder(shop, korea, { ...payload, productOptionList: [] });
    expect(body(empty)).toMatchObject({ statusCode: 400, message: 'Cart is empty' });
  });
});

describe('the company on an order', () => {
  it('comes from the buyer profile, whatever company name the request carries', async () => {
    const option = await stockedOption(shop, 10);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const res = await placeOrder(shop, korea, {
      ...payload,
      receiverInfo: { ...payload.receiverInfo, companyName: 'X' },
    });
    expect(res.statusCode).toBe(200);
    const [profile] = await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea));
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, body(res).data.uuid));
    expect(order!.receiverCompanyName).toBe(profile!.companyName);
    expect(order!.receiverCompanyName).not.toBe('X');
    expect(order!.businessRegistrationNumber).toBe(profile!.businessRegistrationNumber);
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(res).data.uuid}`, headers: korea }),
    ).data;
    expect(detail.receiverInfo.companyName).toBe(profile!.companyName);
    const inbox = await shop.smtp.waitFor((m) => m.subject === `New order ${body(res).data.orderNumber}`);
    // Quoted-printable soft line breaks aside, the shop's inbox reads the profile's company too.
    expect(inbox.raw.replace(/=\r?\n/g, '')).toContain(`from ${profile!.companyName} waits`);
  });
});

describe('naming the person in charge', () => {
  it('accepts an active staff member or nobody, and refuses any other id with 400 naming the field, writing nothing', async () => {
    const owner = await staffSession(shop, 'pic-owner@kshop.example', 'OWNER');
    const colleague = await staffSession(shop, 'pic-colleague@kshop.example');
    const gone = await staffSession(shop, 'pic-gone@kshop.example');
    await shop.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, gone.id));
    const option = await stockedOption(shop, 10);
    const placed = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
      ),
    ).data;
    const name = (staffId: string | null) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${placed.orderNumber}/person-in-charge`,
        headers: { authorization: owner.authorization },
        payload: { staffId },
      });
    const inCharge = async () =>
      (await shop.db.select().from(orders).where(eq(orders.id, placed.uuid)))[0]!.personInChargeStaffId;
    const audits = async () =>
      (await shop.db.select().from(auditLog).where(eq(auditLog.entityId, placed.orderNumber))).length;

    expect((await name(colleague.id)).statusCode).toBe(200);
    expect(await inCharge()).toBe(colleague.id);
    const written = await audits();
    for (const id of ['00000000-0000-4000-8000-000000000000', gone.id]) {
      const refused = await name(id);
      expect(body(refused)).toEqual({ statusCode: 400, message: NOT_ACTIVE_STAFF, data: null });
      expect(body(refused).message).toContain('staffId');
    }
    expect(await inCharge()).toBe(colleague.id);
    expect(await audits()).toBe(written);
    expect((await name(null)).statusCode).toBe(200);
    expect(await inCharge()).toBeNull();
  });
});

describe('reading orders', () => {
  it('lists a member own orders newest first, four to a page, and hides other members orders', async () => {
    const auth = await shop.loginAs(DEMO.global);
    const all = body(
      await shop.app.inject({ url: '/api/v1/order/list?page=1&limit=100', headers: auth }),
    ).data;
    const option = await stockedOption(shop, 50);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await placeOrder(
            shop,
            auth,
            await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
          )
        ).statusCode,
      ).toBe(200);
    }
    const first = body(await shop.app.inject({ url: '/api/v1/order/list?page=1', headers: auth })).data;
    expect(first.orderList).toHaveLength(4);
    expect(first.totalCount).toBe(all.totalCount + 5);
    const times = first.orderList.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(first.orderList[0].orderDetails[0].productOption.thumbnailUrlArray.length).toBe(1);

    const theirs = first.orderList[0].uuid;
    const spy = await shop.app.inject({ url: `/api/v1/order/detail/${theirs}`, headers: korea });
    expect(spy.statusCode).toBe(404);
    expect(body(spy).message).toBe('Order not found.');
    const koreaList = body(
      await shop.app.inject({ url: '/api/v1/order/list?limit=100', headers: korea }),
    ).data;
    expect(koreaList.orderList.some((o: { uuid: string }) => o.uuid === theirs)).toBe(false);
  });
});

describe('staff moving orders', () => {
  it('ships from the held stock, cancels by releasing it, and refuses other moves', async () => {
    const option = await stockedOption(shop, 10);
    const shipped = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 4 }]),
      ),
    ).data;
    const cancelled = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 3 }]),
      ),
    ).data;
    expect((await optionRow(option.id)).holdStock).toBe(7);

    await expect(moveOrder(shop.db, shipped.orderNumber, 'SHIPPED')).rejects.toThrow('cannot become SHIPPED');
    const inCharge = await staffSession(shop, 'moves-staff@kshop.example');
    await assignPersonInCharge(shop.db, shipped.orderNumber, inCharge.id, null);
    for (const status of ['CONFIRMED', 'PAID', 'PREPARING', 'SHIPPED'] as const)
      await moveOrder(shop.db, shipped.orderNumber, status);
    expect(await optionRow(option.id)).toMatchObject({ stock: 6, holdStock: 3 });

    const productBefore = await foldedProduct(shop, option.productId);
    await moveOrder(shop.db, cancelled.orderNumber, 'CANCELLED', null, undefined, 'The buyer asked.');
    expect(await optionRow(option.id)).toMatchObject({ stock: 6, holdStock: 0 });
    const productAfter = await foldedProduct(shop, option.productId);
    expect(productAfter.totalSalesQuantity).toBe(productBefore.totalSalesQuantity - 3);
    await expect(moveOrder(shop.db, cancelled.orderNumber, 'CONFIRMED')).rejects.toThrow(
      'cannot become CONFIRMED',
    );
  });

  it('adds memos to the final amount, which the buyer then sees', async () => {
    const option = await stockedOption(shop, 10);
    const placed = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
      ),
    ).data;
    await addMemo(shop.db, placed.orderNumber, 'Shipping fee/15000');
    await addMemo(shop.db, placed.orderNumber, 'Discount/-5000');
    await expect(addMemo(shop.db, placed.orderNumber, 'no amount here')).rejects.toThrow('label/amount');
    await expect(addMemo(shop.db, placed.orderNumber, 'Fee/12.5')).rejects.toThrow('decimals');
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: korea }),
    ).data;
    expect(detail.orderMemos.map((m: { content: string }) => m.content)).toEqual([
      'Shipping fee/15000',
      'Discount/-5000',
    ]);
    expect(detail.finalPaymentAmount).toBe(option.priceKrw + 10000);
    expect(detail.beforeDiscountProductAmount).toBe(option.priceKrw);
  });
});

describe('simultaneous orders', () => {
  it('200 buyers racing for 50 pieces: exactly 50 orders, the rest a clear 409', async () => {
    const option = await stockedOption(shop, 50);
    const before = await orderCount();
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 200 }, () => placeOrder(shop, korea, payload)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(body(answer).message).toBe(messages.order.notEnoughStock(option.product.title));
    }
    expect(await optionRow(option.id)).toMatchObject({ stock: 50, holdStock: 50 });
    expect(await orderCount()).toBe(before + 50);
  }, 120_000);
});

describe('what one order writes, and what a refusal leaves alone', () => {
  const productRow = (id: string) => foldedProduct(shop, id);
  const detailsOfOrder = (orderId: string) =>
    shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId));
  /** The product's other options hold nothing to sell, so this option alone keeps it in stock. */
  const onlySellable = async (option: { id: string; productId: string }) => {
    await shop.db
      .update(productOptions)
      .set({ stock: 0, holdStock: 0 })
      .where(and(eq(productOptions.productId, option.productId), ne(productOptions.id, option.id)));
  };

  it('writes the lines as the catalogue reads, adds the sale in the buyer currency, and keeps a product in stock while pieces are left', async () => {
    const option = await stockedOption(shop, 10);
    await onlySellable(option);
    await shop.db
      .update(products)
      .set({ imageUrls: ['/img/a.jpg', '/img/b.jpg'] })
      .where(eq(products.id, option.productId));
    const before = await productRow(option.productId);
    const res = await placeOrder(
      shop,
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 3 }]),
    );
    expect(res.statusCode).toBe(200);
    const placed = body(res).data;
    const day = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(placed.orderNumber).toMatch(new RegExp(`^${day}-\\d+$`));
    const [line] = await detailsOfOrder(placed.uuid);
    expect(line).toMatchObject({
      productOptionId: option.id,
      quantity: 3,
      unitPrice: option.priceUsd,
      amount: option.priceUsd * 3,
      currencyCode: 'USD',
      productTitle: option.product.title,
      optionNameValue1: option.optionNameValue1,
      optionNameValue2: option.optionNameValue2,
      thumbnailUrl: '/img/a.jpg',
    });
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, placed.uuid));
    expect(order).toMatchObject({ productAmount: option.priceUsd * 3, finalAmount: option.priceUsd * 3 });
    const after = await productRow(option.productId);
    expect(after.totalSalesQuantity).toBe(before.totalSalesQuantity + 3);
    expect(after.totalSalesAmountUsd).toBe(before.totalSalesAmountUsd + option.priceUsd * 3);
    expect(after.totalSalesAmountKrw).toBe(before.totalSalesAmountKrw);
    expect(after.inStock).toBe(true);
  });

  it('marks the product out of stock with the order that takes its last pieces', async () => {
    const option = await stockedOption(shop, 4);
    await onlySellable(option);
    const first = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect(first.statusCode).toBe(200);
    expect((await productRow(option.productId)).inStock).toBe(true);
    const last = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 3 }]),
    );
    expect(last.statusCode).toBe(200);
    expect((await productRow(option.productId)).inStock).toBe(false);
    expect(await optionRow(option.id)).toMatchObject({ stock: 4, holdStock: 4 });
    // The products' statement triggers ran for the change: the kept in-stock counts and the product's
    // facet rows agree with the products.
    const [counted] = await rowsOf<{ kept: number; listed: number }>(
      shop.db,
      sql`select (select coalesce(sum(n), 0)::int from product_list_counts where in_stock) as kept,
        (select count(*)::int from products where deleted_at is null and is_published and in_stock) as listed`,
    );
    const { kept, listed } = counted!;
    expect(kept).toBe(listed);
    expect(await driftedFacetRows(shop.db, [option.productId])).toEqual([]);
  });

  it('refuses an option flagged sold out as lacking stock, and writes nothing: no hold, no order, no sale, the cart as it was', async () => {
    const plenty = await stockedOption(shop, 50);
    const flagged = await stockedOption(shop, 50, { isSoldOut: true });
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: korea,
      payload: { productOptionAndQuantityList: [{ productOptionUuid: plenty.id, quantity: 1 }] },
    });
    const ordersBefore = await orderCount();
    const salesBefore = (await productRow(plenty.productId)).totalSalesQuantity;
    const res = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [
        { productOptionUuid: plenty.id, quantity: 2 },
        { productOptionUuid: flagged.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(messages.order.notEnoughStock(flagged.product.title));
    expect(await orderCount()).toBe(ordersBefore);
    expect((await optionRow(plenty.id)).holdStock).toBe(0);
    expect((await optionRow(flagged.id)).holdStock).toBe(0);
    expect((await productRow(plenty.productId)).totalSalesQuantity).toBe(salesBefore);
    expect(
      await shop.db.select().from(cartItems).where(eq(cartItems.productOptionId, plenty.id)),
    ).toHaveLength(1);
  });

  it('answers 404 for an option of a deleted product, holding nothing on the other lines', async () => {
    const kept = await stockedOption(shop, 20);
    const gone = await stockedOption(shop, 20);
    const payload = await orderPayload(shop, 'KRW', [
      { productOptionUuid: kept.id, quantity: 1 },
      { productOptionUuid: gone.id, quantity: 1 },
    ]);
    await shop.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.productId));
    const res = await placeOrder(shop, korea, payload);
    expect(res.statusCode).toBe(404);
    expect((await optionRow(kept.id)).holdStock).toBe(0);
    const unknown = await placeOrder(shop, korea, {
      ...payload,
      productOptionList: [{ productOptionUuid: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives the reasons in their order: below a minimum before a changed price before missing stock', async () => {
    const scarce = await stockedOption(shop, 1);
    const minimum = await stockedOption(shop, 50, { minimumOrderQuantity: 5 });
    const lines = [
      { productOptionUuid: scarce.id, quantity: 2 },
      { productOptionUuid: minimum.id, quantity: 2 },
    ];
    const payload = await orderPayload(shop, 'KRW', lines);
    const below = await placeOrder(shop, korea, payload);
    expect(body(below)).toMatchObject({ statusCode: 400, message: 'Minimum order quantity is 5' });
    const enough = [lines[0]!, { productOptionUuid: minimum.id, quantity: 5 }];
    const priced = await orderPayload(shop, 'KRW', enough);
    const changed = await placeOrder(shop, korea, {
      ...priced,
      finalPaymentAmount: priced.finalPaymentAmount + 1,
    });
    expect(body(changed).message).toBe(messages.order.pricesChanged);
    const short = await placeOrder(shop, korea, priced);
    expect(body(short).message).toBe(messages.order.notEnoughStock(scarce.product.title));
    expect((await optionRow(minimum.id)).holdStock).toBe(0);
  });

  it('refuses a buyer that no longer exists with 404, writing nothing', async () => {
    const option = await stockedOption(shop, 5);
    const ordersBefore = await orderCount();
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    await expect(
      placeOrderFor(shop.db, '00000000-0000-4000-8000-000000000000', 'KRW', payload),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await orderCount()).toBe(ordersBefore);
    expect((await optionRow(option.id)).holdStock).toBe(0);
  });

  it('places an order of many lines, which runs unprepared, as one of a few', async () => {
    const options = [];
    for (let i = 0; i < 12; i++) options.push(await stockedOption(shop, 30));
    const lines = options.map((o, i) => ({ productOptionUuid: o.id, quantity: 1 + (i % 3) }));
    const res = await placeOrder(shop, korea, await orderPayload(shop, 'KRW', lines));
    expect(res.statusCode).toBe(200);
    expect(await detailsOfOrder(body(res).data.uuid)).toHaveLength(12);
    for (const [i, o] of options.entries()) expect((await optionRow(o.id)).holdStock).toBe(1 + (i % 3));
  });

  it('numbers orders placed at once each differently', async () => {
    const option = await stockedOption(shop, 100);
    const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(shop, korea, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => body(a).data.orderNumber)).size).toBe(20);
    expect((await optionRow(option.id)).holdStock).toBe(20);
  }, 60_000);
});

// Last in the file: the option it takes from the shared pool would shift the options the tests above are handed.
describe("the receiver's country on an order", () => {
  it('keeps the country and postal code the buyer sent; Korea when a Korean company names none, else none', async () => {
    const option = await stockedOption(shop, 10);
    const detailOf = async (auth: Auth, uuid: string) =>
      body(await shop.app.inject({ url: `/api/v1/order/detail/${uuid}`, headers: auth })).data.receiverInfo;

    const toronto = await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]);
    const res = await placeOrder(shop, global, {
      ...toronto,
      receiverInfo: {
        ...toronto.receiverInfo,
        postalCode: 'M5V 2T6',
        addressDetail: '200 Front St W, Toronto, ON',
        country: 'ca',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await detailOf(global, body(res).data.uuid)).toMatchObject({
      postalCode: 'M5V 2T6',
      addressDetail: '200 Front St W, Toronto, ON',
      country: 'CA',
    });
    const staff = await staffSession(shop, 'country-owner@kshop.example', 'OWNER');
    const adminDetail = body(
      await shop.app.inject({
        url: `/api/v1/admin/orders/${body(res).data.orderNumber}`,
        headers: { authorization: staff.authorization },
      }),
    ).data;
    expect(adminDetail.receiverInfo).toMatchObject({ postalCode: 'M5V 2T6', country: 'CA' });

    const seoul = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect((await detailOf(korea, body(seoul).data.uuid)).country).toBe('KR');
    const unsaid = await placeOrder(
      shop,
      global,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect((await detailOf(global, body(unsaid).data.uuid)).country).toBeNull();

    const bad = await placeOrder(shop, global, {
      ...toronto,
      receiverInfo: { ...toronto.receiverInfo, country: 'Canada' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
