import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOptions, products } from '../../db/schema.js';
import { csvLine, parseCsv } from '../../lib/csv.js';
import { readWorkbookRows } from '../../lib/xlsx/workbook-rows.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { importOutcome } from '../../test/imports.js';
import { staffSession } from '../../test/staff.js';
import { IMPORT_LIMITS } from './catalog-import-file.js';

// Issue 12: the catalogue spreadsheet carries each option's quantity rules (order_multiple, max_per_order),
// its low-stock threshold, and whether its product is published; a file without those columns leaves them.

let shop: TestShop;
let owner: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'rules-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const RULE_COLUMNS = ['order_multiple', 'max_per_order', 'low_stock_threshold', 'published'];

async function exported() {
  const res = await shop.app.inject({ url: '/api/v1/admin/catalogue.csv', headers: owner });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  const at = (name: string) => header!.indexOf(name);
  return { header: header!, rows, at };
}
const fileOf = (header: string[], rows: string[][]) =>
  `${[header, ...rows].map((cells) => csvLine(cells)).join('\r\n')}\r\n`;
const preview = async (file: string) => {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalogue/import/preview',
    headers: { ...owner, 'content-type': 'text/csv' },
    payload: file,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const importFile = (file: string) =>
  shop.app
    .inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/import',
      headers: { ...owner, 'content-type': 'text/csv' },
      payload: file,
    })
    .then((started) => importOutcome(shop, owner, started));
const optionBySku = async (sku: string) =>
  (await shop.db.select().from(productOptions).where(eq(productOptions.sku, sku)))[0]!;
const productOf = async (id: string) =>
  (await shop.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('quantity rules, threshold and publishing in the catalogue file', () => {
  it('the export carries the four columns, as CSV and as XLSX, with the shop’s values', async () => {
    const { header, rows, at } = await exported();
    expect(header.slice(-4)).toEqual(RULE_COLUMNS);
    const row = rows[0]!;
    const option = await optionBySku(row[at('sku')]!);
    const product = await productOf(row[at('product_uuid')]!);
    expect(row[at('order_multiple')]).toBe(String(option.orderMultiple));
    expect(row[at('max_per_order')]).toBe(option.maxPerOrder === null ? '' : String(option.maxPerOrder));
    expect(row[at('low_stock_threshold')]).toBe(String(option.lowStockThreshold));
    expect(row[at('published')]).toBe(String(product.isPublished));
    const xlsx = await shop.app.inject({ url: '/api/v1/admin/catalogue.xlsx', headers: owner });
    const sheet = await readWorkbookRows(xlsx.rawPayload, IMPORT_LIMITS);
    expect(sheet.ok && sheet.rows[0]!.slice(-4)).toEqual(RULE_COLUMNS);
    expect(sheet.ok && sheet.rows[1]).toEqual(row);
  });

  it('changed values are previewed as changed and applied; the same file twice changes nothing', async () => {
    const { header, rows, at } = await exported();
    const row = [...rows[1]!];
    const sku = row[at('sku')]!;
    const productId = row[at('product_uuid')]!;
    const before = await optionBySku(sku);
    expect(before).toMatchObject({ orderMultiple: 1, maxPerOrder: null });
    expect((await productOf(productId)).isPublished).toBe(true);
    row[at('order_multiple')] = '6';
    row[at('max_per_order')] = '120';
    row[at('low_stock_threshold')] = '3';
    row[at('published')] = 'false';
    const file = fileOf(header, [row]);
    const seen = await preview(file);
    expect(seen.problems).toEqual([]);
    expect(seen.counts).toMatchObject({ changedProducts: 1, changedOptions: 1, newOptions: 0 });
    expect(seen.rows).toEqual([
      expect.objectContaining({
        row: 2,
        sku,
        status: 'changed',
        changes: expect.arrayContaining([
          { column: 'published', from: 'true', to: 'false' },
          { column: 'order_multiple', from: '1', to: '6' },
          { column: 'max_per_order', from: '', to: '120' },
          { column: 'low_stock_threshold', from: String(before.lowStockThreshold), to: '3' },
        ]),
      }),
    ]);
    expect(seen.rows[0].changes).toHaveLength(4);
    const done = await importFile(file);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result).toMatchObject({ productsChanged: 1, optionsChanged: 1 });
    expect(await optionBySku(sku)).toMatchObject({
      orderMultiple: 6,
      maxPerOrder: 120,
      lowStockThreshold: 3,
    });
    const product = await productOf(productId);
    expect(product.isPublished).toBe(false);
    const option = await optionBySku(sku);

    // The same file again: unchanged, nothing written.
    const again = await preview(file);
    expect(again.rows).toEqual([]);
    expect(again.counts).toMatchObject({ changedProducts: 0, changedOptions: 0, unchangedOptions: 1 });
    const second = await importFile(file);
    expect(second.result).toMatchObject({ productsChanged: 0, optionsChanged: 0, optionsUnchanged: 1 });
    expect((await optionBySku(sku)).updatedAt).toEqual(option.updatedAt);
    expect((await productOf(productId)).updatedAt).toEqual(product.updatedAt);

    // A blank max_per_order is "no maximum"; "yes" publishes again.
    row[at('max_per_order')] = '';
    row[at('published')] = 'yes';
    const cleared = await importFile(fileOf(header, [row]));
    expect(cleared.status, JSON.stringify(cleared)).toBe('done');
    expect((await optionBySku(sku)).maxPerOrder).toBeNull();
    expect((await productOf(productId)).isPublished).toBe(true);
  });

  it('an older file without the columns leaves the rules, threshold and publishing as they are', async () => {
    const { header, rows, at } = await exported();
    const row = [...rows[2]!];
    const sku = row[at('sku')]!;
    const productId = row[at('product_uuid')]!;
    await shop.db
      .update(productOptions)
      .set({ orderMultiple: 12, maxPerOrder: 48, lowStockThreshold: 0 })
      .where(eq(productOptions.sku, sku));
    await shop.db.update(products).set({ isPublished: false }).where(eq(products.id, productId));
    const keep = header.flatMap((c, i) => (RULE_COLUMNS.includes(c) ? [] : [i]));
    row[at('price_krw')] = String(Number(row[at('price_krw')]) + 500);
    const older = fileOf(
      keep.map((i) => header[i]!),
      [keep.map((i) => row[i]!)],
    );
    const seen = await preview(older);
    expect(seen.problems).toEqual([]);
    expect(seen.rows).toEqual([
      expect.objectContaining({
        sku,
        status: 'changed',
        changes: [expect.objectContaining({ column: 'price_krw' })],
      }),
    ]);
    const done = await importFile(older);
    expect(done.result).toMatchObject({ optionsChanged: 1 });
    expect(await optionBySku(sku)).toMatchObject({
      priceKrw: Number(row[at('price_krw')]),
      orderMultiple: 12,
      maxPerOrder: 48,
      lowStockThreshold: 0,
    });
    expect((await productOf(productId)).isPublished).toBe(false);
  });

  it('a new product can arrive as a draft with its quantity rules; blank cells take the defaults', async () => {
    const { header } = await exported();
    const rowOf = (cells: Record<string, string>) => {
      const base: Record<string, string> = {
        title: 'Carton Album',
        vendor: 'Carton Label',
        category_id: '9',
        option_key1: 'VERSION',
        price_krw: '15000',
        price_usd: '11.5',
        stock: '40',
        minimum_order_quantity: '1',
        sold_out: 'false',
        published: 'false',
        ...cells,
      };
      return header.map((c) => base[c] ?? '');
    };
    const file = fileOf(header, [
      rowOf({
        sku: 'CARTON-A',
        option_value1: 'A',
        is_default: 'true',
        order_multiple: '10',
        max_per_order: '50',
      }),
      rowOf({ sku: 'CARTON-B', option_value1: 'B', is_default: 'false', low_stock_threshold: '0' }),
    ]);
    const done = await importFile(file);
    expect(done.status, JSON.stringify(done)).toBe('done');
    const a = await optionBySku('CARTON-A');
    expect(a).toMatchObject({ orderMultiple: 10, maxPerOrder: 50, lowStockThreshold: 10 });
    expect(await optionBySku('CARTON-B')).toMatchObject({
      orderMultiple: 1,
      maxPerOrder: null,
      lowStockThreshold: 0,
    });
    expect((await productOf(a.productId)).isPublished).toBe(false);
    expect((await preview(file)).counts).toMatchObject({
      newOptions: 0,
      changedOptions: 0,
      unchangedOptions: 2,
    });
  });

  it('bad values are problems naming row, SKU and column, and nothing changes', async () => {
    const { header, rows, at } = await exported();
    const picked = [[...rows[3]!], [...rows[4]!], [...rows[5]!]];
    const [a, b, c] = picked as [string[], string[], string[]];
    a[at('order_multiple')] = '0';
    b[at('max_per_order')] = '0';
    b[at('low_stock_threshold')] = '1000001';
    c[at('published')] = 'maybe';
    c[at('order_multiple')] = 'ten';
    const before = await Promise.all(picked.map((r) => optionBySku(r[at('sku')]!)));
    const file = fileOf(header, picked);
    const seen = await preview(file);
    const at3 = (row: number) =>
      seen.problems
        .filter((p: { row: number }) => p.row === row)
        .map((p: { sku: string; column: string; message: string }) => [p.sku, p.column, p.message]);
    expect(at3(2)).toEqual([[a[at('sku')], 'order_multiple', 'order_multiple is at least 1.']]);
    expect(at3(3)).toEqual(
      expect.arrayContaining([
        [b[at('sku')], 'max_per_order', 'max_per_order is at least 1.'],
        [b[at('sku')], 'low_stock_threshold', 'low_stock_threshold: must be at most 1000000'],
      ]),
    );
    expect(at3(4)).toEqual(
      expect.arrayContaining([
        [c[at('sku')], 'published', "published must be true or false, not 'maybe'."],
        [c[at('sku')], 'order_multiple', 'order_multiple must be a whole number.'],
      ]),
    );
    const failed = await importFile(file);
    expect(failed.status).toBe('failed');
    expect(failed.failure.problems).toEqual(seen.problems);
    const after = await Promise.all(picked.map((r) => optionBySku(r[at('sku')]!)));
    expect(after).toEqual(before);
  });
});
