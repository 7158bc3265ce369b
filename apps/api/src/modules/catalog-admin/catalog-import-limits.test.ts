import { TEXT_MAX } from '@kshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine } from '../../lib/csv.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { importOutcome } from '../../test/imports.js';
import { staffSession } from '../../test/staff.js';

// A row of the catalogue file is a product as the back office's form sends it: the same contract schema
// checks both, so a field the form holds to 300 characters cannot arrive longer through a file.

let shop: TestShop;
let owner: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'limits-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const HEADER = [
  'title',
  'vendor',
  'category_id',
  'tags',
  'release_date',
  'artist_ids',
  'product_uuid',
  'option_uuid',
  'sku',
  'option_key1',
  'option_value1',
  'option_key2',
  'option_value2',
  'price_krw',
  'price_usd',
  'compared_price_krw',
  'compared_price_usd',
  'stock',
  'minimum_order_quantity',
  'sold_out',
  'is_default',
];
/** A new product's only row, every field within its limit unless `cells` says otherwise. */
const rowOf = (n: number, cells: Record<string, string>) => {
  const base: Record<string, string> = {
    title: `Limits Album ${n}`,
    vendor: 'Limits Label',
    category_id: '9',
    tags: 'new',
    release_date: '2027-03-01',
    artist_ids: '1',
    sku: `LIMITS-${n}`,
    option_key1: 'VERSION',
    option_value1: 'A',
    option_key2: 'MEMBER',
    option_value2: 'JIN',
    price_krw: '15000',
    price_usd: '11.5',
    stock: '40',
    minimum_order_quantity: '1',
    sold_out: 'false',
    is_default: 'true',
    ...cells,
  };
  return HEADER.map((c) => base[c] ?? '');
};
const fileOf = (rows: string[][]) => `${[HEADER, ...rows].map((cells) => csvLine(cells)).join('\r\n')}\r\n`;
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
const x = (length: number) => 'x'.repeat(length);

/** Each row past one limit: the column at fault and the message the import gives. */
const PAST_LIMITS: [Record<string, string>, string, string][] = [
  [{ title: x(TEXT_MAX.productTitle + 1) }, 'title', 'title: must be at most 300 characters'],
  [{ title: x(10_000) }, 'title', 'title: must be at most 300 characters'],
  [{ title: ' ' }, 'title', 'Title is required.'],
  [{ vendor: x(TEXT_MAX.name + 1) }, 'vendor', 'vendor: must be at most 200 characters'],
  [{ vendor: '' }, 'vendor', 'Vendor is required.'],
  [{ category_id: '100001' }, 'category_id', 'category_id: must be at most 100000'],
  [{ category_id: '' }, 'category_id', 'Choose a category.'],
  [{ release_date: '2027-02-30' }, 'release_date', 'release_date must be a date (YYYY-MM-DD).'],
  [{ release_date: '1899-12-31' }, 'release_date', 'release_date: must be a date from 1900 to 9999'],
  [
    { artist_ids: Array.from({ length: 21 }, (_, i) => i + 1).join(';') },
    'artist_ids',
    'A product has at most 20 artists.',
  ],
  [{ artist_ids: '2147483648' }, 'artist_ids', 'artist_ids: must be at most 2147483647'],
  [{ option_key1: x(TEXT_MAX.shortLabel + 1) }, 'option_key1', 'option_key1: must be at most 50 characters'],
  [
    { option_value1: x(TEXT_MAX.label + 1) },
    'option_value1',
    'option_value1: must be at most 100 characters',
  ],
  [{ option_key2: x(TEXT_MAX.shortLabel + 1) }, 'option_key2', 'option_key2: must be at most 50 characters'],
  [
    { option_value2: x(TEXT_MAX.label + 1) },
    'option_value2',
    'option_value2: must be at most 100 characters',
  ],
  [{ option_value1: '' }, 'option_value1', 'Option value 1 is required.'],
  [{ price_krw: '100000001' }, 'price_krw', 'price_krw: must be at most 100000000'],
  [{ stock: '100000001' }, 'stock', 'stock: must be at most 100000000'],
];

describe('catalogue rows checked by the product form’s schema', () => {
  it('a row at every limit is a new product; a row past a limit is a problem at its row and column', async () => {
    const atLimits = rowOf(0, {
      title: x(TEXT_MAX.productTitle),
      vendor: x(TEXT_MAX.name),
      category_id: '9',
      artist_ids: '1;2',
      option_key1: x(TEXT_MAX.shortLabel),
      option_value1: x(TEXT_MAX.label),
      option_key2: x(TEXT_MAX.shortLabel),
      option_value2: x(TEXT_MAX.label),
    });
    const fine = await preview(fileOf([atLimits]));
    expect(fine.problems).toEqual([]);
    expect(fine.counts).toMatchObject({ newProducts: 1, newOptions: 1 });

    const rows = PAST_LIMITS.map(([cells], i) => rowOf(i + 1, cells));
    const seen = await preview(fileOf([atLimits, ...rows]));
    expect(seen.problems).toEqual(
      PAST_LIMITS.map(([, column, message], i) => ({ row: i + 3, sku: `LIMITS-${i + 1}`, column, message })),
    );

    const failed = await importOutcome(
      shop,
      owner,
      await shop.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/import',
        headers: { ...owner, 'content-type': 'text/csv' },
        payload: fileOf([atLimits, ...rows]),
      }),
    );
    expect(failed.status).toBe('failed');
    expect(failed.failure.problems).toEqual(seen.problems);
    const titles = await shop.app.inject({ url: '/api/v1/admin/products?q=Limits', headers: owner });
    expect(body(titles).data.totalCount).toBe(0);
  });

  it('the form’s answer for a title past its limit is the import’s message', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: owner,
      payload: {
        title: x(TEXT_MAX.productTitle + 1),
        vendor: 'Limits Label',
        categoryId: 9,
        options: [{ optionNameKey1: 'VERSION', optionNameValue1: 'A', priceKrw: 1, priceUsd: 1, stock: 1 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('title: must be at most 300 characters');
  });
});
