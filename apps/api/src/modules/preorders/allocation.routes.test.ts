import { ALLOCATION_MESSAGES } from '@kshop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderChanges, orderDetails, orders, productOptions, products } from '../../db/schema.js';
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
const receive = async (optionId: string, quantity: number) =>
  body(await admin('POST', `/product-options/${optionId}/receipts`, { quantity, note: 'Label delivery' }))
    .data;
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
