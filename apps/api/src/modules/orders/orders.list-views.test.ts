import { needsAction, ORDER_STATUSES, type OrderStatus } from '@kshop/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { koreanDate } from '../../lib/korean-day.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { adminOrderFilterOf } from './order-list-views.js';
import { adminOrderList } from './order-views.js';

let shop: TestShop;
let korea: Auth;
let owner: { authorization: string; id: string };
let clerk: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  owner = await staffSession(shop, 'views-owner@kshop.example', 'OWNER');
  clerk = await staffSession(shop, 'views-clerk@kshop.example');
});
afterAll(() => shop?.close());

type ListData = {
  orderList: { orderNumber: string; status: string }[];
  totalCount: number;
  viewCounts: { all: number; today: number; mine: number; needsAction: number };
};

async function newOrder() {
  const option = await stockedOption(shop, 50);
  const res = await placeOrder(
    shop,
    korea,
    await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { orderNumber: string }).orderNumber;
}

const list = async (who: { authorization: string }, query: string): Promise<ListData> => {
  const res = await shop.app.inject({
    url: `/api/v1/admin/orders?limit=100&${query}`,
    headers: { authorization: who.authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const numbers = (data: ListData) => data.orderList.map((o) => o.orderNumber).sort();

/** Sets an order's status, person in charge and placing time directly: the views read only these. */
const setOrder = (
  orderNumber: string,
  change: { status?: OrderStatus; personInChargeStaffId?: string | null; createdAt?: Date },
) => shop.db.update(orders).set(change).where(eq(orders.orderNumber, orderNumber));

describe("the order list's 'Today' view", () => {
  it('holds the orders placed on the Korean day, from midnight in Seoul to the next, and no others', async () => {
    const placed = [await newOrder(), await newOrder(), await newOrder(), await newOrder()];
    const [before, first, last, after] = placed as [string, string, string, string];
    // 10 March 2026 in Seoul (UTC+9) is 9 March 15:00 UTC to 10 March 15:00 UTC.
    await setOrder(before, { createdAt: new Date('2026-03-09T23:59:59.999+09:00') });
    await setOrder(first, { createdAt: new Date('2026-03-10T00:00:00.000+09:00') });
    await setOrder(last, { createdAt: new Date('2026-03-10T23:59:59.999+09:00') });
    await setOrder(after, { createdAt: new Date('2026-03-11T00:00:00.000+09:00') });

    // Late at night in Europe, it is already the next morning in Seoul; just before midnight in Seoul, not yet.
    for (const now of [new Date('2026-03-09T15:00:00.000Z'), new Date('2026-03-10T14:59:59.999Z')]) {
      const filter = adminOrderFilterOf({ view: 'today' }, owner.id, now);
      expect(filter.placedOn).toBe('2026-03-10');
      const data = await adminOrderList(shop.db, { ...filter, limit: 100, offset: 0 }, owner.id, now);
      expect(data.orderList.map((o) => o.orderNumber).sort()).toEqual([first, last].sort());
      expect(data.viewCounts.today).toBe(2);
    }
    const nextDay = new Date('2026-03-10T15:00:00.000Z');
    const data = await adminOrderList(
      shop.db,
      { ...adminOrderFilterOf({ view: 'today' }, owner.id, nextDay), limit: 100, offset: 0 },
      owner.id,
      nextDay,
    );
    expect(data.orderList.map((o) => o.orderNumber)).toEqual([after]);
  });

  it('through the route, holds an order placed now and keeps the other filters', async () => {
    const now = await newOrder();
    const old = await newOrder();
    await setOrder(old, { createdAt: new Date('2025-01-01T12:00:00+09:00') });
    const today = await list(owner, 'view=today');
    expect(numbers(today)).toContain(now);
    expect(numbers(today)).not.toContain(old);
    expect(today.totalCount).toBe(today.viewCounts.today);
    for (const o of today.orderList)
      expect(o.orderNumber.startsWith(koreanDate().replaceAll('-', ''))).toBe(true);

    // With another filter, both hold.
    expect(numbers(await list(owner, `view=today&orderNumber=${now}`))).toEqual([now]);
    expect(numbers(await list(owner, `view=today&orderNumber=${old}`))).toEqual([]);
  });
});

describe("the order list's 'Assigned to me' and 'Needs action' views", () => {
  it('count every view in one answer, under the other filters, and list what each count says', async () => {
    const mine = await newOrder();
    const theirs = await newOrder();
    await setOrder(mine, { personInChargeStaffId: clerk.id });
    await setOrder(theirs, { personInChargeStaffId: owner.id });

    const forClerk = await list(clerk, 'assigned=me');
    expect(numbers(forClerk)).toEqual([mine]);
    expect(forClerk.viewCounts.mine).toBe(1);
    const all = await list(clerk, '');
    expect(all.viewCounts.all).toBe(all.totalCount);
    expect(all.viewCounts).toEqual(forClerk.viewCounts);
    // The counts follow the other filters: only this order's number.
    expect((await list(clerk, `orderNumber=${theirs}`)).viewCounts).toMatchObject({ all: 1, mine: 0 });
  });

  it('hold PENDING orders nobody is in charge of, CONFIRMED and PAID ones, and no others', async () => {
    const cases: [OrderStatus, 'nobody' | 'someone'][] = ORDER_STATUSES.flatMap((s) => [
      [s, 'nobody'],
      [s, 'someone'],
    ]);
    const placed: { orderNumber: string; status: OrderStatus; inCharge: boolean }[] = [];
    for (const [status, who] of cases) {
      const orderNumber = await newOrder();
      await setOrder(orderNumber, { status, personInChargeStaffId: who === 'someone' ? clerk.id : null });
      placed.push({ orderNumber, status, inCharge: who === 'someone' });
    }
    const expected = placed.filter((o) => needsAction(o.status, o.inCharge)).map((o) => o.orderNumber);
    // The rule as written: every status is decided, and only these are chosen.
    expect(
      placed.filter((o) => needsAction(o.status, o.inCharge)).map((o) => `${o.status}/${o.inCharge}`),
    ).toEqual(['PENDING/false', 'CONFIRMED/false', 'CONFIRMED/true', 'PAID/false', 'PAID/true']);

    const ours = placed.map((o) => o.orderNumber);
    const data = await list(owner, 'view=needs-action');
    expect(numbers(data).filter((n) => ours.includes(n))).toEqual([...expected].sort());
    // Every order the view lists follows the rule, ours or not.
    const rows = await shop.db
      .select({ status: orders.status, inCharge: sql<boolean>`${orders.personInChargeStaffId} is not null` })
      .from(orders)
      .where(inArray(orders.orderNumber, numbers(data)));
    for (const r of rows) expect(needsAction(r.status, r.inCharge)).toBe(true);
    expect(data.viewCounts.needsAction).toBe(data.totalCount);

    // With the status filter, both hold: PAID orders that need action are the PAID ones.
    const paid = await list(owner, 'view=needs-action&status=PAID');
    for (const o of paid.orderList) expect(o.status).toBe('PAID');
    expect(numbers(paid).filter((n) => ours.includes(n))).toEqual(
      placed
        .filter((o) => o.status === 'PAID')
        .map((o) => o.orderNumber)
        .sort(),
    );
    // And with assigned=me: the clerk's own that need action.
    const clerks = await list(clerk, 'view=needs-action&assigned=me');
    expect(numbers(clerks).filter((n) => ours.includes(n))).toEqual(
      placed
        .filter((o) => o.inCharge && needsAction(o.status, true))
        .map((o) => o.orderNumber)
        .sort(),
    );
  });

  it('refuses a view it does not know (400)', async () => {
    const res = await shop.app.inject({
      url: '/api/v1/admin/orders?view=someday',
      headers: { authorization: owner.authorization },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('view must be one of today, needs-action.');
  });
});
