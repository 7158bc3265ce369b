import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, productOptions } from '../../db/schema.js';
import { signUp } from '../../test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { orderPayload, placeOrder } from '../../test/buying.js';
import { importOutcome, startImport } from '../../test/imports.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
let owner: Awaited<ReturnType<typeof staffSession>>;
const admin = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = owner,
) => shop.app.inject({ method, url: `/api/v1/admin${url}`, headers, payload: payload as object });

beforeAll(async () => {
  shop = await createTestShop({ env: { SHOP_INBOX_EMAIL: 'inbox@kshop.example' } });
  owner = await staffSession(shop, 'owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const newProduct = {
  title: 'NOVA9 Winter Special Album [Snowline]',
  vendor: 'Starlight Label',
  description:
    '<p>Photo book <strong>80p</strong></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
  categoryId: 5,
  artistIds: [1],
  tags: ['new', 'pre'],
  releaseDate: '2027-01-15',
  imageUrls: ['/media/demo/snowline-1.svg'],
  options: [
    {
      optionNameKey1: 'VERSION',
      optionNameValue1: 'A',
      optionNameKey2: 'MEMBER',
      optionNameValue2: 'JIN',
      priceKrw: 18000,
      priceUsd: 13.5,
      stock: 30,
      minimumOrderQuantity: 2,
      isDefault: true,
    },
    {
      optionNameKey1: 'VERSION',
      optionNameValue1: 'A',
      optionNameKey2: 'MEMBER',
      optionNameValue2: 'SOL',
      priceKrw: 18000,
      priceUsd: 13.5,
      stock: 0,
    },
    {
      optionNameKey1: 'VERSION',
      optionNameValue1: 'B',
      optionNameKey2: 'MEMBER',
      optionNameValue2: 'JIN',
      priceKrw: 19000,
      priceUsd: 14.25,
      comparedPriceKrw: 21000,
      comparedPriceUsd: 15.5,
      stock: 12,
    },
  ],
};

describe('accounts', () => {
  it('approves a new sign-up, who then sees prices; rejects with a reason mailed; suspends and reinstates', async () => {
    const account = await signUp(shop, 'newco@company.example');
    const list = body(await admin('GET', '/buyers?status=PENDING&q=newco')).data;
    expect(list.buyerList).toHaveLength(1);
    const id = list.buyerList[0].id;
    const detail = body(await admin('GET', `/buyers/${id}`)).data;
    expect(detail.certificate.fileName).toBe('certificate.pdf');
    expect(detail.certificate.url).toContain('signature=');

    const buyerAuth = await shop.loginAs(account.email, account.password);
    expect(
      (await shop.app.inject({ url: '/api/v1/product/list?limit=1', headers: buyerAuth })).statusCode,
    ).toBe(403);
    expect(
      (await admin('POST', `/buyers/${id}/approve`, { reason: 'Your account manager is Lee.' })).statusCode,
    ).toBe(200);
    const approval = await shop.smtp.waitFor(
      (m) => m.to.includes(account.email) && m.subject.includes('approved'),
    );
    expect(approval.raw).toContain('Your account manager is Lee.');
    const prices = body(
      await shop.app.inject({ url: '/api/v1/product/list?limit=1', headers: buyerAuth }),
    ).data;
    expect(typeof prices.productOptionList[0].totalPrice).toBe('number');
    expect((await admin('POST', `/buyers/${id}/approve`, {})).statusCode).toBe(409);

    await admin('POST', `/buyers/${id}/suspend`, { reason: 'unpaid invoices' });
    expect((await shop.app.inject({ url: '/api/v1/user', headers: buyerAuth })).statusCode).toBe(401);
    await admin('POST', `/buyers/${id}/reinstate`, {});
    const [row] = await shop.db.select().from(buyers).where(eq(buyers.id, id));
    expect(row!.status).toBe('APPROVED');

    const other = await signUp(shop, 'fake@company.example');
    const otherId = body(await admin('GET', '/buyers?q=fake@company')).data.buyerList[0].id;
    await admin('POST', `/buyers/${otherId}/reject`, { reason: 'The certificate is unreadable.' });
    const mails = await shop.smtp.mailsTo(other.email, 2);
    expect(mails.some((m) => m.raw.includes('The certificate is unreadable.'))).toBe(true);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: other.email, password: other.password },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('catalogue and orders', () => {
  it('creates a product with two option keys that a buyer finds, orders, and follows to delivery', async () => {
    const created = await admin('POST', '/products', newProduct);
    expect(created.statusCode).toBe(200);
    const product = body(created).data;
    expect(product.description).toBe('<p>Photo book <strong>80p</strong></p><img src="x" />');
    const jin = product.options.find(
      (o: { optionNameValue1: string; optionNameValue2: string }) =>
        o.optionNameValue1 === 'A' && o.optionNameValue2 === 'JIN',
    );

    const korea = await shop.loginAs(DEMO.korea);
    const found = body(
      await shop.app.inject({ url: '/api/v1/product/search?keyword=snowline', headers: korea }),
    ).data;
    expect(found.productOptionList.map((p: { productUuid: string }) => p.productUuid)).toContain(
      product.uuid,
    );
    const detail = body(
      await shop.app.inject({ url: `/api/v1/product/detail/${jin.uuid}`, headers: korea }),
    ).data;
    expect(detail.optionList).toHaveLength(3);
    expect(
      detail.optionList.find(
        (o: { optionNameValue2: string; optionNameValue1: string }) =>
          o.optionNameValue1 === 'A' && o.optionNameValue2 === 'SOL',
      ).isSoldOut,
    ).toBe(true);
    expect(detail.currentOption.productPrice.totalPrice).toBe(18000);
    const global = await shop.loginAs(DEMO.global);
    const usd = body(
      await shop.app.inject({ url: `/api/v1/product/detail/${jin.uuid}`, headers: global }),
    ).data;
    expect(usd.currentOption.productPrice.totalPrice).toBe(13.5);

    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: korea,
      payload: { productOptionAndQuantityList: [{ productOptionUuid: jin.uuid, quantity: 4 }] },
    });
    const placed = body(
      await placeOrder(
        shop,
        korea,
        await orderPayload(shop, 'KRW', [{ productOptionUuid: jin.uuid, quantity: 4 }]),
      ),
    ).data;

    const orders = body(await admin('GET', `/orders?status=PENDING&orderNumber=${placed.orderNumber}`)).data;
    expect(orders.orderList).toHaveLength(1);
    let order = body(await admin('GET', `/orders/${placed.orderNumber}`)).data;
    // Confirming waits for a person in charge.
    expect(order.nextStatuses).toEqual(['CANCELLED']);
    expect(
      (await admin('POST', `/orders/${placed.orderNumber}/status`, { status: 'SHIPPED' })).statusCode,
    ).toBe(409);
    await admin('POST', `/orders/${placed.orderNumber}/person-in-charge`, { staffId: owner.id });
    order = body(await admin('GET', `/orders/${placed.orderNumber}`)).data;
    expect(order.nextStatuses).toEqual(['CONFIRMED', 'CANCELLED']);
    await admin('POST', `/orders/${placed.orderNumber}/status`, { status: 'CONFIRMED' });
    expect(
      body(await admin('POST', `/orders/${placed.orderNumber}/memos`, { content: 'Shipping fee' })).message,
    ).toMatch(/label\/amount/);
    await admin('POST', `/orders/${placed.orderNumber}/memos`, { content: 'Shipping fee/15000' });
    for (const status of ['PAID', 'PREPARING', 'SHIPPED'])
      await admin('POST', `/orders/${placed.orderNumber}/status`, { status });
    order = body(await admin('GET', `/orders/${placed.orderNumber}`)).data;
    expect(order).toMatchObject({
      status: 'SHIPPED',
      finalPaymentAmount: 72000 + 15000,
      nextStatuses: ['DELIVERED'],
    });

    const seen = body(
      await shop.app.inject({ url: `/api/v1/order/detail/${placed.uuid}`, headers: korea }),
    ).data;
    expect(seen).toMatchObject({
      status: 'SHIPPED',
      finalPaymentAmount: 87000,
      orderMemos: [{ content: 'Shipping fee/15000' }],
    });
    const [option] = await shop.db.select().from(productOptions).where(eq(productOptions.id, jin.uuid));
    expect(option).toMatchObject({ stock: 26, holdStock: 0 });
    const shipped = await shop.smtp.waitFor(
      (m) => m.to.includes(DEMO.korea) && m.subject.includes('Shipped'),
    );
    expect(shipped.subject).toBe(`Order ${placed.orderNumber}: Shipped`);
  });

  it('refuses inconsistent options and stock below what orders hold, changing nothing', async () => {
    const mixed = await admin('POST', '/products', {
      ...newProduct,
      title: 'Mixed',
      options: [
        newProduct.options[0],
        { ...newProduct.options[1], optionNameKey2: null, optionNameValue2: null },
      ],
    });
    expect(body(mixed)).toMatchObject({
      statusCode: 400,
      message: 'Either every option has a second key or none has.',
    });
    const twoDefaults = await admin('POST', '/products', {
      ...newProduct,
      options: newProduct.options.map((o) => ({ ...o, isDefault: true })),
    });
    expect(body(twoDefaults).message).toBe('Exactly one option is the default.');
    const list = body(await admin('GET', '/products?q=Mixed')).data;
    expect(list.totalCount).toBe(0);
    const created = body(await admin('GET', '/products?q=Snowline')).data.productList[0];
    expect(created.optionCount).toBe(3);
  });
});

describe('CSV', () => {
  it('exports the catalogue and imports it back, or changes nothing and names each bad row', async () => {
    const csv = await admin('GET', '/catalogue.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^product_uuid,title,vendor,category_id/);
    expect(lines.length).toBeGreaterThan(150);

    const header = lines[0]!;
    const first = lines[1]!;
    const stockColumn = header.split(',').indexOf('stock');
    const optionColumn = header.split(',').indexOf('option_uuid');
    const cells = (line: string) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ''));
    const firstCells = cells(first);
    const optionId = firstCells[optionColumn]!;
    firstCells[stockColumn] = '777';
    const good = [header, firstCells.join(',')].join('\r\n');
    const badCells = cells(lines[2]!);
    badCells[stockColumn] = '-3';
    const priceColumn = header.split(',').indexOf('price_krw');
    const badPrice = cells(lines[3]!);
    badPrice[priceColumn] = 'cheap';
    const bad = [
      header,
      firstCells.join(',').replace('777', '555'),
      badCells.join(','),
      badPrice.join(','),
    ].join('\r\n');

    const started = await startImport(shop, owner, bad);
    expect(started.statusCode).toBe(202);
    expect(body(started)).toMatchObject({ statusCode: 202, message: 'Import started.' });
    const refused = await importOutcome(shop, owner, started);
    expect(refused).toMatchObject({ status: 'failed', result: null });
    expect(refused.failure.message).toBe('The import changed nothing: 2 problems found.');
    expect(refused.failure.problems).toEqual([
      { row: 3, sku: expect.any(String), column: 'stock', message: 'stock cannot be negative.' },
      { row: 4, sku: expect.any(String), column: 'price_krw', message: 'price_krw must be a number.' },
    ]);
    const [unchanged] = await shop.db.select().from(productOptions).where(eq(productOptions.id, optionId));
    expect(unchanged!.stock).not.toBe(555);

    const imported = await importOutcome(shop, owner, await startImport(shop, owner, good));
    expect(imported).toMatchObject({
      status: 'done',
      result: { productsCreated: 0, optionsChanged: 1, optionsUnchanged: 0 },
      failure: null,
      progress: { phase: 'applying', done: 1, total: 1 },
    });
    const [changed] = await shop.db.select().from(productOptions).where(eq(productOptions.id, optionId));
    expect(changed!.stock).toBe(777);
  });
});

describe('inquiries, dashboard and audit', () => {
  it('marks an inquiry answered, counts what needs attention and records who did what', async () => {
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        email: 'ask@store.example',
        companyName: 'Store',
        representativeName: 'Lee',
        businessRegistrationNumber: '123',
        phoneNumber: '+82 2 555 0101',
        content: 'Question',
        termsOfServiceAgree: true,
      },
    });
    const dashboard = body(await admin('GET', '/dashboard')).data;
    expect(dashboard.newInquiries).toBeGreaterThanOrEqual(1);
    expect(dashboard.pendingAccounts).toBeGreaterThanOrEqual(1);
    expect(dashboard.lowStock.length).toBeGreaterThan(0);

    const inquiries = body(await admin('GET', '/inquiries?status=NEW')).data.inquiryList;
    const id = inquiries[0].id;
    await admin('POST', `/inquiries/${id}/answer`, { note: 'Replied by phone.' });
    expect(body(await admin('GET', `/inquiries/${id}`)).data).toMatchObject({
      status: 'ANSWERED',
      answerNote: 'Replied by phone.',
    });

    const audit = body(await admin('GET', '/audit?limit=100')).data.auditList as {
      action: string;
      staffEmail: string | null;
    }[];
    const actions = audit.map((a) => a.action);
    for (const action of [
      'buyer.approve',
      'buyer.reject',
      'product.create',
      'order.status',
      'order.memo',
      'catalogue.import',
      'inquiry.answer',
    ]) {
      expect(actions).toContain(action);
    }
    expect(audit.find((a) => a.action === 'order.memo')!.staffEmail).toBe('owner@kshop.example');
  });
});
