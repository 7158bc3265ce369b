import { strFromU8, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';

/**
 * The rows of the first worksheet of an Excel workbook (.xlsx), every cell as text: shared and inline
 * strings as written, numbers as Excel stores them (a whole number has no decimals), TRUE/FALSE as
 * true/false. Empty cells are empty strings, so a row's cells stay under their columns. Plain code over
 * fflate (unzip) and saxes (XML), both already used by the shop: no native parts. Answers a reason when
 * the file is not a workbook this can read.
 */
export type XlsxRows = { ok: true; rows: string[][] } | { ok: false; problem: string };

const unreadable = (why: string): XlsxRows => ({
  ok: false,
  problem: `This Excel workbook (.xlsx) cannot be read (${why}): save it again in Excel as "Excel Workbook (.xlsx)" or as "CSV UTF-8", and import that file.`,
});

/** Limits so a crafted file cannot take the server's memory: a catalogue is far below them. */
const MAX_UNZIPPED = 200 * 1024 * 1024;
const MAX_ROWS = 200_000;

function parseXml(
  xml: string,
  onOpen: (name: string, attrs: Record<string, string>) => void,
  onText?: (t: string) => void,
  onClose?: (name: string) => void,
) {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes as Record<string, unknown>))
      attrs[k] = typeof v === 'string' ? v : String((v as { value: string }).value);
    onOpen(tag.name.replace(/^\w+:/, ''), attrs);
  });
  if (onText) {
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  if (onClose) parser.on('closetag', (tag) => onClose(tag.name.replace(/^\w+:/, '')));
  parser.write(xml).close();
}

/** Column letters of a cell reference (B7 → 1). */
const columnIndex = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
};

export function readXlsxRows(bytes: Uint8Array): XlsxRows {
  let files: Record<string, Uint8Array>;
  let total = 0;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted =
          file.name === 'xl/workbook.xml' ||
          file.name === 'xl/_rels/workbook.xml.rels' ||
          file.name === 'xl/sharedStrings.xml' ||
          /^xl\/worksheets\/[^/]+\.xml$/.test(file.name);
        if (wanted) total += file.originalSize;
        return wanted;
      },
    });
  } catch {
    return unreadable('it is not a complete .xlsx file');
  }
  if (total > MAX_UNZIPPED) return unreadable('it is too large once unpacked');
  try {
    const text = (name: string) => (files[name] ? strFromU8(files[name]) : null);
    const workbook = text('xl/workbook.xml');
    if (!workbook) return unreadable('it holds no workbook');
    let firstSheetRel: string | null = null;
    parseXml(workbook, (name, attrs) => {
      if (name === 'sheet' && firstSheetRel === null) firstSheetRel = attrs['r:id'] ?? null;
    });
    let target: string | null = null;
    const rels = text('xl/_rels/workbook.xml.rels');
    if (rels && firstSheetRel) {
      parseXml(rels, (name, attrs) => {
        if (name === 'Relationship' && attrs.Id === firstSheetRel) target = attrs.Target ?? null;
      });
    }
    const sheetPath = target
      ? (target as string).startsWith('/')
        ? (target as string).slice(1)
        : `xl/${(target as string).replace(/^\.\//, '')}`
      : 'xl/worksheets/sheet1.xml';
    const sheet = text(sheetPath);
    if (!sheet) return unreadable('it holds no worksheet');

    const shared: string[] = [];
    const sharedXml = text('xl/sharedStrings.xml');
    if (sharedXml) {
      let current: string | null = null;
      let inText = false;
      let phonetic = 0;
      parseXml(
        sharedXml,
        (name) => {
          if (name === 'si') current = '';
          else if (name === 'rPh') phonetic++;
          else if (name === 't' && phonetic === 0) inText = true;
        },
        (t) => {
          if (inText && current !== null) current += t;
        },
        (name) => {
          if (name === 't') inText = false;
          else if (name === 'rPh') phonetic--;
          else if (name === 'si') {
            shared.push(current ?? '');
            current = null;
          }
        },
      );
    }

    const rows: string[][] = [];
    let row: string[] | null = null;
    let cell: { column: number; type: string; value: string } | null = null;
    let capture = false;
    let nextColumn = 0;
    parseXml(
      sheet,
      (name, attrs) => {
        if (name === 'row') {
          const index = attrs.r ? Number(attrs.r) - 1 : rows.length;
          while (rows.length < index) rows.push([]);
          if (rows.length > MAX_ROWS) throw new Error('too many rows');
          row = [];
          nextColumn = 0;
        } else if (name === 'c' && row) {
          const column = attrs.r ? columnIndex(attrs.r) : nextColumn;
          cell = { column, type: attrs.t ?? 'n', value: '' };
          nextColumn = column + 1;
        } else if ((name === 'v' || name === 't') && cell) capture = true;
      },
      (t) => {
        if (capture && cell) cell.value += t;
      },
      (name) => {
        if (name === 'v' || name === 't') capture = false;
        else if (name === 'c' && cell && row) {
          const c = cell as { column: number; type: string; value: string };
          let value = c.value;
          if (c.type === 's') value = shared[Number(value)] ?? '';
          else if (c.type === 'b') value = value === '1' ? 'true' : 'false';
          else if (c.type === 'n' && value !== '') {
            // Excel stores 0.1 + 0.2 style numbers with binary noise; 15 significant digits is what it shows.
            const n = Number(value);
            if (Number.isFinite(n)) value = String(Number(n.toPrecision(15)));
          }
          while (row.length < c.column) row.push('');
          row[c.column] = value;
          cell = null;
        } else if (name === 'row' && row) {
          rows.push(row);
          row = null;
        }
      },
    );
    return { ok: true, rows };
  } catch (err) {
    return unreadable(
      (err as Error).message === 'too many rows' ? 'it has too many rows' : 'its XML is broken',
    );
  }
}
