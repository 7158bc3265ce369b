import { randomUUID } from 'node:crypto';
import { QUICK_ORDER_MESSAGES, type QuickOrderCheckedLine } from '@kshop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshProductDerived } from '../../db/derived.js';
import { buyers, cartItems, type productOptions, products } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, optionOfItsOwn } from '../../test/buying.js';
import { cp949 } from '../../test/spreadsheets.js';
import { workbookWith } from '../../test/workbooks.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
});
afterAll(() => shop?.close());

type Line = { code: string; quantity: number; line?: number };
const post = (path: string, auth: Auth | Record<string, string>, payload: object, key?: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1/quick-order/${path}`,
    headers: key === undefined ? auth : { ...auth, 'idempotency-key': key },
    payload,
  });
const check = async (auth: Auth, lines: Line[]) => {
  const res = await post('check', auth, { lines });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { lines: QuickOrderCheckedLine[]; addableCount: number; currencyCode: string };
};
const upload = (auth: Auth | Record<string, string>, file: Buffer, type: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/quick-order/file',
    headers: { ...auth, 'content-type': type },
    payload: file,
  });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A fresh option with its own SKU, on a product no other test is handed. */
const option = (stock: number, overrides: Partial<typeof productOptions.$inferInsert> = {}) =>
  optionOfItsOwn(shop, 'QO', stock, overrides);
const setProduct = async (productId: string, values: Partial<typeof products.$inferInsert>) => {
  await shop.db.update(products).set(values).where(eq(products.id, productId));
  await refreshProductDerived(shop.db, [productId], { searchText: false });
};
const cartQuantity = async (auth: Auth, optionId: string) => {
  const me = await shop.db
    .select({ id: buyers.id })
    .from(buyers)
    .where(eq(buyers.email, auth === korea ? DEMO.korea : DEMO.global));
  const [line] = await shop.db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.buyerId, me[0]!.id), eq(cartItems.productOptionId, optionId)));
  return line?.quantity ?? 0;
};
const byCode = (lines: QuickOrderCheckedLine[], code: string) => lines.find((l) => l.code === code)!;

describe('who may use quick order', () => {
  it('refuses a guest with 401 on every route, with no price in the answer', async () => {
    const plain = await option(50);
    for (const path of ['check', 'add']) {
      const res = await post(path, {}, { lines: [{ code: plain.sku, quantity: 1 }] });
      expect(res.statusCode).toBe(401);
      expect(body(res).data).toBeNull();
      expect(res.body).not.toMatch(/price/i);
    }
    const file = await upload({}, Buffer.from(`${plain.sku},1\n`), 'text/csv');
    expect(file.statusCode).toBe(401);
    expect(file.body).not.toMatch(/price/i);
    expect(await cartQuantity(korea, plain.id)).toBe(0);
  });
});

describe('checking lines', () => {
  it('keeps leading zeros and all-digit SKUs as text, matches SKUs in any case and barcodes exactly', async () => {
    const zeros = await option(50, { sku: '00123' });
    const digits = await option(50, { sku: '123' });
    const lettered = await option(50);
    const barcoded = await option(50, { barcode: '8809123456789' });
    const { lines, addableCount, currencyCode } = await check(korea, [
      { code: '00123', quantity: 2 },
      { code: '123', quantity: 3 },
      { code: lettered.sku.toLowerCase(), quantity: 1 },
      { code: '8809123456789', quantity: 4 },
      { code: '809123456789', quantity: 4 },
    ]);
    expect(currencyCode).toBe('KRW');
    expect(lines.map((l) => [l.code, l.product?.productOptionUuid ?? null, l.quantity, l.outcome])).toEqual([
      ['00123', zeros.id, 2, 'ok'],
      ['123', digits.id, 3, 'ok'],
      [lettered.sku.toLowerCase(), lettered.id, 1, 'ok'],
      ['8809123456789', barcoded.id, 4, 'ok'],
      ['809123456789', null, 0, 'unknownCode'],
    ]);
    expect(addableCount).toBe(4);
    expect(byCode(lines, '00123').product).toMatchObject({
      sku: '00123',
      minimumOrderQuantity: 1,
      orderMultiple: 1,
    });
    expect(byCode(lines, '00123').product?.price).toBe(zeros.priceKrw);
    expect(byCode(lines, '809123456789').message).toBe(QUICK_ORDER_MESSAGES.unknownCode);
    // The member's currency: a global buyer sees dollars.
    const usd = await check(global, [{ code: '00123', quantity: 1 }]);
    expect(usd.currencyCode).toBe('USD');
    expect(usd.lines[0]?.product?.price).toBe(zeros.priceUsd / 100);
  });

  it('merges lines naming the same option, by SKU or barcode, and adds up their quantities', async () => {
    const target = await option(100, { barcode: `880${Date.now()}`.slice(0, 13) });
    const { lines } = await check(korea, [
      { code: target.sku, quantity: 2, line: 1 },
      { code: 'NO-SUCH-CODE', quantity: 1, line: 2 },
      { code: target.sku.toLowerCase(), quantity: 3, line: 3 },
      { code: target.barcode!, quantity: 4, line: 7 },
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      code: target.sku,
      lineNumbers: [1, 3, 7],
      askedQuantity: 9,
      quantity: 9,
      outcome: 'merged',
      message: QUICK_ORDER_MESSAGES.merged(3),
    });
    expect(lines[1]).toMatchObject({ lineNumbers: [2], outcome: 'unknownCode' });
  });

  it('raises to the minimum, rounds up onto the carton, lowers to what is available, and says so', async () => {
    const minimum = await option(100, { minimumOrderQuantity: 5 });
    const carton = await option(100, { orderMultiple: 6 });
    const short = await option(4);
    const capped = await option(100, { maxPerOrder: 20 });
    const both = await option(100, { minimumOrderQuantity: 5, orderMultiple: 4 });
    const { lines } = await check(korea, [
      { code: minimum.sku, quantity: 2 },
      { code: carton.sku, quantity: 7 },
      { code: short.sku, quantity: 10 },
      { code: capped.sku, quantity: 30 },
      { code: both.sku, quantity: 1 },
    ]);
    expect(byCode(lines, minimum.sku)).toMatchObject({
      askedQuantity: 2,
      quantity: 5,
      outcome: 'raisedToMinimum',
      message: QUICK_ORDER_MESSAGES.raisedToMinimum(5),
    });
    expect(byCode(lines, carton.sku)).toMatchObject({
      quantity: 12,
      outcome: 'roundedToMultiple',
      message: QUICK_ORDER_MESSAGES.roundedToMultiple(6),
    });
    expect(byCode(lines, short.sku)).toMatchObject({
      quantity: 4,
      outcome: 'loweredToAvailable',
      message: QUICK_ORDER_MESSAGES.loweredToAvailable(4),
    });
    expect(byCode(lines, capped.sku)).toMatchObject({ quantity: 20, outcome: 'loweredToAvailable' });
    expect(byCode(lines, both.sku)).toMatchObject({
      quantity: 8,
      outcome: 'roundedToMultiple',
      notes: [
        { kind: 'raisedToMinimum', message: QUICK_ORDER_MESSAGES.raisedToMinimum(5) },
        { kind: 'roundedToMultiple', message: QUICK_ORDER_MESSAGES.roundedToMultiple(4) },
      ],
    });
  });

  it('refuses what cannot be ordered: sold out, short of the minimum, outside the window, not on sale', async () => {
    const soldOut = await option(10, { isSoldOut: true });
    const empty = await option(0);
    const short = await option(5, { minimumOrderQuantity: 10 });
    const closed = await option(10);
    await setProduct(closed.product.id, { salesEndAt: new Date(Date.now() - 86_400_000) });
    const notYet = await option(10);
    await setProduct(notYet.product.id, { salesStartAt: new Date(Date.now() + 86_400_000) });
    const hidden = await option(10);
    await setProduct(hidden.product.id, { isPublished: false });
    const deleted = await option(10);
    await setProduct(deleted.product.id, { deletedAt: new Date() });
    const { lines, addableCount } = await check(korea, [
      { code: soldOut.sku, quantity: 1 },
      { code: empty.sku, quantity: 1 },
      { code: short.sku, quantity: 10 },
      { code: closed.sku, quantity: 1 },
      { code: notYet.sku, quantity: 1 },
      { code: hidden.sku, quantity: 1 },
      { code: deleted.sku, quantity: 1 },
    ]);
    expect(addableCount).toBe(0);
    expect(lines.map((l) => [l.outcome, l.quantity, l.message])).toEqual([
      ['soldOut', 0, QUICK_ORDER_MESSAGES.soldOut],
      ['soldOut', 0, QUICK_ORDER_MESSAGES.soldOut],
      ['notEnoughStock', 0, QUICK_ORDER_MESSAGES.notEnoughStock],
      ['ordersClosed', 0, QUICK_ORDER_MESSAGES.ordersClosed],
      ['ordersNotOpen', 0, QUICK_ORDER_MESSAGES.ordersNotOpen],
      ['notPublished', 0, QUICK_ORDER_MESSAGES.notPublished],
      ['unknownCode', 0, QUICK_ORDER_MESSAGES.unknownCode],
    ]);
    // Nothing of a product not on sale reaches the buyer.
    expect(byCode(lines, hidden.sku).product).toBeNull();
  });

  it('takes 500 lines and refuses 501 with a sentence saying so', async () => {
    const plain = await option(100);
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ code: i === 0 ? plain.sku : `NONE-${i}`, quantity: 1 }));
    const ok = await check(korea, many(500));
    expect(ok.lines).toHaveLength(500);
    expect(ok.addableCount).toBe(1);
    const refused = await post('check', korea, { lines: many(501) });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toContain(QUICK_ORDER_MESSAGES.tooManyLines(500));
    const none = await post('check', korea, { lines: [] });
    expect(body(none)).toMatchObject({ statusCode: 400 });
    expect(body(none).message).toContain(QUICK_ORDER_MESSAGES.noLines);
  });

  it('answers in Korean when asked', async () => {
    const plain = await option(10);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/quick-order/check',
      headers: { ...korea, 'accept-language': 'ko' },
      payload: { lines: [{ code: plain.sku, quantity: 1 }] },
    });
    expect(body(res).message).toBe('1줄 중 1줄을 담을 수 있습니다.');
  });
});

describe('adding lines to the cart', () => {
  it('adds the good lines in one step, raises a line already in the cart to the sum, and leaves the bad ones', async () => {
    const fresh = await option(100, { minimumOrderQuantity: 3 });
    const held = await option(100, { orderMultiple: 5 });
    const soldOut = await option(10, { isSoldOut: true });
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: korea,
      payload: { productOptionAndQuantityList: [{ productOptionUuid: held.id, quantity: 5 }] },
    });
    expect(added.statusCode).toBe(200);
    const checked = await check(korea, [
      { code: fresh.sku, quantity: 1 },
      { code: held.sku, quantity: 7 },
      { code: soldOut.sku, quantity: 1 },
    ]);
    expect(byCode(checked.lines, held.sku)).toMatchObject({
      quantity: 10,
      notes: [
        { kind: 'inCart', message: QUICK_ORDER_MESSAGES.inCart(5) },
        { kind: 'roundedToMultiple', message: QUICK_ORDER_MESSAGES.roundedToMultiple(5) },
      ],
    });
    const res = await post('add', korea, {
      lines: [
        { code: fresh.sku, quantity: 1 },
        { code: held.sku, quantity: 7 },
        { code: soldOut.sku, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(QUICK_ORDER_MESSAGES.added(2));
    expect(body(res).data).toMatchObject({
      added: [
        { productOptionUuid: fresh.id, quantity: 3, cartQuantity: 3 },
        { productOptionUuid: held.id, quantity: 10, cartQuantity: 15 },
      ],
      refusedCount: 1,
    });
    expect(await cartQuantity(korea, fresh.id)).toBe(3);
    expect(await cartQuantity(korea, held.id)).toBe(15);
    expect(await cartQuantity(korea, soldOut.id)).toBe(0);
  });

  it('with the same Idempotency-Key answers as the first time and changes the cart once', async () => {
    const plain = await option(100);
    const key = randomUUID();
    const payload = { lines: [{ code: plain.sku, quantity: 4 }] };
    const first = await post('add', korea, payload, key);
    const again = await post('add', korea, payload, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await cartQuantity(korea, plain.id)).toBe(4);
    // A new key is a new add: the cart line is raised to the sum.
    await post('add', korea, payload, randomUUID());
    expect(await cartQuantity(korea, plain.id)).toBe(8);
  });

  it("never touches another member's cart", async () => {
    const plain = await option(100);
    await post('add', global, { lines: [{ code: plain.sku, quantity: 2 }] });
    const mine = await check(korea, [{ code: plain.sku, quantity: 1 }]);
    expect(mine.lines[0]?.notes.map((n) => n.kind)).toEqual(['ok']);
    await post('add', korea, { lines: [{ code: plain.sku, quantity: 1 }] });
    expect(await cartQuantity(global, plain.id)).toBe(2);
    expect(await cartQuantity(korea, plain.id)).toBe(1);
  });
});

describe('checking a file', () => {
  it('reads a Korean Excel CSV (CP949) with a header, keeping leading zeros and naming unreadable quantities', async () => {
    const zeros = await option(50, { sku: '000777' });
    const other = await option(50);
    const csv = cp949(`상품코드,수량,비고\r\n000777,3,첫 주문\r\n${other.sku},두 개\r\n="000777",2,\r\n`);
    const res = await upload(korea, csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = body(res);
    expect(data.lines).toHaveLength(2);
    expect(data.lines[0]).toMatchObject({
      code: '000777',
      lineNumbers: [2, 4],
      askedQuantity: 5,
      quantity: 5,
      product: { productOptionUuid: zeros.id, sku: '000777' },
      outcome: 'merged',
    });
    expect(data.lines[1]).toMatchObject({ code: other.sku, lineNumbers: [3], outcome: 'badQuantity' });
    expect(data.text.split('\n')).toEqual([
      '상품코드\t수량',
      '000777\t3',
      `${other.sku}\t두 개`,
      '="000777"\t2',
    ]);
  });

  it('reads a workbook: text cells as written, number cells as Excel stores them', async () => {
    const digits = await option(50, { sku: '4567' });
    const zeros = await option(50, { sku: '0089' });
    const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    const number = (ref: string, value: number) => `<c r="${ref}"><v>${value}</v></c>`;
    const workbook = workbookWith(
      `<row r="1">${cell('A1', 'SKU')}${cell('B1', 'Qty')}</row>` +
        `<row r="2">${number('A2', 4567)}${number('B2', 2)}</row>` +
        `<row r="3">${cell('A3', '0089')}${number('B3', 3)}</row>`,
    );
    const res = await upload(korea, workbook, XLSX);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = body(res);
    expect(
      data.lines.map((l: QuickOrderCheckedLine) => [l.code, l.product?.productOptionUuid, l.quantity]),
    ).toEqual([
      ['4567', digits.id, 2],
      ['0089', zeros.id, 3],
    ]);
  });

  it('refuses a file of more than 500 lines, an empty one, and one that is not a spreadsheet', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `CODE-${i},1`).join('\n');
    const many = await upload(korea, Buffer.from(`sku,qty\n${rows}\n`), 'text/csv');
    expect(body(many)).toMatchObject({ statusCode: 400, message: QUICK_ORDER_MESSAGES.tooManyLines(500) });
    const fiveHundred = Array.from({ length: 500 }, (_, i) => `CODE-${i},1`).join('\n');
    expect((await upload(korea, Buffer.from(`sku,qty\n${fiveHundred}\n`), 'text/csv')).statusCode).toBe(200);
    const empty = await upload(korea, Buffer.from('sku,qty\n'), 'text/csv');
    expect(body(empty)).toMatchObject({ statusCode: 400, message: QUICK_ORDER_MESSAGES.noLines });
    const broken = await upload(korea, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), XLSX);
    expect(broken.statusCode).toBe(400);
  });
});
