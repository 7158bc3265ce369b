import { ORDER_RULES } from '@kshop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderMemos, orderStatusHistory, orders } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { moveOrder } from './status-moves.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let owner: { authorization: string; id: string };
let clerk: { authorization: string; id: string };
let colleague: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  owner = await staffSession(shop, 'rules-owner@kshop.example', 'OWNER');
  clerk = await staffSession(shop, 'rules-clerk@kshop.example');
  colleague = await staffSession(shop, 'rules-colleague@kshop.example');
});
afterAll(() => shop?.close());

const admin = (
  who: { authorization: string },
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: who.authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newOrder(auth: Auth = korea, currency: 'KRW' | 'USD' = 'KRW', quantity = 1) {
  const option = await stockedOption(shop, 20);
  const res = await placeOrder(
    shop,
    auth,
    await orderPayload(shop, currency, [{ productOptionUuid: option.id, quantity }]),
  );
  expect(res.statusCode).toBe(200);
  return { ...(body(res).data as { uuid: string; orderNumber: string }), option };
}

const orderRow = async (orderNumber: string) =>
  (await shop.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
const historyOf = async (orderId: string) =>
  shop.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);
const auditCount = async (orderNumber: string) =>
  (
    await shop.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(eq(auditLog.entityId, orderNumber))
  )[0]!.n;
const move = (who: { authorization: string }, orderNumber: string, status: string, reason?: string) =>
  admin(who, 'POST', `/orders/${orderNumber}/status`, reason === undefined ? { status } : { status, reason });
const assign = (who: { authorization: string }, orderNumber: string, staffId: string | null) =>
  admin(who, 'POST', `/orders/${orderNumber}/person-in-charge`, { staffId });
const detailFor = async (who: { authorization: string }, orderNumber: string) =>
  body(await admin(who, 'GET', `/orders/${orderNumber}`)).data;

describe('confirming needs a person in charge', () => {
  it('refuses CONFIRMED with 409 and changes nothing until someone is in charge', async () => {
    const placed = await newOrder();
    const before = await auditCount(placed.orderNumber);
    expect((await detailFor(owner, placed.orderNumber)).nextStatuses).toEqual(['CANCELLED']);

    const refused = await move(owner, placed.orderNumber, 'CONFIRMED');
    expect(body(refused)).toEqual({
      statusCode: 409,
      message: ORDER_RULES.confirmNeedsPersonInCharge,
      data: null,
    });
    expect((await orderRow(placed.orderNumber)).status).toBe('PENDING');
    expect(await historyOf(placed.uuid)).toEqual([]);
    expect(await auditCount(placed.orderNumber)).toBe(before);
    // The command line keeps the same rule.
    await expect(moveOrder(shop.db, placed.orderNumber, 'CONFIRMED')).rejects.toThrow(
      ORDER_RULES.confirmNeedsPersonInCharge,
    );

    expect((await assign(clerk, placed.orderNumber, clerk.id)).statusCode).toBe(200);
    expect((await detailFor(owner, placed.orderNumber)).nextStatuses).toEqual(['CONFIRMED', 'CANCELLED']);
    expect((await move(clerk, placed.orderNumber, 'CONFIRMED')).statusCode).toBe(200);
    expect((await orderRow(placed.orderNumber)).status).toBe('CONFIRMED');

    // A confirmed order keeps someone in charge: another may take over, nobody is refused.
    const cleared = await assign(owner, placed.orderNumber, null);
    expect(body(cleared)).toEqual({ statusCode: 409, message: ORDER_RULES.keepPersonInCharge, data: null });
    expect((await orderRow(placed.orderNumber)).personInChargeStaffId).toBe(clerk.id);
    expect((await assign(owner, placed.orderNumber, colleague.id)).statusCode).toBe(200);
    expect((await orderRow(placed.orderNumber)).personInChargeStaffId).toBe(colleague.id);
  });
});

describe('who may name the person in charge', () => {
  it('lets an owner name anyone and a staff member only themselves, the same in the answer the screen reads', async () => {
    const placed = await newOrder();
    const forClerk = await detailFor(clerk, placed.orderNumber);
    expect(forClerk.assignableStaff.map((s: { id: string }) => s.id)).toEqual([clerk.id]);
    expect(forClerk.mayClearPersonInCharge).toBe(true);
    const forOwner = await detailFor(owner, placed.orderNumber);
    expect(forOwner.assignableStaff.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining([owner.id, clerk.id, colleague.id]),
    );

    const before = await auditCount(placed.orderNumber);
    const refused = await assign(clerk, placed.orderNumber, colleague.id);
    expect(body(refused)).toEqual({ statusCode: 403, message: ORDER_RULES.staffAssignOnlySelf, data: null });
    expect((await orderRow(placed.orderNumber)).personInChargeStaffId).toBeNull();
    expect(await auditCount(placed.orderNumber)).toBe(before);

    expect((await assign(owner, placed.orderNumber, colleague.id)).statusCode).toBe(200);
    // Naming oneself takes the order over; clearing a colleague's order is not a staff member's to do.
    expect((await detailFor(clerk, placed.orderNumber)).mayClearPersonInCharge).toBe(false);
    expect(body(await assign(clerk, placed.orderNumber, null)).statusCode).toBe(403);
    expect((await orderRow(placed.orderNumber)).personInChargeStaffId).toBe(colleague.id);
    expect((await assign(clerk, placed.orderNumber, clerk.id)).statusCode).toBe(200);
    expect((await assign(clerk, placed.orderNumber, null)).statusCode).toBe(200);
    expect((await orderRow(placed.orderNumber)).personInChargeStaffId).toBeNull();
  });
});

describe('memos', () => {
  it('show author and time, can be changed and voided: a voided memo no longer counts and the buyer no longer sees it', async () => {
    const placed = await newOrder();
    const price = placed.option.priceKrw;
    expect(
      (await admin(clerk, 'POST', `/orders/${placed.orderNumber}/memos`, { content: 'Shipping fee/15000' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin(owner, 'POST', `/orders/${placed.orderNumber}/memos`, { content: 'Discount/-5000' }))
        .statusCode,
    ).toBe(200);
    let detail = await detailFor(owner, placed.orderNumber);
    expect(detail.finalPaymentAmount).toBe(price + 10000);
    const [fee, discount] = detail.memos;
    expect(fee).toMatchObject({
      content: 'Shipping fee/15000',
      amount: 15000,
      createdBy: { id: clerk.id, email: 'rules-clerk@kshop.example' },
      editedAt: null,
      voidedAt: null,
    });
    expect(Date.parse(fee.createdAt)).not.toBeNaN();
    expect(discount.createdBy.id).toBe(owner.id);

    const changed = await admin(owner, 'PATCH', `/orders/${placed.orderNumber}/memos/${fee.orderMemoUuid}`, {
      content: 'Shipping fee/20000',
    });
    expect(changed.statusCode).toBe(200);
    detail = await detailFor(owner, placed.orderNumber);
    expect(detail.finalPaymentAmount).toBe(price + 15000);
    expect(detail.memos[0]).toMatchObject({ content: 'Shipping fee/20000', editedBy: { id: owner.id } });

    const voided = await admin(
      clerk,
      'POST',
      `/orders/${placed.orderNumber}/memos/${discount.orderMemoUuid}/void`,
    );
    expect(voided.statusCode).toBe(200);
    detail = await detailFor(owner, placed.orderNumber);
    expect(detail.finalPaymentAmount).toBe(price + 20000);
    expect(detail.memos).toHaveLength(2);
    expect(detail.memos[1]).toMatchObject({ content: 'Discount/-5000', voidedBy: { id: clerk.id } });
    expect(detail.memosOpen).toBe(true);

    const seen = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: korea }),
    ).data;
    expect(seen.orderMemos.map((m: { content: string }) => m.content)).toEqual(['Shipping fee/20000']);
    expect(seen.finalPaymentAmount).toBe(price + 20000);
    expect(JSON.stringify(seen)).not.toContain('Discount/-5000');

    // A voided memo stays voided; a memo of another order is not found; a bad memo changes nothing.
    const again = await admin(
      owner,
      'POST',
      `/orders/${placed.orderNumber}/memos/${discount.orderMemoUuid}/void`,
    );
    expect(body(again)).toEqual({ statusCode: 409, message: ORDER_RULES.memoVoided, data: null });
    const edited = await admin(
      owner,
      'PATCH',
      `/orders/${placed.orderNumber}/memos/${discount.orderMemoUuid}`,
      {
        content: 'Discount/-1',
      },
    );
    expect(edited.statusCode).toBe(409);
    const other = await newOrder();
    const foreign = await admin(
      owner,
      'POST',
      `/orders/${other.orderNumber}/memos/${fee.orderMemoUuid}/void`,
    );
    expect(body(foreign).statusCode).toBe(404);
    const bad = await admin(owner, 'PATCH', `/orders/${placed.orderNumber}/memos/${fee.orderMemoUuid}`, {
      content: 'no amount',
    });
    expect(body(bad).statusCode).toBe(400);
    expect((await detailFor(owner, placed.orderNumber)).memos[0].content).toBe('Shipping fee/20000');
    const audits = await shop.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, placed.orderNumber));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['order.memo', 'order.memo-edit', 'order.memo-void']),
    );
  });

  it('refuses adding, changing or voiding a memo once the order is delivered or cancelled, changing nothing', async () => {
    const delivered = await newOrder(global, 'USD');
    await admin(owner, 'POST', `/orders/${delivered.orderNumber}/memos`, { content: 'Shipping fee/25.50' });
    await assign(owner, delivered.orderNumber, owner.id);
    for (const status of ['CONFIRMED', 'PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'])
      expect((await move(owner, delivered.orderNumber, status)).statusCode).toBe(200);
    const cancelled = await newOrder();
    await admin(owner, 'POST', `/orders/${cancelled.orderNumber}/memos`, { content: 'Fee/1000' });
    expect(
      (await move(owner, cancelled.orderNumber, 'CANCELLED', 'Out of stock at the label.')).statusCode,
    ).toBe(200);

    for (const [placed, status] of [
      [delivered, 'DELIVERED'],
      [cancelled, 'CANCELLED'],
    ] as const) {
      const row = await orderRow(placed.orderNumber);
      const memosBefore = await shop.db.select().from(orderMemos).where(eq(orderMemos.orderId, placed.uuid));
      const detail = await detailFor(owner, placed.orderNumber);
      expect(detail.memosOpen).toBe(false);
      const memoId = detail.memos[0].orderMemoUuid;
      const closed = { statusCode: 409, message: ORDER_RULES.memosClosed(status), data: null };
      expect(
        body(await admin(owner, 'POST', `/orders/${placed.orderNumber}/memos`, { content: 'Late fee/1' })),
      ).toEqual(closed);
      expect(
        body(
          await admin(owner, 'PATCH', `/orders/${placed.orderNumber}/memos/${memoId}`, { content: 'Fee/2' }),
        ),
      ).toEqual(closed);
      expect(body(await admin(owner, 'POST', `/orders/${placed.orderNumber}/memos/${memoId}/void`))).toEqual(
        closed,
      );
      expect(await shop.db.select().from(orderMemos).where(eq(orderMemos.orderId, placed.uuid))).toEqual(
        memosBefore,
      );
      expect((await orderRow(placed.orderNumber)).finalAmount).toBe(row.finalAmount);
    }
  });
});

describe('status history', () => {
  it('records every change with who made it, shown to staff as a timeline and to the buyer as statuses and dates', async () => {
    const placed = await newOrder();
    await assign(owner, placed.orderNumber, clerk.id);
    expect((await move(clerk, placed.orderNumber, 'CONFIRMED', 'Called the buyer.')).statusCode).toBe(200);
    // The staff command line has no signed-in staff member: the system moved it.
    await moveOrder(shop.db, placed.orderNumber, 'PAID');
    expect((await move(owner, placed.orderNumber, 'PREPARING')).statusCode).toBe(200);

    const rows = await historyOf(placed.uuid);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.actor, r.staffId, r.note])).toEqual([
      ['PENDING', 'CONFIRMED', 'STAFF', clerk.id, 'Called the buyer.'],
      ['CONFIRMED', 'PAID', 'SYSTEM', null, null],
      ['PAID', 'PREPARING', 'STAFF', owner.id, null],
    ]);

    const timeline = (await detailFor(clerk, placed.orderNumber)).statusHistory;
    expect(
      timeline.map((h: { from: string | null; to: string; actor: string }) => [h.from, h.to, h.actor]),
    ).toEqual([
      [null, 'PENDING', 'BUYER'],
      ['PENDING', 'CONFIRMED', 'STAFF'],
      ['CONFIRMED', 'PAID', 'SYSTEM'],
      ['PAID', 'PREPARING', 'STAFF'],
    ]);
    expect(timeline[1]).toMatchObject({
      staff: { id: clerk.id, email: 'rules-clerk@kshop.example' },
      note: 'Called the buyer.',
    });
    const times = timeline.map((h: { at: string }) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const seen = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: korea }),
    ).data;
    expect(seen.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'PENDING',
      'CONFIRMED',
      'PAID',
      'PREPARING',
    ]);
    expect(Object.keys(seen.statusHistory[1]).sort()).toEqual(['at', 'status']);
    expect(JSON.stringify(seen)).not.toContain('Called the buyer');
    expect(JSON.stringify(seen)).not.toContain('rules-clerk');
  });

  it('writes no history row when the move is refused', async () => {
    const placed = await newOrder();
    expect((await move(owner, placed.orderNumber, 'SHIPPED')).statusCode).toBe(409);
    expect(await historyOf(placed.uuid)).toEqual([]);
  });
});

describe('cancelling', () => {
  it('asks for a reason (400 without one, changing nothing), records it and mails it to the buyer', async () => {
    const placed = await newOrder(korea, 'KRW', 2);
    for (const payload of [{ status: 'CANCELLED' }, { status: 'CANCELLED', reason: '   ' }]) {
      const refused = await admin(owner, 'POST', `/orders/${placed.orderNumber}/status`, payload);
      expect(body(refused)).toEqual({ statusCode: 400, message: ORDER_RULES.cancelNeedsReason, data: null });
    }
    const tooLong = await move(owner, placed.orderNumber, 'CANCELLED', 'x'.repeat(ORDER_RULES.reasonMax + 1));
    expect(tooLong.statusCode).toBe(400);
    expect((await orderRow(placed.orderNumber)).status).toBe('PENDING');
    expect(await historyOf(placed.uuid)).toEqual([]);
    await expect(moveOrder(shop.db, placed.orderNumber, 'CANCELLED')).rejects.toThrow(
      ORDER_RULES.cancelNeedsReason,
    );

    const reason = 'Sold out at the label.';
    expect((await move(clerk, placed.orderNumber, 'CANCELLED', reason)).statusCode).toBe(200);
    expect((await orderRow(placed.orderNumber)).status).toBe('CANCELLED');
    const [row] = await historyOf(placed.uuid);
    expect(row).toMatchObject({
      fromStatus: 'PENDING',
      toStatus: 'CANCELLED',
      actor: 'STAFF',
      staffId: clerk.id,
      note: reason,
    });
    const [audit] = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.orderNumber), eq(auditLog.action, 'order.status')));
    expect(audit!.after).toEqual({ status: 'CANCELLED', reason });

    const mail = await shop.smtp.waitFor(
      (m) =>
        m.to.includes(DEMO.korea.toLowerCase()) && m.subject === `Order ${placed.orderNumber}: Cancelled`,
    );
    expect(mail.raw).toContain(`Reason: ${reason}`);
  });
});
