/**
 * How far a worksheet reaches, read from its markup before any reader builds a row: the last row and column
 * that its `<dimension ref>`, `<row r>` and `<c r>` name. read-excel-file fills the gap before a row or a cell
 * with empty ones and then widens every row to the widest, so rows × columns is what it would allocate; one
 * cell at ZZZZZZ1 or one `<row r="100000000">` is enough to ask for billions.
 *
 * Read the way read-excel-file's XML reader reads it (saxen): an element or attribute counts by its name
 * without a prefix (`x:row`, `x:r`), and a reference must be plain, as Excel writes it (`B7`, `12`);
 * anything else is refused rather than guessed at. The scan works on the markup's ASCII bytes (UTF-8 is
 * ASCII there), so a count can only come out higher than the reader's: a tag in a comment counts too.
 */
export type SheetLimits = { rows: number; columns: number; cells: number };
export type SheetExtent =
  | { ok: true; rows: number; columns: number }
  | { ok: false; why: string; rows?: number; columns?: number };

const TAG = /<(?:[^\s<>/:=!?]+:)?(row|c|dimension)(?=[\s/>])/g;
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*\/?>/y;
const ROW = /^[1-9][0-9]{0,8}$/;
const CELL = /^([A-Z]{1,7})([1-9][0-9]{0,8})$/;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const columnNumber = (letters: string) => {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
};

/** The column's letters, as Excel shows them (1000 → ALL). */
export const columnLetters = (column: number) => {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

class Refused extends Error {}

export function sheetExtent(sheet: Uint8Array, limits: SheetLimits): SheetExtent {
  const markup = Buffer.from(sheet.buffer, sheet.byteOffset, sheet.byteLength).toString('latin1');
  let rows = 0;
  let columns = 0;
  let lastRow = 0;
  const reach = (row: number, column: number) => {
    rows = Math.max(rows, row);
    columns = Math.max(columns, column);
    if (rows > limits.rows || columns > limits.columns || rows * columns > limits.cells) throw new Refused();
  };
  const cell = (ref: string) => {
    const [, letters, digits] = CELL.exec(ref) ?? [];
    if (!letters || !digits)
      throw new Refused(`it has a cell reference Excel does not write ('${ref.slice(0, 20)}')`);
    reach(Number(digits), columnNumber(letters));
  };
  try {
    for (const tag of markup.matchAll(TAG)) {
      const name = tag[1]!;
      const references: string[] = [];
      let at = tag.index + tag[0].length;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(markup);
        if (!attribute) break;
        at = ATTRIBUTE.lastIndex;
        const attributeName = localName(attribute[1]!);
        if (attributeName === (name === 'dimension' ? 'ref' : 'r'))
          references.push(attribute[2] ?? attribute[3] ?? '');
      }
      TAG_END.lastIndex = at;
      if (!TAG_END.test(markup)) throw new Refused(`its <${name}> markup is not what Excel writes`);
      if (name === 'dimension') {
        for (const ref of references) for (const corner of ref.split(':')) cell(corner);
      } else if (name === 'row') {
        // Without a number, a row follows the one before it.
        let row = lastRow + 1;
        for (const ref of references) {
          if (!ROW.test(ref))
            throw new Refused(`it has a row number Excel does not write ('${ref.slice(0, 20)}')`);
          row = Math.max(row, Number(ref));
        }
        lastRow = row;
        reach(row, 0);
      } else {
        for (const ref of references) cell(ref);
      }
    }
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (err.message) return { ok: false, why: err.message };
    return { ok: false, why: 'too large', rows, columns };
  }
  return { ok: true, rows, columns };
}
