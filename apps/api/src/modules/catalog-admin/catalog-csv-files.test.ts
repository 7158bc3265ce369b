import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { detectSeparator, parseCsv } from '../../lib/csv.js';
import { readSpreadsheetText } from '../../lib/spreadsheet-text.js';
import { createTestShop, type TestShop } from '../../test/app.js';
import { importOutcome, startImport } from '../../test/imports.js';
import { cp949 } from '../../test/spreadsheets.js';
import { staffSession } from '../../test/staff.js';
import { CSV_COLUMNS } from './catalog-csv-parse.js';

const row = (title: string, vendor: string, separator = ',') =>
  [
    '',
    title,
    vendor,
    '9',
    'new',
    '',
    '1',
    '',
    'SIZE',
    'One',
    '',
    '',
    '12000',
    '9.5',
    '',
    '',
    '7',
    '1',
    'false',
    'true',
  ].join(separator);

let shop: TestShop;
let owner: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'files-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const titled = (title: string) => shop.db.select().from(products).where(eq(products.title, title));

describe('reading a spreadsheet file', () => {
  it('finds UTF-8 with or without a byte order mark, UTF-16 and CP949, and refuses workbooks and noise', () => {
    expect(readSpreadsheetText(Buffer.from('\uFEFFa,b', 'utf8'))).toMatchObject({
      ok: true,
      encoding: 'utf-8',
    });
    expect(readSpreadsheetText(cp949('강민 정규 1집'))).toEqual({
      ok: true,
      text: '강민 정규 1집',
      encoding: 'cp949',
    });
    expect(readSpreadsheetText(Buffer.from('\uFEFF제목\t가수', 'utf16le'))).toMatchObject({
      ok: true,
      text: '제목\t가수',
      encoding: 'utf-16le',
    });
    const workbook = readSpreadsheetText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(workbook).toMatchObject({ ok: false });
    expect(workbook.ok || workbook.problem).toContain('Excel workbook (.xlsx)');
    expect(readSpreadsheetText(Buffer.from([0x41, 0xff, 0xff, 0x80, 0x80]))).toMatchObject({ ok: false });
  });

  it('finds the separator from the first line, outside quotes', () => {
    expect(detectSeparator('a,b,c\n1;2;3;4')).toBe(',');
    expect(detectSeparator('a;b;"c,d,e"\n')).toBe(';');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('title')).toBe(',');
    expect(parseCsv('a;"b;c";d\r\n1;2;3', ';')).toEqual([
      ['a', 'b;c', 'd'],
      ['1', '2', '3'],
    ]);
  });
});

describe('importing files from spreadsheets', () => {
  it('a CP949 file saved by Korean Excel keeps every Korean character', async () => {
    const csv = cp949(`${CSV_COLUMNS.join(',')}\r\n${row('한빛 정규 1집 [봄날]', '한빛레코드')}\r\n`);
    const job = await importOutcome(shop, owner, await startImport(shop, owner, csv));
    expect(job.status).toBe('done');
    const [product] = await titled('한빛 정규 1집 [봄날]');
    expect(product?.vendor).toBe('한빛레코드');
  });

  it('a semicolon-separated file imports, and so does a tab-separated UTF-16 one', async () => {
    const semicolons = `${CSV_COLUMNS.join(';')}\r\n${row('Semicolon Album', 'Semi Label', ';')}\r\n`;
    expect((await importOutcome(shop, owner, await startImport(shop, owner, semicolons))).status).toBe(
      'done',
    );
    expect(await titled('Semicolon Album')).toHaveLength(1);

    const tabs = Buffer.from(
      `\uFEFF${CSV_COLUMNS.join('\t')}\r\n${row('탭 앨범', 'Tab Label', '\t')}\r\n`,
      'utf16le',
    );
    expect((await importOutcome(shop, owner, await startImport(shop, owner, tabs))).status).toBe('done');
    expect(await titled('탭 앨범')).toHaveLength(1);
  });

  it('a workbook renamed to .csv is refused with a reason, and a file without the header row says what is wrong', async () => {
    const workbook = await startImport(shop, owner, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06]));
    expect(workbook.statusCode).toBe(400);
    expect(workbook.json().message).toContain('Excel workbook (.xlsx)');

    const headless = await importOutcome(
      shop,
      owner,
      await startImport(shop, owner, `${row('No Header', 'X')}\r\n`),
    );
    expect(headless.status).toBe('failed');
    expect(headless.failure.problems[0].message).toContain('the first row names none of the columns');
  });
});
