import { constants, crc32, deflateRawSync } from 'node:zlib';
import { strToU8, Zip, type ZipInputFile, ZipPassThrough, zipSync } from 'fflate';

/** Excel workbooks for import tests, built part by part: a small honest one and hostile ones. */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '</Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONS}"><sheets><sheet name="Catalogue" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

const SHEET = 'xl/worksheets/sheet1.xml';
const sheetXml = (sheetData: string, dimension?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>${sheetData}</sheetData></worksheet>`;

/** A workbook whose first sheet holds the given `<sheetData>` markup (inline strings, no shared ones). */
export function workbookWith(sheetData: string, dimension?: string): Buffer {
  return workbookOfSheet(sheetXml(sheetData, dimension));
}

/** A workbook whose first sheet is this XML, as it is written. */
export function workbookOfSheet(xml: string): Buffer {
  const files = Object.fromEntries(Object.entries(PARTS).map(([name, text]) => [name, strToU8(text)]));
  return Buffer.from(zipSync({ ...files, [SHEET]: strToU8(xml) }));
}

const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

/** One cell, far to the right: 1 KB that asks a reader to fill 321 million columns. */
export const CELL_AT_ZZZZZZ1 = workbookWith(`<row r="1">${text('ZZZZZZ1', 'x')}</row>`, 'A1:ZZZZZZ1');

/** One row, far down: a reader that fills the rows before it builds a hundred million. */
export const ROW_100_MILLION = workbookWith(`<row r="100000000">${text('A100000000', 'x')}</row>`);

const bombHead = () =>
  strToU8(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>').replace('</sheetData></worksheet>', ''));
const bombTail = () => strToU8('</t></is></c></row></sheetData></worksheet>');

/**
 * A workbook whose one cell holds `inflatedBytes` of the letter A, deflated to about a thousandth. Deflating
 * that much takes seconds, so one megabyte is deflated once and its stream repeated: each copy ends on a
 * byte boundary (a sync flush) and refers to nothing before it but the letter it repeats.
 */
export function zipBombWorkbook(inflatedBytes: number): Buffer {
  const [head, tail] = [bombHead(), bombTail()];
  const block = new Uint8Array(1024 * 1024).fill(0x41);
  const repeats = Math.ceil(inflatedBytes / block.length);
  const flushed = (data: Uint8Array) => deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
  let crc = crc32(head);
  for (let i = 0; i < repeats; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc);
  const deflatedBlock = flushed(block);
  return zipWithSheet(
    [flushed(head), ...Array<Uint8Array>(repeats).fill(deflatedBlock), deflateRawSync(tail)],
    { size: head.length + repeats * block.length + tail.length, crc },
  );
}

/**
 * A workbook whose directory says its sheet unpacks to `declaredBytes` while it holds `inflatedBytes`: one
 * deflate stream, so nothing in it stops an inflater that trusts the directory before its end.
 */
export function lyingWorkbook(inflatedBytes: number, declaredBytes: number): Buffer {
  const content = Buffer.concat([bombHead(), Buffer.alloc(inflatedBytes, 0x41), bombTail()]);
  const file = zipWithSheet([deflateRawSync(content, { level: 1 })], {
    size: content.length,
    crc: crc32(content),
  });
  declareSize(file, SHEET, declaredBytes);
  return file;
}

/** The honest parts, and a sheet given as deflated chunks with what the directory says of it. */
function zipWithSheet(deflated: Uint8Array[], sheetData: { size: number; crc: number }): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    chunks.push(data);
  });
  for (const [name, content] of Object.entries(PARTS)) {
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(strToU8(content), true);
  }
  const sheet: ZipInputFile = { filename: SHEET, compression: 8, ...sheetData, terminate() {} };
  zip.add(sheet);
  for (const [i, chunk] of deflated.entries())
    sheet.ondata!(null, chunk as Uint8Array<ArrayBuffer>, i === deflated.length - 1);
  zip.end();
  return Buffer.concat(chunks);
}

/** Rewrites what the central directory says an entry unpacks to. */
function declareSize(file: Buffer, name: string, bytes: number) {
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = file.indexOf(signature); at >= 0; at = file.indexOf(signature, at + 1)) {
    const nameLength = file.readUInt16LE(at + 28);
    if (file.toString('latin1', at + 46, at + 46 + nameLength) === name) {
      file.writeUInt32LE(bytes, at + 24);
      return;
    }
  }
  throw new Error(`no ${name} in the zip's directory`);
}
