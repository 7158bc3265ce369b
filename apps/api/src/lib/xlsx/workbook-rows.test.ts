import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../modules/catalog-admin/catalog-import-file.js';
import {
  CELL_AT_ZZZZZZ1,
  lyingWorkbook,
  ROW_100_MILLION,
  workbookOfSheet,
  workbookWith,
  zipBombWorkbook,
} from '../../test/workbooks.js';
import { readWorkbookRows } from './workbook-rows.js';

const read = (file: Buffer) => readWorkbookRows(file, IMPORT_LIMITS);
const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

describe('reading the first sheet of a workbook', () => {
  it('gives every cell as text: strings as written, numbers as Excel shows them, booleans, gaps as empty', async () => {
    const file = workbookWith(
      `<row r="1">${text('A1', ' sku ')}<c r="C1" t="b"><v>1</v></c><c r="D1"><v>0.30000000000000004</v></c></row>` +
        `<row r="3"><c r="B3"><v>12</v></c><c r="D3" t="b"><v>0</v></c></row>`,
    );
    expect(await read(file)).toEqual({
      ok: true,
      rows: [
        [' sku ', '', 'true', '0.3'],
        ['', '', '', ''],
        ['', '12', '', 'false'],
      ],
    });
  });

  it.each([
    [
      'one cell at ZZZZZZ1',
      CELL_AT_ZZZZZZ1,
      /reaches column ZZZZZZ, and an import reads at most 1,000 columns/,
    ],
    [
      'a row numbered 100,000,000',
      ROW_100_MILLION,
      /reaches row 100,000,000, and an import takes at most 200,000/,
    ],
    [
      'a dimension far beyond its cells',
      workbookWith(`<row r="1">${text('A1', 'x')}</row>`, 'A1:B300000'),
      /reaches row 300,000/,
    ],
    [
      'a row number in a prefixed attribute',
      workbookWith(`<row xmlns:x="urn:x" x:r="100000000">${text('A1', 'x')}</row>`),
      /reaches row 100,000,000/,
    ],
    [
      'a row number after an attribute holding >',
      workbookWith(`<row spans="a>b" r="100000000">${text('A1', 'x')}</row>`),
      /reaches row 100,000,000/,
    ],
    [
      'a row number written as a character reference',
      workbookWith(`<row r="&#49;00000000">${text('A1', 'x')}</row>`),
      /a row number Excel does not write/,
    ],
    [
      'a row number in exponent form',
      workbookWith(`<row r="1e8">${text('A1', 'x')}</row>`),
      /a row number Excel/,
    ],
    [
      '20,000 rows by 1,000 columns, more cells than a reader may build',
      workbookWith(`<row r="1">${text('ALL1', 'x')}</row><row r="20000">${text('A20000', 'x')}</row>`),
      /spans 20,000 rows by 1,000 columns, more than 10,000,000 cells/,
    ],
    [
      'a zip bomb, from its directory',
      zipBombWorkbook(1100 * 1024 * 1024),
      /xl\/worksheets\/sheet1.xml unpacks to 1,101 MB, more than 150 MB/,
    ],
  ])('refuses %s before building a row', async (_name, file, reason) => {
    const result = await read(file);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(
      /^This Excel workbook \(\.xlsx\) is too large to import|cannot be read/,
    );
    expect(!result.ok && result.problem).toMatch(reason);
  });

  it('refuses what is not a workbook, or not whole, as unreadable', async () => {
    for (const file of [Buffer.from('PK\x03\x04 not really'), workbookWith('<row r="1">').subarray(0, 200)]) {
      const result = await read(Buffer.from(file));
      expect(!result.ok && result.problem).toMatch(/cannot be read \(it is not a complete \.xlsx file\)/);
    }
  });

  it('refuses a sheet that holds more than its directory says as broken, from the cut end of its XML', async () => {
    // 40 MB said to be 4 MB: inflated into 4 MB, the sheet ends inside a text, never reaching </worksheet>.
    const result = await read(lyingWorkbook(40 * 1024 * 1024, 4 * 1024 * 1024));
    expect(!result.ok && result.problem).toMatch(/cannot be read \(its XML is broken\)/);
  });

  it('reads a sheet whose root has a namespace prefix and white space after it', async () => {
    const file = workbookOfSheet(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>ok</x:t></x:is></x:c></x:row>' +
        '</x:sheetData></x:worksheet>\r\n',
    );
    expect(await read(file)).toEqual({ ok: true, rows: [['ok']] });
  });
});
