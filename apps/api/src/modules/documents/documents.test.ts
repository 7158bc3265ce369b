import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOptions } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload, placeOrder, receiver, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';
import { koreanDateTime, type OrderDocument, optionText, vatSplit } from './documents.format.js';
import { invoicePdf, packingListPdf } from './documents.pdf.js';

/** The text of a PDF as poppler's pdftotext reads it; the tests need the tool, they never skip without it. */
function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): string {
  const args = ['-enc', 'UTF-8', ...(options.layout ? ['-layout'] : []), '-', '-'];
  try {
    return execFileSync('pdftotext', args, { input: pdf, encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to run these tests',
      );
    }
    throw err;
  }
}

/** The text with every run of white space as one space: a value wrapped within its column reads whole. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A heading's label and its value are both printed (pdftotext may read the label column before the values). */
function expectFact(pdf: Buffer, label: string, value: string) {
  const text = flat(pdfText(pdf));
  expect(text).toContain(label);
  expect(text).toContain(value);
}

/** With KSHOP_DOCS_DIR set, the PDFs the tests fetch are kept there to look at. */
function keep(name: string, pdf: Buffer) {
  const dir = process.env.KSHOP_DOCS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), pdf);
}

const won = (n: number) => `₩${n.toLocaleString('en-US')}`;

const koreanReceiver = {
  ...receiver,
  companyName: '한빛레코드 주식회사',
  receiverName: '김민지',
  addressDetail: '서울특별시 강남구 테헤란로 12, 3층',
};

/** A Korean company as the documents print it. */
const KOREAN_BUYER: OrderDocument['buyer'] = {
  companyName: '한빛레코드 주식회사',
  businessRegistrationNumber: '120-88-12345',
  receiverName: '김민지',
  addressDetail: '서울특별시 강남구 테헤란로 12, 3층',
  postalCode: '06234',
  country: 'KR',
  phoneNumber: '+82 10-1234-5678',
  email: 'orders@hanbit.example',
};

let shop: TestShop;
let korea: Auth;
let global: Auth;
let pending: Auth;
let clerk: Auth;
let owner: Auth;
/** The buyer's own purchase-order number on the won order (issue 35). */
const WON_PO = 'HB-PO-2026/0117';
let wonOrder: { uuid: string; orderNumber: string; total: number; option: string; sku: string };
let dollarOrder: { uuid: string; orderNumber: string };

const get = (url: string, headers: Auth | Record<string, never> = {}) => shop.app.inject({ url, headers });
const pdfOf = (res: LightMyRequestResponse) => res.rawPayload;

beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  pending = await shop.loginAs(DEMO.pending);
  clerk = await staffSession(shop, 'documents-clerk@kshop.example', 'STAFF');
  owner = await staffSession(shop, 'documents-owner@kshop.example', 'OWNER');

  const a = await stockedOption(shop, 50);
  const payload = await orderPayload(shop, 'KRW', [{ productOptionUuid: a.id, quantity: 3 }]);
  const placed = await placeOrder(shop, korea, {
    ...payload,
    receiverInfo: koreanReceiver,
    poReference: WON_PO,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { uuid, orderNumber } = body(placed).data;
  for (const content of ['Shipping fee/15000', 'Discount/-2000', 'Handling/7000']) {
    const memo = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/memos`,
      headers: owner,
      payload: { content },
    });
    expect(memo.statusCode, memo.body).toBe(200);
  }
  // A voided memo no longer counts: the documents leave it out.
  const staffDetail = body(await get(`/api/v1/admin/orders/${orderNumber}`, owner)).data;
  const handling = staffDetail.memos.find((m: { content: string }) => m.content === 'Handling/7000');
  const voided = await shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderNumber}/memos/${handling.orderMemoUuid}/void`,
    headers: owner,
  });
  expect(voided.statusCode, voided.body).toBe(200);
  wonOrder = {
    uuid,
    orderNumber,
    total: a.priceKrw * 3 + 15000 - 2000,
    option: optionText(a.optionNameValue1, a.optionNameValue2),
    sku: a.sku,
  };

  const b = await stockedOption(shop, 50);
  const usd = await orderPayload(shop, 'USD', [{ productOptionUuid: b.id, quantity: 2 }]);
  // Shipped abroad: the address line ends with the country's name.
  const dollars = await placeOrder(shop, global, {
    ...usd,
    receiverInfo: { ...usd.receiverInfo, country: 'CA' },
  });
  expect(dollars.statusCode, dollars.body).toBe(200);
  dollarOrder = body(dollars).data;
}, 60_000);
afterAll(() => shop?.close());

describe('supply amount and VAT of a won total', () => {
  it('takes supply = round(total / 1.1) and VAT = total - supply, since won prices include VAT', () => {
    expect(vatSplit(11_000)).toEqual({ supply: 10_000, vat: 1_000 });
    // 1,010,000 / 1.1 = 918,181.8…: rounded up.
    expect(vatSplit(1_010_000)).toEqual({ supply: 918_182, vat: 91_818 });
    // 15 / 1.1 = 13.63…: rounded up; 12 / 1.1 = 10.90…: up; 23 / 1.1 = 20.90…; 16 / 1.1 = 14.54…
    expect(vatSplit(15)).toEqual({ supply: 14, vat: 1 });
    expect(vatSplit(16)).toEqual({ supply: 15, vat: 1 });
    expect(vatSplit(1)).toEqual({ supply: 1, vat: 0 });
    expect(vatSplit(0)).toEqual({ supply: 0, vat: 0 });
    for (const total of [1, 99, 1_234_567, 98_765_432_101]) {
      const { supply, vat } = vatSplit(total);
      expect(supply + vat).toBe(total);
      expect(supply).toBe(Math.round(total / 1.1));
    }
  });

  it('writes the order date in Korean time', () => {
    // 23:30 UTC is 08:30 the next morning in Seoul.
    expect(koreanDateTime(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23 08:30 KST');
  });
});

describe("the buyer's invoice", () => {
  it('downloads as a PDF with the order number, the Korean receiver, supply amount, VAT and the memos', async () => {
    const res = await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`, korea);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${wonOrder.orderNumber}.pdf"; filename*=UTF-8''invoice-${wonOrder.orderNumber}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = pdfOf(res);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep('invoice-krw.pdf', pdf);

    const text = flat(pdfText(pdf));
    const supply = Math.round(wonOrder.total / 1.1);
    const detail = body(await get(`/api/v1/order/detail/${wonOrder.uuid}`, korea)).data;
    expect(text).toContain(wonOrder.orderNumber);
    expectFact(pdf, 'Your PO number', WON_PO);
    expect(text).toContain('김민지');
    expect(text).toContain(detail.receiverInfo.companyName);
    expect(text).toContain('서울특별시 강남구 테헤란로 12, 3층 (06234)');
    expect(text).toContain('Supply amount');
    expect(text).toContain(won(supply));
    expect(text).toContain('VAT (10%)');
    expect(text).toContain(won(wonOrder.total - supply));
    expect(text).toContain('Total (VAT included)');
    expect(text).toContain(won(wonOrder.total));
    // Memos that change the amount are lines of the totals.
    expect(text).toContain('Shipping fee');
    expect(text).toContain(won(15000));
    expect(text).toContain('Discount');
    expect(text).toContain(`-${won(2000)}`);
    expect(text).not.toContain('Handling');
    expect(text).toContain(wonOrder.option);
    expect(text).toContain(`SKU ${wonOrder.sku}`);
    expect(text).not.toContain('Country of origin');
  });

  it('carries the fields of a commercial invoice for a dollar order', async () => {
    const res = await get(`/api/v1/order/detail/${dollarOrder.uuid}/invoice.pdf`, global);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = pdfOf(res);
    keep('invoice-usd.pdf', pdf);
    const text = flat(pdfText(pdf));
    const detail = body(await get(`/api/v1/order/detail/${dollarOrder.uuid}`, global)).data;
    expect(text).toContain(dollarOrder.orderNumber);
    // No PO number given: no empty row for one.
    expect(text).not.toContain('Your PO number');
    expect(text).toContain('Country of origin: Korea');
    expect(text).toContain('KSHOP Co., Ltd.');
    expect(text).toContain(receiver.receiverName);
    expect(text).toContain(detail.receiverInfo.companyName);
    expect(text).toContain(receiver.companyEmail);
    expect(text).toContain(receiver.phoneNumber);
    expect(text).toContain(`${receiver.addressDetail} (${receiver.postalCode}), Canada`);
    expect(text).toContain('Total (USD)');
    expect(text).toContain(`US$${detail.finalPaymentAmount.toFixed(2)}`);
    expect(text).not.toContain('Supply amount');
    expect(text).not.toContain('VAT');
  });

  it("answers another member's order as a missing one, and refuses guests and pending members", async () => {
    const foreign = await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`, global);
    const missing = await get(
      `/api/v1/order/detail/00000000-0000-4000-8000-000000000000/invoice.pdf`,
      global,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toEqual({ statusCode: 404, message: 'Order not found.', data: null });
    expect(foreign.body).not.toContain(wonOrder.orderNumber);

    const guest = await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`);
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['content-type']).toContain('application/json');
    const waiting = await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`, pending);
    expect(waiting.statusCode).toBe(403);
    expect(body(waiting).message).toBe('Your account is pending approval.');
    // A staff token is no member's.
    expect((await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`, clerk)).statusCode).toBe(401);
    expect((await get('/api/v1/order/detail/not-a-uuid/invoice.pdf', korea)).statusCode).toBe(400);
  });

  it('shows the SKU the line was ordered under after the option is given another', async () => {
    const renamed = `${wonOrder.sku}-NEW`;
    const option = eq(productOptions.sku, wonOrder.sku);
    await shop.db.update(productOptions).set({ sku: renamed }).where(option);
    try {
      const res = await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`, korea);
      expect(res.statusCode, res.body).toBe(200);
      const text = flat(pdfText(pdfOf(res)));
      expect(text).toContain(`SKU ${wonOrder.sku}`);
      expect(text).not.toContain(renamed);
    } finally {
      await shop.db.update(productOptions).set({ sku: wonOrder.sku }).where(eq(productOptions.sku, renamed));
    }
  });
});

describe('staff documents', () => {
  it('give any staff member the invoice and the packing list of any order', async () => {
    const invoice = await get(`/api/v1/admin/orders/${wonOrder.uuid}/invoice.pdf`, clerk);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toContain(
      `filename="invoice-${wonOrder.orderNumber}.pdf"`,
    );
    expect(pdfText(pdfOf(invoice))).toContain('김민지');

    const packing = await get(`/api/v1/admin/orders/${wonOrder.uuid}/packing-list.pdf`, clerk);
    expect(packing.statusCode, packing.body).toBe(200);
    expect(packing.headers['content-type']).toBe('application/pdf');
    expect(packing.headers['content-disposition']).toContain(
      `filename="packing-list-${wonOrder.orderNumber}.pdf"`,
    );
    const pdf = pdfOf(packing);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep('packing-list.pdf', pdf);
    const text = flat(pdfText(pdf));
    expect(text).toContain('PACKING LIST');
    expect(text).toContain(wonOrder.orderNumber);
    expectFact(pdf, 'Your PO number', WON_PO);
    expect(text).toContain('김민지');
    expect(text).toContain('서울특별시 강남구 테헤란로 12, 3층 (06234)');
    expect(text).toContain(wonOrder.option);
    expect(text).toContain(wonOrder.sku);
    // Side by side as printed: the label and its number on one row.
    expect(pdfText(pdf, { layout: true })).toMatch(/Total quantity +3\n/);
    // No prices on a packing list.
    expect(text).not.toMatch(/₩|US\$|Supply amount/);

    const dollars = await get(`/api/v1/admin/orders/${dollarOrder.uuid}/packing-list.pdf`, owner);
    expect(dollars.statusCode).toBe(200);
    expect(pdfText(pdfOf(dollars))).not.toContain('US$');
  });

  it('refuse buyers and guests, and answer an unknown order as not found', async () => {
    for (const suffix of ['invoice.pdf', 'packing-list.pdf']) {
      expect((await get(`/api/v1/admin/orders/${wonOrder.uuid}/${suffix}`)).statusCode).toBe(401);
      expect((await get(`/api/v1/admin/orders/${wonOrder.uuid}/${suffix}`, korea)).statusCode).toBe(401);
      const missing = await get(`/api/v1/admin/orders/00000000-0000-4000-8000-000000000000/${suffix}`, clerk);
      expect(missing.statusCode).toBe(404);
      expect(body(missing).message).toBe('Order not found.');
    }
  });
});

describe('the PDF layout', () => {
  const many: OrderDocument = {
    orderNumber: '20261123-1001',
    poReference: null,
    orderedAt: new Date('2026-11-23T00:30:00Z'),
    status: 'PENDING',
    currencyCode: 'KRW',
    buyer: KOREAN_BUYER,
    lines: Array.from({ length: 45 }, (_, i) => ({
      title: `세븐틴 SEVENTEEN 12th Mini Album 'SPILL THE FEELS' line ${i + 1}`,
      option: 'VERSION / FEEL BLUE',
      sku: '',
      quantity: 10,
      unitPrice: 18_500,
      amount: 185_000,
    })),
    productAmount: 45 * 185_000,
    adjustments: [{ label: 'Shipping fee', amount: 30_000 }],
    finalAmount: 45 * 185_000 + 30_000,
    language: 'en',
  };

  it('is pro-forma until the order is paid, then an invoice that says it was paid', async () => {
    for (const status of ['PENDING', 'CONFIRMED', 'CANCELLED'] as const) {
      const text = flat(pdfText(await invoicePdf({ ...many, status })));
      expect(text, status).toContain('PRO-FORMA INVOICE');
      expect(text, status).toContain('issued before payment');
      expect(text, status).toContain(`PI-${many.orderNumber}`);
    }
    for (const status of ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const) {
      for (const currencyCode of ['KRW', 'USD'] as const) {
        const text = flat(pdfText(await invoicePdf({ ...many, status, currencyCode })));
        expect(text, status).not.toMatch(/pro-forma|before payment/i);
        expect(text, status).toContain('INVOICE');
        expect(text, status).toContain('Payment for this order was received in full.');
        expect(text, status).toContain(`INV-${many.orderNumber}`);
      }
    }
  });

  it('runs a long order over several pages, every line and the totals included, each page numbered', async () => {
    const pdf = await invoicePdf(many);
    keep('invoice-long.pdf', pdf);
    const text = pdfText(pdf);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (let i = 1; i <= 45; i++) expect(flat(text)).toContain(`FEELS' line ${i} `);
    expect(pages.at(-1)).toContain('Total (VAT included)');
    expect(flat(text)).toContain(`Page ${pages.length} of ${pages.length}`);
    // The header row repeats on every page of lines.
    const withLines = pages.filter((page) => /\bline \d+/.test(page));
    expect(withLines.length).toBeGreaterThan(1);
    expect(withLines.every((page) => page.includes('Unit price (KRW)'))).toBe(true);

    const packing = pdfText(await packingListPdf(many), { layout: true });
    expect(packing).toMatch(/Total quantity +450\n/);
  });
});

describe("documents in the buyer's language", () => {
  const korean = (order: OrderDocument): OrderDocument => ({ ...order, language: 'ko' });
  const base = (): OrderDocument => ({
    orderNumber: '20261123-1002',
    poReference: 'PO-7781',
    orderedAt: new Date('2026-11-23T06:05:00Z'),
    status: 'PAID',
    currencyCode: 'KRW',
    buyer: KOREAN_BUYER,
    lines: [
      {
        title: 'DAWNBREAK 1st Album',
        option: 'A ver.',
        sku: 'DB-1A',
        quantity: 1200,
        unitPrice: 15_000,
        amount: 18_000_000,
      },
    ],
    productAmount: 18_000_000,
    adjustments: [],
    finalAmount: 18_000_000,
    language: 'en',
  });

  it('writes a won invoice and a packing list in Korean for a Korean buyer, dates and numbers as Korean writes them', async () => {
    const pdf = await invoicePdf(korean(base()));
    keep('invoice-krw-ko.pdf', pdf);
    const invoice = flat(pdfText(pdf));
    for (const words of [
      '인보이스',
      '공급자',
      '공급받는 자',
      '공급가액',
      '부가세(10%)',
      '합계(부가세 포함)',
      '결제 완료',
      '주식회사 케이샵',
    ])
      expect(invoice).toContain(words);
    expect(invoice).toContain('2026년 11월 23일 오후 3:05');
    expect(invoice).toContain('서울특별시 강남구 테헤란로 12, 3층 (06234), 대한민국');
    expect(invoice).toContain('1,200');
    expect(invoice).toContain('1 / 1쪽');
    expectFact(pdf, '귀사 발주번호', 'PO-7781');
    expect(invoice).not.toMatch(/Supply amount|Invoice no\.|Page 1 of/);

    const packingPdf = await packingListPdf(korean(base()));
    const packing = flat(pdfText(packingPdf));
    for (const words of ['패킹리스트', '받는 곳', '보내는 곳', '총 수량']) expect(packing).toContain(words);
    expectFact(packingPdf, '귀사 발주번호', 'PO-7781');
    expect(packing).not.toMatch(/PACKING LIST|Total quantity/);
  });

  it("keeps a dollar order's commercial invoice in English, its packing list in the buyer's language", async () => {
    const dollars = korean({ ...base(), currencyCode: 'USD' });
    const invoicePdfBytes = await invoicePdf(dollars);
    const invoice = flat(pdfText(invoicePdfBytes));
    expect(invoice).toContain('Country of origin: Korea');
    expect(invoice).toContain('Commercial invoice, paid.');
    expectFact(invoicePdfBytes, 'Your PO number', 'PO-7781');
    for (const word of ['인보이스', '주문번호', '공급받는 자', '합계']) expect(invoice).not.toContain(word);
    const packing = flat(pdfText(await packingListPdf(dollars)));
    expect(packing).toContain('패킹리스트');
  });

  it("follows the member's choice when the member downloads it", async () => {
    const choose = (language: string) =>
      shop.app.inject({ method: 'PUT', url: '/api/v1/user/language', headers: korea, payload: { language } });
    expect((await choose('ko')).statusCode).toBe(200);
    try {
      const res = await get(`/api/v1/order/detail/${wonOrder.uuid}/invoice.pdf`, korea);
      expect(res.statusCode, res.body).toBe(200);
      const text = flat(pdfText(pdfOf(res)));
      expect(text).toContain('공급가액');
      expect(text).toContain(won(wonOrder.total));
    } finally {
      expect((await choose('en')).statusCode).toBe(200);
    }
  });
});
