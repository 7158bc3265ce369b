import { ORDER_RULES, ORDER_STATUSES } from '@kshop/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let owner: { authorization: string; id: string };
let clerk: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  owner = await staffSession(shop, 'list-owner@kshop.example', 'OWNER');
  clerk = await staffSession(shop, 'list-clerk@kshop.example');
});
afterAll(() => shop?.close());

type Summary = {
  uuid: string;
  orderNumber: string;
  createdAt: string;
  status: string;
  currencyCode: string;
  finalPaymentAmount: number;
  personInCharge: string | null;
};

const admin = (who: { authorization: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: who.authorization },
    ...(payload === undefined ? {} : { payload }),
  });

async function newOrder(auth: Auth = korea, currency: 'KRW' | 'USD' = 'KRW', quantity = 1) {
  const option = await stockedOption(shop, 50);
  const res = await placeOrder(
    shop,
    auth,
    await orderPayload(shop, currency, [{ productOptionUuid: option.id, quantity }]),
  );
  expect(res.statusCode).toBe(200);
  return body(res).data as { uuid: string; orderNumber: string };
}

const list = async (who: { authorization: string }, query: string): Promise<Summary[]> => {
  const res = await admin(who, 'GET', `/orders?limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.orderList;
};

const assign = (who: { authorization: string }, orderNumber: string, staffId: string) =>
  admin(who, 'POST', `/orders/${orderNumber}/person-in-charge`, { staffId });

const statusOf = async (orderNumber: string) =>
  (await shop.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!.status;

describe('sorting the order list', () => {
  it('sorts by date, amount (within each currency) and status, both ways, never by what the client writes', async () => {
    const placed = [
      await newOrder(korea, 'KRW', 3),
      await newOrder(global, 'USD', 2),
      await newOrder(korea, 'KRW', 1),
    ];
    expect((await assign(owner, placed[0]!.orderNumber, clerk.id)).statusCode).toBe(200);
    expect(
      (await admin(owner, 'POST', `/orders/${placed[0]!.orderNumber}/status`, { status: 'CONFIRMED' }))
        .statusCode,
    ).toBe(200);

    const time = (o: Summary) => Date.parse(o.createdAt);
    const byDateAsc = await list(owner, 'sort=date&dir=asc');
    for (let i = 1; i < byDateAsc.length; i++)
      expect(time(byDateAsc[i]!)).toBeGreaterThanOrEqual(time(byDateAsc[i - 1]!));
    const byDateDesc = await list(owner, 'sort=date&dir=desc');
    expect(byDateDesc.map((o) => o.uuid)).toEqual(await list(owner, '').then((l) => l.map((o) => o.uuid)));
    for (let i = 1; i < byDateDesc.length; i++)
      expect(time(byDateDesc[i]!)).toBeLessThanOrEqual(time(byDateDesc[i - 1]!));
    // The three orders, newest first by default.
    const ours = byDateDesc.filter((o) => placed.some((p) => p.uuid === o.uuid)).map((o) => o.uuid);
    expect(ours).toEqual(placed.map((p) => p.uuid).reverse());

    for (const dir of ['asc', 'desc'] as const) {
      const sign = dir === 'asc' ? 1 : -1;
      const byAmount = await list(owner, `sort=amount&dir=${dir}`);
      expect(byAmount.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < byAmount.length; i++) {
        const [a, b] = [byAmount[i - 1]!, byAmount[i]!];
        // Won and dollars never compare: KRW orders first, each currency sorted by amount.
        expect(a.currencyCode <= b.currencyCode).toBe(true);
        if (a.currencyCode === b.currencyCode) {
          expect(sign * (b.finalPaymentAmount - a.finalPaymentAmount)).toBeGreaterThanOrEqual(0);
        }
      }
      const byStatus = await list(owner, `sort=status&dir=${dir}`);
      const rank = (o: Summary) => ORDER_STATUSES.indexOf(o.status as (typeof ORDER_STATUSES)[number]);
      for (let i = 1; i < byStatus.length; i++) {
        expect(sign * (rank(byStatus[i]!) - rank(byStatus[i - 1]!))).toBeGreaterThanOrEqual(0);
      }
      expect(new Set(byStatus.map((o) => o.status))).toContain('CONFIRMED');
    }

    for (const bad of ['sort=created_at', 'sort=amount;drop table orders', 'dir=up', 'assigned=you']) {
      const res = await admin(owner, 'GET', `/orders?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(body(res).message).toMatch(/sort|dir|assigned/);
    }
  });
});

describe('filtering the order list', () => {
  it("'assigned to me' lists only the orders the signed-in staff member is in charge of, in the exports too", async () => {
    const mine = await newOrder();
    const theirs = await newOrder();
    expect((await assign(clerk, mine.orderNumber, clerk.id)).statusCode).toBe(200);
    expect((await assign(owner, theirs.orderNumber, owner.id)).statusCode).toBe(200);

    const forClerk = await list(clerk, 'assigned=me');
    expect(forClerk.map((o) => o.uuid)).toContain(mine.uuid);
    expect(forClerk.map((o) => o.uuid)).not.toContain(theirs.uuid);
    expect(new Set(forClerk.map((o) => o.personInCharge))).toEqual(new Set(['list-clerk@kshop.example']));
    const forOwner = await list(owner, 'assigned=me');
    expect(forOwner.map((o) => o.uuid)).toContain(theirs.uuid);
    expect(forOwner.map((o) => o.uuid)).not.toContain(mine.uuid);

    const csv = await admin(clerk, 'GET', '/orders.csv?assigned=me');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(mine.orderNumber);
    expect(csv.body).not.toContain(theirs.orderNumber);
  });

  it('finds orders by business registration number, written with or without dashes', async () => {
    const korean = await newOrder(korea);
    const abroad = await newOrder(global, 'USD');
    // Korea's number is stored bare (1208812345); one order keeps a number written with dashes.
    await shop.db
      .update(orders)
      .set({ businessRegistrationNumber: '472-91-50386' })
      .where(eq(orders.id, abroad.uuid));

    const dashed = await list(owner, `buyer=${encodeURIComponent('120-88-12345')}`);
    expect(dashed.map((o) => o.uuid)).toContain(korean.uuid);
    expect(dashed.map((o) => o.uuid)).not.toContain(abroad.uuid);
    const bare = await list(owner, 'buyer=4729150386');
    expect(bare.map((o) => o.uuid)).toContain(abroad.uuid);
    expect(bare.map((o) => o.uuid)).not.toContain(korean.uuid);
    const part = await list(owner, 'buyer=88-123');
    expect(part.map((o) => o.uuid)).toContain(korean.uuid);
    // Company names and emails are still found as before.
    expect((await list(owner, 'buyer=global%40demo')).map((o) => o.uuid)).toContain(abroad.uuid);

    const csv = await admin(owner, 'GET', '/orders.csv?buyer=472-91-50386');
    expect(csv.body).toContain(abroad.orderNumber);
    expect(csv.body).not.toContain(korean.orderNumber);
  });
});

describe('bulk status change', () => {
  it('applies the one-by-one rule to each order and names the refused ones with the same words', async () => {
    const ready = await newOrder();
    const unassigned = await newOrder();
    const alsoReady = await newOrder(global, 'USD');
    for (const o of [ready, alsoReady])
      expect((await assign(clerk, o.orderNumber, clerk.id)).statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';

    const res = await admin(clerk, 'POST', '/orders/status', {
      orderIds: [ready.uuid, unassigned.uuid, alsoReady.uuid, unknown],
      to: 'CONFIRMED',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data.moved).toBe(2);
    expect(data.refused).toBe(2);
    expect(data.results).toEqual([
      { orderId: ready.uuid, orderNumber: ready.orderNumber, ok: true, message: null, code: null },
      {
        orderId: unassigned.uuid,
        orderNumber: unassigned.orderNumber,
        ok: false,
        message: ORDER_RULES.confirmNeedsPersonInCharge,
        code: 'PERSON_IN_CHARGE_REQUIRED',
      },
      { orderId: alsoReady.uuid, orderNumber: alsoReady.orderNumber, ok: true, message: null, code: null },
      {
        orderId: unknown,
        orderNumber: null,
        ok: false,
        message: 'No order has this id.',
        code: 'ORDER_NOT_FOUND',
      },
    ]);
    expect(await statusOf(ready.orderNumber)).toBe('CONFIRMED');
    expect(await statusOf(alsoReady.orderNumber)).toBe('CONFIRMED');
    expect(await statusOf(unassigned.orderNumber)).toBe('PENDING');
    // Each move is audited like a move one by one.
    const audits = await shop.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [ready.orderNumber, unassigned.orderNumber]));
    expect(audits.filter((a) => a.action === 'order.status').map((a) => a.entityId)).toEqual([
      ready.orderNumber,
    ]);
    // Each buyer hears of its moved order, as one by one.
    for (const o of [ready, alsoReady]) {
      await shop.smtp.waitFor((m) => m.subject.startsWith(`Order ${o.orderNumber}:`));
    }

    // A move the transitions do not allow is refused with the one-by-one message.
    const again = await admin(clerk, 'POST', '/orders/status', { orderIds: [ready.uuid], to: 'DELIVERED' });
    expect(body(again).data.results[0]).toMatchObject({
      ok: false,
      message: 'An order that is CONFIRMED cannot become DELIVERED.',
    });
    expect(await statusOf(ready.orderNumber)).toBe('CONFIRMED');
  });

  it('refuses bad requests whole with a 400 and changes nothing; buyers and guests cannot reach it', async () => {
    const placed = await newOrder();
    const tooMany = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const cases: [object, RegExp][] = [
      [{ orderIds: [], to: 'CANCELLED', note: 'x' }, /at least one/],
      [{ orderIds: tooMany, to: 'PAID' }, /at most 100/],
      [{ orderIds: [placed.uuid, placed.uuid], to: 'CANCELLED', note: 'x' }, /once/],
      [{ orderIds: ['20261122-1001'], to: 'PAID' }, /order id/],
      [{ orderIds: [placed.uuid], to: 'LOST' }, /to must be one of/],
      [{ orderIds: [placed.uuid], to: 'CANCELLED' }, new RegExp(ORDER_RULES.cancelNeedsReason)],
      [{ orderIds: placed.uuid, to: 'PAID' }, /orderIds/],
    ];
    for (const [payload, message] of cases) {
      const res = await admin(owner, 'POST', '/orders/status', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toMatch(message);
    }
    expect(await statusOf(placed.orderNumber)).toBe('PENDING');

    const asBuyer = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/status',
      headers: korea,
      payload: { orderIds: [placed.uuid], to: 'CANCELLED', note: 'mine' },
    });
    // Buyer tokens never resolve in the back office: the shop's answer to them there is 401.
    expect(asBuyer.statusCode).toBe(401);
    const asGuest = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/status',
      payload: { orderIds: [placed.uuid], to: 'CANCELLED', note: 'mine' },
    });
    expect(asGuest.statusCode).toBe(401);
    expect(await statusOf(placed.orderNumber)).toBe('PENDING');

    // Cancelling with a note works in bulk too, and the note reaches the history like one by one.
    const cancelled = await admin(owner, 'POST', '/orders/status', {
      orderIds: [placed.uuid],
      to: 'CANCELLED',
      note: 'Duplicate order',
    });
    expect(body(cancelled).data.moved).toBe(1);
    expect(await statusOf(placed.orderNumber)).toBe('CANCELLED');
  });
});
