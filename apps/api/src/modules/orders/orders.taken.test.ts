import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  auditLog,
  buyers,
  cartItems,
  optionVolumeTiers,
  orderStatusHistory,
  orders,
  priceGroups,
  productOptions,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
let korea: Auth;
let clerk: { authorization: string; id: string };
const ids = {} as Record<'korea' | 'global' | 'pending', string>;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  clerk = await staffSession(shop, 'taken-clerk@kshop.example');
  for (const [key, email] of Object.entries(DEMO)) {
    const [row] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, email));
    ids[key as keyof typeof ids] = row!.id;
  }
});
afterAll(() => shop?.close());

const receiverInfo = {
  companyEmail: 'orders@phone.example',
  receiverName: 'Park Jisoo',
  phoneNumber: '+82 10-5555-0101',
  postalCode: '04524',
  addressDetail: '7 Sejong-daero, Jung-gu, Seoul',
};
const take = (payload: object, headers: Record<string, string> | undefined = clerk) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/admin/orders', headers, payload });
const optionRow = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!;
const orderCount = async () =>
  (await shop.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;
const adminDetail = async (orderNumber: string) =>
  body(await shop.app.inject({ url: `/api/v1/admin/orders/${orderNumber}`, headers: clerk })).data;

describe('an order taken for a buyer', () => {
  it('holds stock, prices in the buyer currency, records and shows who took it, and mails like a storefront order', async () => {
    const a = await stockedOption(shop, 20);
    const b = await stockedOption(shop, 20);
    // The buyer's own cart stays as it is.
    await shop.db.insert(cartItems).values({ buyerId: ids.korea, productOptionId: a.id, quantity: 1 });

    const res = await take({
      buyerId: ids.korea,
      lines: [
        { productOptionId: a.id, quantity: 3 },
        { productOptionId: b.id, quantity: 2 },
      ],
      receiverInfo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid, orderNumber } = body(res).data;

    expect((await optionRow(a.id)).holdStock).toBe(3);
    expect((await optionRow(b.id)).holdStock).toBe(2);
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, uuid));
    expect(row).toMatchObject({
      buyerId: ids.korea,
      currencyCode: 'KRW',
      productAmount: a.priceKrw * 3 + b.priceKrw * 2,
      finalAmount: a.priceKrw * 3 + b.priceKrw * 2,
      takenByStaffId: clerk.id,
      status: 'PENDING',
      receiverName: receiverInfo.receiverName,
      receiverAddressDetail: receiverInfo.addressDetail,
    });
    expect(
      await shop.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.buyerId, ids.korea), eq(cartItems.productOptionId, a.id))),
    ).toHaveLength(1);

    const history = await shop.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, uuid));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'PENDING', actor: 'STAFF', staffId: clerk.id }),
    ]);
    const detail = await adminDetail(orderNumber);
    expect(detail.takenBy).toMatchObject({ id: clerk.id, email: 'taken-clerk@kshop.example' });
    expect(detail.statusHistory[0]).toMatchObject({ from: null, to: 'PENDING', actor: 'STAFF' });
    const list = body(
      await shop.app.inject({ url: `/api/v1/admin/orders?orderNumber=${orderNumber}`, headers: clerk }),
    ).data;
    expect(list.orderList[0].takenBy).toBe('taken-clerk@kshop.example');

    // The buyer sees it among its own orders.
    const own = body(await shop.app.inject({ url: `/api/v1/order/detail/${uuid}`, headers: korea })).data;
    expect(own.orderNumber).toBe(orderNumber);

    const toBuyer = await shop.smtp.waitFor((m) => m.subject === `Order ${orderNumber} received`);
    expect(toBuyer.to).toContain(DEMO.korea);
    const inbox = await shop.smtp.waitFor((m) => m.subject === `New order ${orderNumber}`);
    // Quoted-printable breaks long lines with a soft '=' at the end.
    expect(inbox.raw.replace(/=\r?\n/g, '')).toContain('taken by taken-clerk@kshop.example');
  });

  it('is in charge of the staff member who took it, as the history, the audit log and the list say', async () => {
    const option = await stockedOption(shop, 10);
    const res = await take({
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid, orderNumber } = body(res).data;

    const [row] = await shop.db.select().from(orders).where(eq(orders.id, uuid));
    expect(row).toMatchObject({
      personInChargeStaffId: clerk.id,
      takenByStaffId: clerk.id,
      status: 'PENDING',
    });
    const detail = await adminDetail(orderNumber);
    expect(detail.personInCharge).toMatchObject({ id: clerk.id, email: 'taken-clerk@kshop.example' });
    expect(detail.statusHistory[0].note).toBe(
      'Placed by staff (taken-clerk@kshop.example) for the buyer; taken-clerk@kshop.example is in charge.',
    );
    const audit = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderNumber), eq(auditLog.action, 'order.person-in-charge')));
    expect(audit).toEqual([
      expect.objectContaining({
        staffId: clerk.id,
        before: { personInChargeStaffId: null },
        after: { personInChargeStaffId: clerk.id },
      }),
    ]);
    const mine = body(
      await shop.app.inject({
        url: `/api/v1/admin/orders?assigned=me&orderNumber=${orderNumber}`,
        headers: clerk,
      }),
    ).data;
    expect(mine.orderList.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    // Someone is in charge, so it can be confirmed at once.
    expect(detail.nextStatuses).toContain('CONFIRMED');
  });

  it('charges a global company in dollars and takes one of its saved addresses', async () => {
    const option = await stockedOption(shop, 10);
    const [saved] = await shop.db
      .insert(addresses)
      .values({ buyerId: ids.global, postalCode: '10001', addressDetail: '350 Fifth Avenue, New York' })
      .returning();
    const res = await take({
      buyerId: ids.global,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      addressId: saved!.id,
      receiverInfo: { ...receiverInfo, postalCode: '', addressDetail: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, body(res).data.uuid));
    expect(row).toMatchObject({
      currencyCode: 'USD',
      productAmount: option.priceUsd,
      receiverPostalCode: '10001',
      receiverAddressDetail: '350 Fifth Avenue, New York',
      // Saved before countries were kept: the order does not guess one for a Global company.
      receiverCountry: null,
    });

    // A typed address abroad keeps its letters and its country.
    const typed = await take({
      buyerId: ids.global,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo: {
        ...receiverInfo,
        postalCode: 'SW1A 1AA',
        addressDetail: '10 Downing St, London',
        country: 'GB',
      },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const [london] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, body(typed).data.uuid));
    expect(london).toMatchObject({ receiverPostalCode: 'SW1A 1AA', receiverCountry: 'GB' });
  });

  it('refuses a total the catalogue no longer agrees with (409), and takes the one it does', async () => {
    const option = await stockedOption(shop, 10);
    const before = await orderCount();
    const wrong = await take({
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo,
      finalPaymentAmount: option.priceKrw + 1,
    });
    expect(wrong.statusCode).toBe(409);
    expect(await orderCount()).toBe(before);
    const right = await take({
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo,
      finalPaymentAmount: option.priceKrw,
    });
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('a repeated submission', () => {
  it('with the same Idempotency-Key places one order and answers the repeat as the first', async () => {
    const option = await stockedOption(shop, 10);
    const payload = {
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 2 }],
      receiverInfo,
    };
    const headers = { ...clerk, 'idempotency-key': `taken-${option.id}` };
    const before = await orderCount();
    const first = await take(payload, headers);
    const again = await take(payload, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(body(again).data).toEqual(body(first).data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before + 1);
    expect((await optionRow(option.id)).holdStock).toBe(2);
  });
});

describe('what an order taken for a buyer refuses, changing nothing', () => {
  it('a buyer awaiting approval or suspended', async () => {
    const option = await stockedOption(shop, 10);
    const before = await orderCount();
    const pending = await take({
      buyerId: ids.pending,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo,
    });
    expect(pending.statusCode).toBe(409);
    expect(body(pending).message).toBe('Only an approved buyer can order; this buyer is PENDING.');

    await shop.db.update(buyers).set({ status: 'SUSPENDED' }).where(eq(buyers.id, ids.global));
    try {
      const suspended = await take({
        buyerId: ids.global,
        lines: [{ productOptionId: option.id, quantity: 1 }],
        receiverInfo,
      });
      expect(suspended.statusCode).toBe(409);
      expect(body(suspended).message).toBe('Only an approved buyer can order; this buyer is SUSPENDED.');
    } finally {
      await shop.db.update(buyers).set({ status: 'APPROVED' }).where(eq(buyers.id, ids.global));
    }
    expect(await orderCount()).toBe(before);
    expect((await optionRow(option.id)).holdStock).toBe(0);
  });

  it("another buyer's address, an unknown buyer, no address at all", async () => {
    const option = await stockedOption(shop, 10);
    const before = await orderCount();
    const [theirs] = await shop.db
      .insert(addresses)
      .values({ buyerId: ids.global, postalCode: '94103', addressDetail: '1 Market Street, San Francisco' })
      .returning();
    const foreign = await take({
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      addressId: theirs!.id,
      receiverInfo,
    });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).message).toBe('addressId: the buyer has no saved address with this id.');

    const unknown = await take({
      buyerId: '00000000-0000-4000-8000-000000000000',
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo,
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Buyer not found.');

    const noAddress = await take({
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo: { ...receiverInfo, addressDetail: '' },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
    expect((await optionRow(option.id)).holdStock).toBe(0);
  });

  it('sold out or short of stock: 409 and nothing held', async () => {
    const short = await stockedOption(shop, 2);
    const fine = await stockedOption(shop, 10);
    const soldOut = await stockedOption(shop, 10, { isSoldOut: true });
    const before = await orderCount();
    for (const [option, quantity] of [
      [short, 3],
      [soldOut, 1],
    ] as const) {
      const res = await take({
        buyerId: ids.korea,
        lines: [
          { productOptionId: fine.id, quantity: 1 },
          { productOptionId: option.id, quantity },
        ],
        receiverInfo,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(body(res).message).toBe(
        `Not enough stock left for ${option.product.title}. Please review your cart.`,
      );
    }
    expect(await orderCount()).toBe(before);
    expect((await optionRow(fine.id)).holdStock).toBe(0);
    expect((await optionRow(short.id)).holdStock).toBe(0);
  });

  it('the quantity rules, as for a storefront order', async () => {
    const carton = await stockedOption(shop, 100, { orderMultiple: 10 });
    const res = await take({
      buyerId: ids.korea,
      lines: [{ productOptionId: carton.id, quantity: 15 }],
      receiverInfo,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Quantity must be a multiple of 10.');
    expect((await optionRow(carton.id)).holdStock).toBe(0);
  });

  it('a buyer or a guest: 401 without a staff session, whatever the buyer token', async () => {
    const option = await stockedOption(shop, 10);
    const payload = {
      buyerId: ids.korea,
      lines: [{ productOptionId: option.id, quantity: 1 }],
      receiverInfo,
    };
    const before = await orderCount();
    expect((await take(payload, {})).statusCode).toBe(401);
    const asBuyer = await take(payload, korea);
    expect([401, 403]).toContain(asBuyer.statusCode);
    const options = await shop.app.inject({
      url: `/api/v1/admin/buyers/${ids.korea}/order-options`,
      headers: korea,
    });
    expect([401, 403]).toContain(options.statusCode);
    expect(await orderCount()).toBe(before);
    expect((await optionRow(option.id)).holdStock).toBe(0);
  });
});

describe('the options the order form offers', () => {
  it('shows live available stock, the quantity rules and the unit price in the buyer currency', async () => {
    const option = await stockedOption(shop, 30, { orderMultiple: 5, maxPerOrder: 25 });
    await shop.db.update(productOptions).set({ holdStock: 4 }).where(eq(productOptions.id, option.id));
    const q = encodeURIComponent(option.product.title);
    for (const [buyer, currency, price] of [
      [ids.korea, 'KRW', option.priceKrw],
      [ids.global, 'USD', option.priceUsd / 100],
    ] as const) {
      const res = await shop.app.inject({
        url: `/api/v1/admin/buyers/${buyer}/order-options?q=${q}`,
        headers: clerk,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = body(res).data;
      expect(data.currencyCode).toBe(currency);
      expect(data.optionList).toContainEqual(
        expect.objectContaining({
          productOptionId: option.id,
          available: 26,
          orderMultiple: 5,
          maxPerOrder: 25,
          unitPrice: price,
        }),
      );
    }
    const missing = await shop.app.inject({
      url: '/api/v1/admin/buyers/00000000-0000-4000-8000-000000000000/order-options',
      headers: clerk,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("the buyer's own prices", () => {
  it('offers and charges the group price, less the volume tier the quantity reaches', async () => {
    const option = await stockedOption(shop, 100, { priceKrw: 10_000 });
    const [group] = await shop.db
      .insert(priceGroups)
      .values({ name: 'Taken VIP', discountBp: 1000 })
      .returning();
    await shop.db
      .insert(optionVolumeTiers)
      .values({ productOptionId: option.id, minQuantity: 10, discountBp: 500 });
    await shop.db.update(buyers).set({ priceGroupId: group!.id }).where(eq(buyers.id, ids.korea));
    try {
      const offered = body(
        await shop.app.inject({
          url: `/api/v1/admin/buyers/${ids.korea}/order-options?q=${encodeURIComponent(option.product.title)}`,
          headers: clerk,
        }),
      ).data.optionList.find((o: { productOptionId: string }) => o.productOptionId === option.id);
      // 10% off 10,000 is 9,000; from 10 pieces 5% more off: 8,550.
      expect(offered).toMatchObject({ unitPrice: 9000, volumeTiers: [{ minQuantity: 10, unitPrice: 8550 }] });

      const res = await take({
        buyerId: ids.korea,
        lines: [{ productOptionId: option.id, quantity: 10 }],
        receiverInfo,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await shop.db
        .select()
        .from(orders)
        .where(eq(orders.id, body(res).data.uuid));
      expect(row!.productAmount).toBe(85_500);
    } finally {
      await shop.db.update(buyers).set({ priceGroupId: 1 }).where(eq(buyers.id, ids.korea));
    }
  });
});
