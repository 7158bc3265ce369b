import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { auditLog, productOptions, products } from '../../db/schema.js';
import { csvLine, parseCsv } from '../../lib/csv.js';
import { readWorkbookRows } from '../../lib/xlsx/workbook-rows.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { importOutcome } from '../../test/imports.js';
import { cp949 } from '../../test/spreadsheets.js';
import { staffSession } from '../../test/staff.js';
import { IMPORT_LIMITS } from './catalog-import-file.js';

// Issue 12: the import keyed by SKU, its preview, stale stock, the adjustment column, problems at the row
// and column at fault, XLSX both ways, and SKUs in the back office. Files are built from the shop's own
// export, as staff would edit it.

let shop: TestShop;
let owner: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'sku-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The export as a header and rows of cells. */
async function exported() {
  const res = await shop.app.inject({ url: '/api/v1/admin/catalogue.csv', headers: owner });
  const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  const at = (name: string) => header!.indexOf(name);
  return { header: header!, rows, at };
}
const fileOf = (header: string[], rows: string[][], separator = ',') =>
  `${[header, ...rows].map((cells) => (separator === ',' ? csvLine(cells) : cells.join(separator))).join('\r\n')}\r\n`;

const preview = async (file: string | Buffer, query = '', contentType = 'text/csv') => {
  const res = await shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/catalogue/import/preview${query}`,
    headers: { ...owner, 'content-type': contentType },
    payload: file,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const importFile = (file: string | Buffer, query = '', contentType = 'text/csv') =>
  shop.app
    .inject({
      method: 'POST',
      url: `/api/v1/admin/catalogue/import${query}`,
      headers: { ...owner, 'content-type': contentType },
      payload: file,
    })
    .then((started) => importOutcome(shop, owner, started));

const optionBySku = async (sku: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.sku, sku)))[0];
const importAudits = async () =>
  (await shop.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'catalogue.import')))[0]!.n;

/** A new product's row in the export's columns (category 9, one option). */
function newRow(header: string[], cells: Record<string, string>) {
  const base: Record<string, string> = {
    title: 'New',
    vendor: 'Label',
    category_id: '9',
    option_key1: 'VERSION',
    option_value1: 'A',
    price_krw: '15000',
    price_usd: '11.5',
    stock: '10',
    minimum_order_quantity: '1',
    sold_out: 'false',
    is_default: 'true',
    ...cells,
  };
  return header.map((c) => base[c] ?? '');
}

describe('the export', () => {
  it('carries each option’s SKU, barcode, weight and its stock at export time, as CSV and as XLSX', async () => {
    const { header, rows, at } = await exported();
    expect(header.slice(-8, -4)).toEqual(['sku', 'barcode', 'weight_grams', 'stock_at_export']);
    expect(rows[0]![at('sku')]).toMatch(/^KS\d{6}$/);
    expect(rows[0]![at('stock_at_export')]).toBe(rows[0]![at('stock')]);
    const xlsx = await shop.app.inject({ url: '/api/v1/admin/catalogue.xlsx', headers: owner });
    expect(xlsx.headers['content-type']).toContain(XLSX);
    const sheet = await readWorkbookRows(xlsx.rawPayload, IMPORT_LIMITS);
    expect(sheet.ok && sheet.rows[0]).toEqual(header);
    expect(sheet.ok && sheet.rows[1]).toEqual(rows[0]);
    // The file as exported, CSV or workbook, imports back as nothing to change.
    const asCsv = await preview(fileOf(header, rows));
    expect(asCsv.rows).toEqual([]);
    expect(asCsv.counts).toMatchObject({ newOptions: 0, changedOptions: 0, unchangedOptions: rows.length });
    const again = await preview(xlsx.rawPayload, '', XLSX);
    expect(again.problems).toEqual([]);
    expect(again.counts).toMatchObject({ newOptions: 0, changedOptions: 0, unchangedOptions: rows.length });
  });
});

describe('importing by SKU', () => {
  it('a CP949 file with Korean titles keeps every character; the same file twice changes nothing the second time', async () => {
    const { header } = await exported();
    const rows = [
      newRow(header, {
        title: '한빛 정규 2집 [여름밤]',
        vendor: '한빛레코드',
        sku: 'HB-002-A',
        option_value1: 'A',
      }),
      newRow(header, {
        title: '한빛 정규 2집 [여름밤]',
        vendor: '한빛레코드',
        sku: 'hb-002-b',
        option_value1: 'B',
        is_default: 'false',
        barcode: '8809000000021',
        weight_grams: '420',
      }),
    ];
    const file = cp949(fileOf(header, rows, ';'));
    const first = await preview(file);
    expect(first.problems).toEqual([]);
    expect(first.counts).toMatchObject({ newProducts: 1, newOptions: 2, changedOptions: 0 });
    expect(
      first.rows.map((r: { row: number; sku: string; status: string }) => [r.row, r.sku, r.status]),
    ).toEqual([
      [2, 'HB-002-A', 'new'],
      [3, 'HB-002-B', 'new'],
    ]);
    const done = await importFile(file);
    expect(done.result).toEqual({
      productsCreated: 1,
      productsChanged: 0,
      optionsCreated: 2,
      optionsChanged: 0,
      optionsUnchanged: 0,
      stockLeftAlone: 0,
    });
    const b = (await optionBySku('HB-002-B'))!;
    expect(b).toMatchObject({ barcode: '8809000000021', weightGrams: 420, stock: 10 });
    const [product] = await shop.db.select().from(products).where(eq(products.id, b.productId));
    expect(product).toMatchObject({ title: '한빛 정규 2집 [여름밤]', vendor: '한빛레코드' });

    const audits = await importAudits();
    const second = await preview(file);
    expect(second.counts).toMatchObject({
      newProducts: 0,
      newOptions: 0,
      changedOptions: 0,
      unchangedOptions: 2,
    });
    expect(second.rows).toEqual([]);
    const again = await importFile(file);
    expect(again.result).toMatchObject({
      productsCreated: 0,
      optionsCreated: 0,
      optionsChanged: 0,
      optionsUnchanged: 2,
    });
    expect(await importAudits()).toBe(audits);
    expect((await optionBySku('HB-002-B'))!.updatedAt).toEqual(b.updatedAt);
    const [productAfter] = await shop.db.select().from(products).where(eq(products.id, b.productId));
    expect(productAfter!.updatedAt).toEqual(product!.updatedAt);
  });

  it('an XLSX workbook imports, SKU as the key: a changed price updates that option only', async () => {
    const { header, rows, at } = await exported();
    const row = [...rows[1]!];
    row[at('price_krw')] = String(Number(row[at('price_krw')]) + 1000);
    const data = [header, row].map((cells) => cells.map((value) => ({ value, type: String })));
    const workbook = await writeXlsxFile(data, { sheet: 'Catalogue' }).toBuffer();
    const seen = await preview(workbook, '', XLSX);
    expect(seen.rows).toEqual([
      expect.objectContaining({
        row: 2,
        sku: row[at('sku')],
        status: 'changed',
        changes: [{ column: 'price_krw', from: rows[1]![at('price_krw')], to: row[at('price_krw')] }],
      }),
    ]);
    const productOf = async () =>
      (
        await shop.db
          .select()
          .from(products)
          .where(eq(products.id, row[at('product_uuid')]!))
      )[0]!;
    const before = await productOf();
    const done = await importFile(workbook, '', XLSX);
    expect(done.result).toMatchObject({ optionsChanged: 1, optionsUnchanged: 0 });
    expect((await optionBySku(row[at('sku')]!))!.priceKrw).toBe(Number(row[at('price_krw')]));
    // Its product changed with it: the back office's product page follows updated_at.
    expect((await productOf()).updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });

  it('a stale export does not overwrite stock that moved, unless staff choose to; an adjustment column adds', async () => {
    const { header, rows, at } = await exported();
    const row = [...rows[2]!];
    const sku = row[at('sku')]!;
    const before = (await optionBySku(sku))!;
    // An order or a colleague moves the stock after the export.
    await shop.db
      .update(productOptions)
      .set({ stock: before.stock + 3 })
      .where(eq(productOptions.id, before.id));
    row[at('stock')] = '500';
    const file = fileOf(header, [row]);
    const seen = await preview(file);
    expect(seen.notices).toEqual([
      {
        row: 2,
        sku,
        column: 'stock',
        message: `stock moved in the shop since the export (${before.stock} then, ${before.stock + 3} now): the file's 500 was left alone. Choose "Overwrite stock" to apply it.`,
      },
    ]);
    const kept = await importFile(file);
    expect(kept.result).toMatchObject({ stockLeftAlone: 1, optionsChanged: 0 });
    expect((await optionBySku(sku))!.stock).toBe(before.stock + 3);

    const overwritten = await importFile(file, '?overwriteStock=true');
    expect(overwritten.result).toMatchObject({ stockLeftAlone: 0, optionsChanged: 1 });
    expect((await optionBySku(sku))!.stock).toBe(500);

    const adjusted = fileOf([...header, 'stock_adjustment'], [[...row, '+7']]);
    expect((await importFile(adjusted)).status).toBe('done');
    expect((await optionBySku(sku))!.stock).toBe(507);
    const tooMuch = await importFile(fileOf([...header, 'stock_adjustment'], [[...row, '-9999']]));
    expect(tooMuch.failure.problems).toEqual([
      { row: 2, sku, column: 'stock_adjustment', message: 'stock would be -9492: stock cannot be negative.' },
    ]);
    expect((await optionBySku(sku))!.stock).toBe(507);
  });

  it('a new option the file names the default takes the default from the product’s current one', async () => {
    const { header, rows, at } = await exported();
    const productId = rows[20]![at('product_uuid')]!;
    const own = rows.filter((r) => r[at('product_uuid')] === productId).map((r) => [...r]);
    const added = [...own[0]!];
    added[at('option_uuid')] = '';
    added[at('sku')] = 'NEW-DEFAULT-1';
    added[at('option_value1')] = 'Import Default';
    added[at('is_default')] = 'true';
    // The product's other rows are left out of the file: their options stay as they are, but for the default.
    const done = await importFile(fileOf(header, [added]));
    expect(done.status, JSON.stringify(done.failure)).toBe('done');
    expect(done.result).toMatchObject({ optionsCreated: 1, productsCreated: 0 });
    const options = await shop.db
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, productId));
    expect(options.filter((o) => o.isDefault).map((o) => o.sku)).toEqual(['NEW-DEFAULT-1']);
  });

  it('names the row, SKU and column of every problem; a duplicated SKU at both its rows', async () => {
    const { header, rows, at } = await exported();
    const picked = rows.slice(3, 14).map((r) => [...r]);
    picked[10]![at('sku')] = picked[2]![at('sku')]!; // rows 4 and 12 share a SKU
    picked[5]![at('price_usd')] = 'ten';
    picked[7]![at('compared_price_krw')] = '1';
    const sku = picked[2]![at('sku')]!;
    const seen = await preview(fileOf(header, picked));
    for (const p of seen.problems)
      expect(p).toEqual({
        row: expect.any(Number),
        sku: expect.any(String),
        column: expect.any(String),
        message: expect.any(String),
      });
    expect(seen.problems).toEqual(
      expect.arrayContaining([
        { row: 4, sku, column: 'sku', message: `sku ${sku} is on rows 4 and 12: each option once.` },
        { row: 7, sku: picked[5]![at('sku')], column: 'price_usd', message: 'price_usd must be a number.' },
        {
          row: 9,
          sku: picked[7]![at('sku')],
          column: 'compared_price_krw',
          message: 'A compared price is at least the price.',
        },
        { row: 12, sku, column: 'sku', message: `sku ${sku} is on rows 4 and 12: each option once.` },
      ]),
    );
    const failed = await importFile(fileOf(header, picked));
    expect(failed.status).toBe('failed');
    expect(failed.failure.problems).toEqual(seen.problems);
  });

  it('a file that cannot be read says why', async () => {
    const broken = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/import/preview',
      headers: { ...owner, 'content-type': XLSX },
      payload: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06]),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('This Excel workbook (.xlsx) cannot be read');
    const headless = await preview('a;b\r\n1;2\r\n');
    expect(headless.problems[0]).toMatchObject({
      row: 1,
      message: expect.stringContaining('names none of the columns'),
    });
  });
});

describe('SKUs in the back office', () => {
  it('a product keeps the SKU, barcode and weight staff give; a taken SKU is refused; search finds both', async () => {
    const { rows, at } = await exported();
    const taken = rows[0]![at('sku')]!;
    const product = {
      title: 'Sku Form Album',
      vendor: 'Form Label',
      categoryId: 9,
      options: [
        {
          sku: 'form-001',
          barcode: '8809111122223',
          weightGrams: 350,
          optionNameKey1: 'VERSION',
          optionNameValue1: 'A',
          priceKrw: 10000,
          priceUsd: 8,
          stock: 4,
        },
        { optionNameKey1: 'VERSION', optionNameValue1: 'B', priceKrw: 10000, priceUsd: 8, stock: 4 },
      ],
    };
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: owner,
      payload: product,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [a, b] = body(created).data.options;
    expect(a).toMatchObject({ sku: 'FORM-001', barcode: '8809111122223', weightGrams: 350 });
    expect(b.sku).toMatch(/^KS\d{6}$/);

    const clash = await shop.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${body(created).data.uuid}`,
      headers: owner,
      payload: {
        ...product,
        options: [
          { ...product.options[0], uuid: a.uuid },
          { ...product.options[1], uuid: b.uuid, sku: taken },
        ],
      },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(`SKU ${taken} is already used by another option.`);
    expect((await optionBySku(taken))!.id).not.toBe(b.uuid);
    // The database refuses it too, whoever writes.
    await expect(
      shop.db.update(productOptions).set({ sku: taken }).where(eq(productOptions.id, b.uuid)),
    ).rejects.toThrow();

    for (const q of ['FORM-001', 'form-0', '8809111122223']) {
      const found = await shop.app.inject({ url: `/api/v1/admin/products?q=${q}`, headers: owner });
      expect(body(found).data.productList.map((p: { uuid: string }) => p.uuid)).toEqual([
        body(created).data.uuid,
      ]);
    }
  });
  it('finds an option by its SKU, typed in any case, for forms that ask staff for one', async () => {
    const { rows, at } = await exported();
    const row = rows[0]!;
    const sku = row[at('sku')]!;
    const found = await shop.app.inject({
      url: `/api/v1/admin/product-options/by-sku/${encodeURIComponent(` ${sku.toLowerCase()} `)}`,
      headers: owner,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(body(found).data).toMatchObject({
      productOptionUuid: row[at('option_uuid')],
      productId: row[at('product_uuid')],
      productTitle: row[at('title')],
      sku,
    });

    const unknown = await shop.app.inject({
      url: '/api/v1/admin/product-options/by-sku/NO-SUCH-SKU-1',
      headers: owner,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No option has the SKU NO-SUCH-SKU-1.');
    const malformed = await shop.app.inject({
      url: `/api/v1/admin/product-options/by-sku/${encodeURIComponent('<script>')}`,
      headers: owner,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
