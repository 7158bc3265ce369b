import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOptions, products, stockAlerts } from '../../db/schema.js';
import { csvLine, parseCsv } from '../../lib/csv.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { importOutcome, startImport } from '../../test/imports.js';
import { staffSession } from '../../test/staff.js';

/** The mail's text with quoted-printable's soft line breaks taken out, so a long link reads whole. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '');

let shop: TestShop;
let korea: Auth;
let global: Auth;
let pending: Auth;
let staff: Auth;
let owner: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  pending = await shop.loginAs(DEMO.pending);
  staff = await staffSession(shop, 'stock-alerts@staff.example');
  owner = await staffSession(shop, 'stock-alerts-owner@staff.example', 'OWNER');
});
afterAll(() => shop?.close());

const notify = (method: 'POST' | 'DELETE', optionUuid: string, auth?: Auth) =>
  shop.app.inject({ method, url: `/api/v1/product/option/${optionUuid}/notify`, headers: auth });
const waitingList = (optionUuid: string, auth?: Auth) =>
  shop.app.inject({ url: `/api/v1/product/detail/${optionUuid}/notify`, headers: auth });
const rowsOf = (optionUuid: string) =>
  shop.db.select().from(stockAlerts).where(eq(stockAlerts.productOptionId, optionUuid));
const mailsAbout = (email: string, title: string) =>
  shop.smtp.received.filter((m) => m.to.includes(email) && m.raw.includes(title));
const setOption = (id: string, values: Partial<typeof productOptions.$inferInsert>) =>
  shop.db.update(productOptions).set(values).where(eq(productOptions.id, id));
const setPublished = (productId: string, isPublished: boolean) =>
  shop.db.update(products).set({ isPublished }).where(eq(products.id, productId));
const settle = (ms = 2_500) => new Promise((resolve) => setTimeout(resolve, ms));

describe('who may ask to be notified', () => {
  it('refuses guests (401) and members awaiting approval (403), and stores nothing', async () => {
    const option = await stockedOption(shop, 0);
    const guest = await notify('POST', option.id);
    expect(guest.statusCode).toBe(401);
    expect(body(guest).data).toBeNull();
    const waiting = await notify('POST', option.id, pending);
    expect(waiting.statusCode).toBe(403);
    expect(body(waiting).message).toBe('Your account is pending approval.');
    expect((await waitingList(option.id)).statusCode).toBe(401);
    expect((await waitingList(option.id, pending)).statusCode).toBe(403);
    expect(await rowsOf(option.id)).toEqual([]);
  });

  it('refuses an option that can be ordered, and an unknown one', async () => {
    const option = await stockedOption(shop, 5);
    const inStock = await notify('POST', option.id, korea);
    expect(inStock.statusCode).toBe(409);
    expect(body(inStock).message).toBe('This option is in stock.');
    expect(await rowsOf(option.id)).toEqual([]);
    const unknown = await notify('POST', '00000000-0000-4000-8000-000000000000', korea);
    expect(unknown.statusCode).toBe(404);
    expect((await notify('POST', 'not-a-uuid', korea)).statusCode).toBe(400);
  });
});

describe('notify me', () => {
  it('keeps one request per member and option, however often asked', async () => {
    const option = await stockedOption(shop, 0);
    for (let i = 0; i < 3; i++) {
      const res = await notify('POST', option.id, korea);
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({ optionUuid: option.id, subscribed: true });
    }
    await Promise.all([notify('POST', option.id, korea), notify('POST', option.id, korea)]);
    expect(await rowsOf(option.id)).toHaveLength(1);
    expect(body(await waitingList(option.id, korea)).data.optionUuidList).toEqual([option.id]);
  });

  it("lets no member see or cancel another member's request", async () => {
    const option = await stockedOption(shop, 0);
    expect((await notify('POST', option.id, korea)).statusCode).toBe(200);
    expect(body(await waitingList(option.id, global)).data.optionUuidList).toEqual([]);
    const cancel = await notify('DELETE', option.id, global);
    expect(cancel.statusCode).toBe(200);
    expect(body(cancel).data.subscribed).toBe(false);
    expect(await rowsOf(option.id)).toHaveLength(1);
    expect(body(await waitingList(option.id, korea)).data.optionUuidList).toEqual([option.id]);
    // The member's own cancel does remove it.
    expect((await notify('DELETE', option.id, korea)).statusCode).toBe(200);
    expect(await rowsOf(option.id)).toEqual([]);
    expect(body(await waitingList(option.id, korea)).data.optionUuidList).toEqual([]);
  });

  it('mails each waiting member once when staff put stock back, and marks the requests done', async () => {
    const option = await stockedOption(shop, 0);
    const title = option.product.title;
    await notify('POST', option.id, korea);
    await notify('POST', option.id, global);
    const counts = await shop.app.inject({
      url: `/api/v1/admin/products/${option.product.id}/stock-alerts`,
      headers: staff,
    });
    expect(body(counts).data.optionList).toEqual([{ optionUuid: option.id, waiting: 2 }]);
    // A change that leaves it sold out mails nobody.
    await setOption(option.id, { stock: 2, holdStock: 2 });
    await settle(1_500);
    expect(mailsAbout(DEMO.korea, title)).toHaveLength(0);

    await setOption(option.id, { stock: 10, holdStock: 2 });
    await shop.smtp.waitFor((m) => m.to.includes(DEMO.korea) && m.raw.includes(title));
    await shop.smtp.waitFor((m) => m.to.includes(DEMO.global) && m.raw.includes(title));
    // Further changes while in stock, and a sell-out and return with nobody waiting, mail no one again.
    await setOption(option.id, { stock: 12 });
    await setOption(option.id, { isSoldOut: true });
    await setOption(option.id, { isSoldOut: false });
    await settle();
    expect(mailsAbout(DEMO.korea, title)).toHaveLength(1);
    expect(mailsAbout(DEMO.global, title)).toHaveLength(1);
    // An absolute link, to the address staff reach the shop at (no PUBLIC_URL here): a mail is read elsewhere.
    expect(unfolded(mailsAbout(DEMO.korea, title)[0]!.raw)).toContain(
      `http://localhost/productdetail/${option.id}`,
    );
    const rows = await rowsOf(option.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.notifiedAt !== null)).toBe(true);
    expect(body(await waitingList(option.id, korea)).data.optionUuidList).toEqual([]);
    const after = await shop.app.inject({
      url: `/api/v1/admin/products/${option.product.id}/stock-alerts`,
      headers: staff,
    });
    expect(body(after).data.optionList).toEqual([]);
  }, 20_000);

  it('keeps the requests of a draft product waiting while it is restocked, and mails them once it is published', async () => {
    const option = await stockedOption(shop, 0);
    const title = option.product.title;
    await notify('POST', option.id, korea);
    await setPublished(option.product.id, false);
    await setOption(option.id, { stock: 10 });
    await settle();
    // The storefront does not show a draft: no mail leads to it, and the request still waits.
    expect(mailsAbout(DEMO.korea, title)).toHaveLength(0);
    expect((await rowsOf(option.id)).map((row) => row.notifiedAt)).toEqual([null]);

    await setPublished(option.product.id, true);
    await shop.smtp.waitFor((m) => m.to.includes(DEMO.korea) && m.raw.includes(title));
    // Taken back to draft and published again with nobody waiting: no second mail.
    await setPublished(option.product.id, false);
    await setPublished(option.product.id, true);
    await settle();
    expect(mailsAbout(DEMO.korea, title)).toHaveLength(1);
    expect((await rowsOf(option.id)).every((row) => row.notifiedAt !== null)).toBe(true);
  }, 20_000);

  it('mails nobody when a draft is published while its option is still sold out', async () => {
    const option = await stockedOption(shop, 0);
    const title = option.product.title;
    await notify('POST', option.id, global);
    await setPublished(option.product.id, false);
    await setPublished(option.product.id, true);
    await settle();
    expect(mailsAbout(DEMO.global, title)).toHaveLength(0);
    expect((await rowsOf(option.id)).map((row) => row.notifiedAt)).toEqual([null]);
  }, 20_000);

  it('mails when a cancelled order releases its hold', async () => {
    const option = await stockedOption(shop, 3);
    const title = option.product.title;
    const placed = await placeOrder(
      shop,
      korea,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 3 }]),
    );
    expect(placed.statusCode).toBe(200);
    expect((await notify('POST', option.id, global)).statusCode).toBe(200);
    const [order] = await shop.db
      .select({ holdStock: productOptions.holdStock })
      .from(productOptions)
      .where(and(eq(productOptions.id, option.id)));
    expect(order!.holdStock).toBe(3);
    const detail = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${body(placed).data.uuid}`, headers: korea }),
    ).data;
    const cancelled = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${detail.orderNumber}/status`,
      headers: staff,
      payload: { status: 'CANCELLED', reason: 'The buyer asked to cancel.' },
    });
    expect(cancelled.statusCode).toBe(200);
    await shop.smtp.waitFor((m) => m.to.includes(DEMO.global) && m.raw.includes(title));
    await settle(1_000);
    expect(mailsAbout(DEMO.global, title)).toHaveLength(1);
  }, 20_000);

  it('mails when a catalogue import puts stock back', async () => {
    const option = await stockedOption(shop, 0);
    expect((await notify('POST', option.id, korea)).statusCode).toBe(200);
    const exported = await shop.app.inject({ url: '/api/v1/admin/catalogue.csv', headers: owner });
    const [header, ...rows] = parseCsv(exported.body.replace(/^\uFEFF/, ''));
    const column = (name: string) => header!.indexOf(name);
    const ofProduct = rows.filter((cells) => cells[column('product_uuid')] === option.product.id);
    expect(ofProduct.length).toBeGreaterThan(0);
    for (const cells of ofProduct)
      if (cells[column('option_uuid')] === option.id) cells[column('stock')] = '25';
    const csv = `${[header!, ...ofProduct].map((cells) => csvLine(cells)).join('\r\n')}\r\n`;
    const job = await importOutcome(shop, owner, await startImport(shop, owner, csv));
    expect(job.status).toBe('done');
    await shop.smtp.waitFor(
      (m) => m.to.includes(DEMO.korea) && unfolded(m.raw).includes(`/productdetail/${option.id}`),
    );
    const rowsAfter = await rowsOf(option.id);
    expect(rowsAfter[0]!.notifiedAt).not.toBeNull();
  }, 30_000);

  it('asks again after a mail: the same row waits again', async () => {
    const option = await stockedOption(shop, 0);
    await notify('POST', option.id, korea);
    await setOption(option.id, { stock: 4 });
    await shop.smtp.waitFor((m) => m.to.includes(DEMO.korea) && m.raw.includes(option.product.title));
    await setOption(option.id, { stock: 0 });
    expect((await notify('POST', option.id, korea)).statusCode).toBe(200);
    const rows = await rowsOf(option.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.notifiedAt).toBeNull();
  }, 20_000);
});
