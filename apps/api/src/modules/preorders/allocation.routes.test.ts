import { ALLOCATION_MESSAGES } from '@kshop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderChanges,
  orderDetails,
  orders,
  preorderBuyerTotals,
  productOptions,
  products,
} from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

/*
 * Goods receipt and allocation (issue 34): a short delivery shared by a rule, previewed before anything changes,
 * committed once; short units kept on backorder (filled first from the next receipt) or cut, as chosen.
 */

let shop: TestShop;
let korea: Auth;
let global: Auth;
let clerk: { authorization: string; id: string };
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  clerk = await staffSession(shop, 'allocation-clerk@kshop.example');
});
afterAll(() => shop?.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: clerk, ...(payload ? { payload } : {}) });
const optionRow = async (id: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.id, id)))[0]!;
const lineOf = async (orderId: string) =>
  (await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId)))[0];
const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function preorderOption(carton = 1) {
  const option = await stockedOption(shop, 0);
  await shop.db.update(products).set({ preorder: true }).where(eq(products.id, option.productId));
  await shop.db.update(productOptions).set({ orderMultiple: carton }).where(eq(productOptions.id, option.id));
  return option;
}
const preorder = async (auth: Auth, currency: 'KRW' | 'USD', optionId: string, quantity: number) => {
  const res = await placeOrder(
    shop,
    auth,
    await orderPayload(shop, currency, [{ productOptionUuid: optionId, quantity }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { uuid: string; orderNumber: string };
};
const receiveAnswer = (optionId: string, quantity: number) =>
  admin('POST', `/product-options/${optionId}/receipts`, { quantity, note: 'Label delivery' });
const receive = async (optionId: string, quantity: number) =>
  body(await receiveAnswer(optionId, quantity)).data;
const allocatedChanges = (orderId: string) =>
  shop.db
    .select()
    .from(orderChanges)
    .where(and(eq(orderChanges.orderId, orderId), eq(orderChanges.kind, 'ALLOCATED')));
const preview = async (optionId: string, query = '') =>
  body(await admin('GET', `/product-options/${optionId}/allocation${query}`)).data;
const commit = (optionId: string, payload: { rule: string; basis: string; minimumPerBuyer?: number }) =>
  admin('POST', `/product-options/${optionId}/allocation`, payload);

describe('a short delivery', () => {
  it('is previewed by each rule without changing anything, and committed once', async () => {
    const option = await preorderOption(10);
    const first = await preorder(korea, 'KRW', option.id, 60);
    const second = await preorder(global, 'USD', option.id, 40);
    const received = await receive(option.id, 50);
    expect(received).toMatchObject({ onHand: 50, held: 0, available: 50, wanted: 100, rule: 'PRO_RATA' });
    expect(received.receipts).toMatchObject([{ quantity: 50, note: 'Label delivery' }]);
    expect(received.lines.map((l: { allocating: number }) => l.allocating)).toEqual([30, 20]);

    const byTime = await preview(option.id, '?rule=FIRST_COME');
    expect(byTime.lines.map((l: { allocating: number; short: number }) => [l.allocating, l.short])).toEqual([
      [50, 10],
      [0, 40],
    ]);
    const withMinimum = await preview(option.id, '?rule=FIRST_COME&minimumPerBuyer=15');
    expect(withMinimum.lines.map((l: { allocating: number }) => l.allocating)).toEqual([35, 15]);
    // Previews changed nothing.
    expect(await optionRow(option.id)).toMatchObject({ stock: 50, holdStock: 0 });
    expect((await lineOf(first.uuid))!.allocatedQuantity).toBe(0);

    const done = await commit(option.id, { rule: 'PRO_RATA', basis: received.basis });
    expect(done.statusCode).toBe(200);
    expect(body(done).message).toBe(ALLOCATION_MESSAGES.committed);
    expect(await optionRow(option.id)).toMatchObject({ stock: 50, holdStock: 50 });
    expect(await lineOf(first.uuid)).toMatchObject({ quantity: 60, allocatedQuantity: 30, backorder: true });
    expect(await lineOf(second.uuid)).toMatchObject({ quantity: 40, allocatedQuantity: 20, backorder: true });

    // The same preview again is stale: what it was computed from changed.
    const again = await commit(option.id, { rule: 'PRO_RATA', basis: received.basis });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(ALLOCATION_MESSAGES.stale);

    // Each order's history says it; each buyer is mailed their share.
    const [change] = await shop.db.select().from(orderChanges).where(eq(orderChanges.orderId, first.uuid));
    expect(change).toMatchObject({ kind: 'ALLOCATED' });
    expect((change!.detail as { summary: string }).summary).toContain('30 of 60 allocated');
    await shop.smtp.waitFor((mail) => mail.to.includes(DEMO.korea) && mail.text.includes('30 of 60'));

    // The buyer's order detail shows ordered, allocated and shipped per line.
    const seen = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${first.uuid}`, headers: korea }),
    ).data;
    expect(seen.orderDetails[0]).toMatchObject({
      quantity: 60,
      allocatedQuantity: 30,
      backorderQuantity: 30,
    });
  });

  it('fills backorders first from the next receipt, by order time', async () => {
    const option = await preorderOption();
    const early = await preorder(korea, 'KRW', option.id, 10);
    const received = await receive(option.id, 4);
    expect((await commit(option.id, { rule: 'FIRST_COME', basis: received.basis })).statusCode).toBe(200);
    const later = await preorder(global, 'USD', option.id, 10);

    const next = await receive(option.id, 8);
    // The backorder's 6 first, though pro rata would share by quantity.
    expect(
      next.lines.map((l: { orderNumber: string; allocating: number }) => [l.orderNumber, l.allocating]),
    ).toEqual([
      [early.orderNumber, 6],
      [later.orderNumber, 2],
    ]);
    expect((await commit(option.id, { rule: 'PRO_RATA', basis: next.basis })).statusCode).toBe(200);
    expect(await lineOf(early.uuid)).toMatchObject({ allocatedQuantity: 10, backorder: false });
  });

  it("cuts short units where the buyer chose so, lowering the order's amounts and the pre-order count", async () => {
    const option = await preorderOption();
    const kept = await preorder(global, 'USD', option.id, 10);
    const cut = await preorder(korea, 'KRW', option.id, 10);
    expect(
      (await admin('PUT', `/orders/${cut.orderNumber}/backorder-choice`, { choice: 'CANCEL' })).statusCode,
    ).toBe(200);
    const before = await orderRow(cut.uuid);
    const received = await receive(option.id, 12);
    expect(received.lines.map((l: { backorderChoice: string }) => l.backorderChoice)).toEqual([
      'KEEP',
      'CANCEL',
    ]);
    expect((await commit(option.id, { rule: 'PRO_RATA', basis: received.basis })).statusCode).toBe(200);

    expect(await lineOf(kept.uuid)).toMatchObject({ quantity: 10, allocatedQuantity: 6, backorder: true });
    const cutLine = (await lineOf(cut.uuid))!;
    expect(cutLine).toMatchObject({ quantity: 6, allocatedQuantity: 6, backorder: false });
    const after = await orderRow(cut.uuid);
    expect(after.productAmount).toBe((before.productAmount / 10) * 6);
    expect(after.finalAmount).toBe((before.finalAmount / 10) * 6);
    expect(await optionRow(option.id)).toMatchObject({ preorderTaken: 16, holdStock: 12 });
    const totals = await shop.db
      .select({ quantity: preorderBuyerTotals.quantity })
      .from(preorderBuyerTotals)
      .where(
        and(
          eq(preorderBuyerTotals.productOptionId, option.id),
          eq(preorderBuyerTotals.buyerId, after.buyerId!),
        ),
      );
    expect(totals).toEqual([{ quantity: 6 }]);
  });

  it('cuts a line that got nothing out of its order, but never an order to nothing', async () => {
    const option = await preorderOption();
    const other = await stockedOption(shop, 20);
    const first = await preorder(global, 'USD', option.id, 8);
    const twoLines = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [
        { productOptionUuid: option.id, quantity: 3 },
        { productOptionUuid: other.id, quantity: 2 },
      ]),
    );
    const mixed = body(twoLines).data as { uuid: string; orderNumber: string };
    const alone = await preorder(korea, 'KRW', option.id, 2);
    for (const order of [mixed, alone])
      expect(
        (await admin('PUT', `/orders/${order.orderNumber}/backorder-choice`, { choice: 'CANCEL' }))
          .statusCode,
      ).toBe(200);
    const received = await receive(option.id, 5);
    expect(received.allocatedOnReceipt).toBeNull();
    expect((await commit(option.id, { rule: 'FIRST_COME', basis: received.basis })).statusCode).toBe(200);

    expect(await lineOf(first.uuid)).toMatchObject({ allocatedQuantity: 5, backorder: true });
    // The two-line order loses its pre-order line, and its amounts are those of the other line.
    const left = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, mixed.uuid));
    expect(left.map((l) => l.productOptionId)).toEqual([other.id]);
    expect((await orderRow(mixed.uuid)).productAmount).toBe(left[0]!.amount);
    // The order of one line keeps it on backorder, for staff to cancel the order.
    expect(await lineOf(alone.uuid)).toMatchObject({ quantity: 2, allocatedQuantity: 0, backorder: true });
    expect(await optionRow(option.id)).toMatchObject({ holdStock: 5, preorderTaken: 10 });
  });

  it('buyers choose for themselves on their account; keep is the default', async () => {
    const url = '/api/v1/user/backorder-choice';
    expect(body(await shop.app.inject({ url, headers: global })).data).toEqual({ choice: 'KEEP' });
    const set = await shop.app.inject({ method: 'PUT', url, headers: global, payload: { choice: 'CANCEL' } });
    expect(set.statusCode).toBe(200);
    expect(body(await shop.app.inject({ url, headers: global })).data).toEqual({ choice: 'CANCEL' });
    const bad = await shop.app.inject({ method: 'PUT', url, headers: global, payload: { choice: 'MAYBE' } });
    expect(bad.statusCode).toBe(400);
    await shop.app.inject({ method: 'PUT', url, headers: global, payload: { choice: 'KEEP' } });
  });

  it('refuses a commit with nothing on hand, and a bad rule or quantity', async () => {
    const option = await preorderOption();
    await preorder(korea, 'KRW', option.id, 3);
    const seen = await preview(option.id);
    const none = await commit(option.id, { rule: 'PRO_RATA', basis: seen.basis });
    expect(body(none).message).toBe(ALLOCATION_MESSAGES.nothingOnHand);
    expect((await admin('GET', `/product-options/${option.id}/allocation?rule=RANDOM`)).statusCode).toBe(400);
    expect((await admin('POST', `/product-options/${option.id}/receipts`, { quantity: 0 })).statusCode).toBe(
      400,
    );
    expect((await admin('GET', `/product-options/${crypto.randomUUID()}/allocation`)).statusCode).toBe(404);
  });
});

describe('a receipt that fills every waiting line', () => {
  it('allocates them all itself, backorders first, with history and a mail to each buyer', async () => {
    const option = await preorderOption();
    const early = await preorder(korea, 'KRW', option.id, 6);
    const later = await preorder(global, 'USD', option.id, 4);
    const before = { early: await orderRow(early.uuid), later: await orderRow(later.uuid) };
    // Short: nothing is allocated by itself; staff commit first come, the early order keeps 3 on backorder.
    const short = await receive(option.id, 3);
    expect(short.allocatedOnReceipt).toBeNull();
    expect((await commit(option.id, { rule: 'FIRST_COME', basis: short.basis })).statusCode).toBe(200);
    expect(await lineOf(early.uuid)).toMatchObject({ allocatedQuantity: 3, backorder: true });

    // 7 more: the backorder's 3 and the later order's 4, exactly.
    const answer = await receiveAnswer(option.id, 7);
    expect(answer.statusCode).toBe(200);
    expect(body(answer).message).toBe(ALLOCATION_MESSAGES.allocatedOnReceipt(2, 7));
    const filled = body(answer).data;
    expect(filled).toMatchObject({
      allocatedOnReceipt: { lines: 2, units: 7 },
      onHand: 10,
      held: 10,
      available: 0,
      wanted: 0,
      lines: [],
    });
    expect(filled.receipts.map((r: { quantity: number }) => r.quantity)).toEqual([7, 3]);
    expect(await optionRow(option.id)).toMatchObject({ stock: 10, holdStock: 10, preorderTaken: 10 });
    expect(await lineOf(early.uuid)).toMatchObject({ quantity: 6, allocatedQuantity: 6, backorder: false });
    expect(await lineOf(later.uuid)).toMatchObject({ quantity: 4, allocatedQuantity: 4, backorder: false });
    // The amounts stand: nothing was cut.
    expect(await orderRow(early.uuid)).toMatchObject({
      productAmount: before.early.productAmount,
      finalAmount: before.early.finalAmount,
    });
    expect(await orderRow(later.uuid)).toMatchObject({ finalAmount: before.later.finalAmount });

    // Each order's history has the receipt's allocation; each buyer is mailed it.
    const earlyChanges = await allocatedChanges(early.uuid);
    expect(earlyChanges).toHaveLength(2);
    expect(earlyChanges.map((c) => (c.detail as { allocated: number }).allocated).sort()).toEqual([3, 3]);
    const laterChanges = await allocatedChanges(later.uuid);
    expect(laterChanges.map((c) => (c.detail as { allocated: number }).allocated).sort()).toEqual([0, 4]);
    const laterChange = laterChanges.find((c) => (c.detail as { allocated: number }).allocated === 4);
    expect((laterChange!.detail as { summary: string }).summary).toContain('4 of 4 allocated');
    expect(laterChange!.staffId).toBe(clerk.id);
    await shop.smtp.waitFor(
      (mail) =>
        mail.to.includes(DEMO.korea) &&
        mail.subject.includes(early.orderNumber) &&
        mail.text.includes('6 of 6'),
    );
    await shop.smtp.waitFor(
      (mail) =>
        mail.to.includes(DEMO.global) &&
        mail.subject.includes(later.orderNumber) &&
        mail.text.includes('4 of 4'),
    );
    const audits = await shop.db.select().from(auditLog).where(eq(auditLog.entityId, option.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'option.allocation',
      'option.allocation',
      'option.receipt',
      'option.receipt',
    ]);
  });

  it('allocates nothing when it is short, for staff to choose a rule', async () => {
    const option = await preorderOption();
    const first = await preorder(korea, 'KRW', option.id, 5);
    const second = await preorder(global, 'USD', option.id, 5);
    const answer = await receiveAnswer(option.id, 9);
    expect(body(answer).message).toBe(ALLOCATION_MESSAGES.receiptRecorded);
    const short = body(answer).data;
    expect(short).toMatchObject({ allocatedOnReceipt: null, onHand: 9, held: 0, available: 9, wanted: 10 });
    expect(short.lines).toHaveLength(2);
    expect(await optionRow(option.id)).toMatchObject({ stock: 9, holdStock: 0 });
    for (const order of [first, second]) {
      expect(await lineOf(order.uuid)).toMatchObject({ allocatedQuantity: 0, backorder: false });
      expect(await allocatedChanges(order.uuid)).toEqual([]);
    }
  });

  it('with nothing waiting, only raises the stock', async () => {
    const option = await preorderOption();
    const answer = body(await receiveAnswer(option.id, 4));
    expect(answer.message).toBe(ALLOCATION_MESSAGES.receiptRecorded);
    expect(answer.data).toMatchObject({ allocatedOnReceipt: null, onHand: 4, held: 0, lines: [] });
  });
});
