import { strFromU8, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import { firstSheetParts } from './first-sheet-parts.js';
import { columnLetters, type SheetLimits, sheetExtent } from './sheet-extent.js';
import { entryProblem, inflateEntries, type ZipEntry, zipDirectory } from './workbook-zip.js';

/**
 * The rows of the first worksheet of an Excel workbook (.xlsx), every cell as text: strings as written,
 * numbers as Excel stores them (a whole number has no decimals), TRUE/FALSE as true/false, a date cell as
 * its day (2024-03-01), empty cells as empty strings so a row's cells stay under their columns. Read by
 * read-excel-file once every limit has been checked, in this order, each before the work it guards:
 * 1. the zip's directory: each part read is at most its limit and all of them together at most `totalBytes`,
 *    as declared, before anything is inflated;
 * 2. the parts inflated into buffers of their declared sizes;
 * 3. the sheet's markup: the last row and column it names, before any row is built (sheet-extent.ts).
 * Answers a reason when the file is not a workbook this can read or is over a limit.
 */
export type WorkbookRows = { ok: true; rows: string[][] } | { ok: false; problem: string; tooLarge: boolean };

export type WorkbookLimits = SheetLimits & {
  /** The sheet's and the shared strings' XML, each. */
  partBytes: number;
  /** The workbook's list of sheets, its relations and its styles, each. */
  smallPartBytes: number;
  totalBytes: number;
};

const MB = 1024 * 1024;
const WORKBOOK = 'xl/workbook.xml';
const RELATIONS = 'xl/_rels/workbook.xml.rels';

const unreadable = (why: string): WorkbookRows => ({
  ok: false,
  tooLarge: false,
  problem: `This Excel workbook (.xlsx) cannot be read (${why}): save it again in Excel as "Excel Workbook (.xlsx)" or as "CSV UTF-8", and import that file.`,
});

const tooLarge = (why: string, what: string): WorkbookRows => ({
  ok: false,
  tooLarge: true,
  problem: `This Excel workbook (.xlsx) is too large to import (${why}): ${what}`,
});

const count = (n: number) => n.toLocaleString('en-US');

function sizeProblem(entries: ZipEntry[], limits: WorkbookLimits, large: Set<string>): WorkbookRows | null {
  let total = 0;
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) return unreadable(problem);
    const limit = large.has(entry.name) ? limits.partBytes : limits.smallPartBytes;
    if (entry.originalSize > limit)
      return tooLarge(
        `${entry.name} unpacks to ${count(Math.ceil(entry.originalSize / MB))} MB, more than ${count(limit / MB)} MB`,
        'split it into smaller files, or save it as "CSV UTF-8", and import each.',
      );
    total += entry.originalSize;
  }
  if (total > limits.totalBytes)
    return tooLarge(
      `it unpacks to more than ${count(limits.totalBytes / MB)} MB`,
      'split it into smaller files, or save it as "CSV UTF-8", and import each.',
    );
  return null;
}

/**
 * Whether an XML part ends with its root element's end tag (and white space). A part that holds more than its
 * directory declares is cut at the declared size (workbook-zip.ts) and so ends inside its data: found here from
 * its last bytes, where the XML reader takes more than a minute over a cut-off text of a few megabytes.
 */
function endsWithRoot(part: Uint8Array, root: string): boolean {
  const tail = String.fromCharCode(...part.subarray(Math.max(0, part.length - 256))).trimEnd();
  return new RegExp(`</([A-Za-z_][\\w.-]*:)?${root}>$`).test(tail);
}

/** One part's entries, several when the zip names it twice; every one is checked. */
const entriesNamed = (entries: ZipEntry[], names: Set<string>) => entries.filter((e) => names.has(e.name));

/** A number cell as Excel stored it (read-excel-file's parseNumber hands over the stored text). */
class StoredNumber {
  constructor(readonly stored: string) {}
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof StoredNumber) return numberText(value.stored);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  return String(value);
}

/** Excel stores 0.1 + 0.2 style numbers with binary noise; 15 significant digits is what it shows. */
function numberText(stored: string): string {
  const n = Number(stored);
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : stored;
}

export async function readWorkbookRows(bytes: Uint8Array, limits: WorkbookLimits): Promise<WorkbookRows> {
  const directory = zipDirectory(bytes);
  if (!directory.ok) return unreadable(directory.why);
  const entries = directory.value;

  const index = new Set([WORKBOOK, RELATIONS]);
  const indexProblem = sizeProblem(entriesNamed(entries, index), limits, new Set());
  if (indexProblem) return indexProblem;
  const indexParts = inflateEntries(bytes, index);
  if (!indexParts.ok) return unreadable(indexParts.why);
  const workbookXml = indexParts.value.get(WORKBOOK);
  const relationsXml = indexParts.value.get(RELATIONS);
  if (!workbookXml || !relationsXml) return unreadable('it holds no workbook');
  let paths: ReturnType<typeof firstSheetParts>;
  try {
    paths = firstSheetParts(strFromU8(workbookXml), strFromU8(relationsXml));
  } catch {
    return unreadable('its XML is broken');
  }
  if (!paths) return unreadable('it holds no worksheet');

  const wanted = new Set([WORKBOOK, RELATIONS, paths.sheet, paths.sharedStrings, paths.styles]);
  const problem = sizeProblem(
    entriesNamed(entries, wanted),
    limits,
    new Set([paths.sheet, paths.sharedStrings]),
  );
  if (problem) return problem;
  const inflated = inflateEntries(bytes, wanted);
  if (!inflated.ok) return unreadable(inflated.why);
  const parts = inflated.value;
  const sheet = parts.get(paths.sheet);
  if (!sheet) return unreadable('it holds no worksheet');
  for (const [path, root] of [
    [paths.sheet, 'worksheet'],
    [paths.sharedStrings, 'sst'],
    [paths.styles, 'styleSheet'],
  ] as const) {
    const part = parts.get(path);
    if (part && !endsWithRoot(part, root)) return unreadable('its XML is broken');
  }

  const extent = sheetExtent(sheet, limits);
  if (!extent.ok) {
    if (extent.rows === undefined) return unreadable(extent.why);
    const { rows = 0, columns = 0 } = extent;
    if (rows > limits.rows)
      return tooLarge(
        `its first sheet reaches row ${count(rows)}, and an import takes at most ${count(limits.rows)} rows`,
        'delete the empty rows below the data, or split the file, and import again.',
      );
    if (columns > limits.columns)
      return tooLarge(
        `its first sheet reaches column ${columnLetters(columns)}, and an import reads at most ${count(limits.columns)} columns (up to ${columnLetters(limits.columns)})`,
        'delete the empty columns right of the data, and import again.',
      );
    return tooLarge(
      `its first sheet spans ${count(rows)} rows by ${count(columns)} columns, more than ${count(limits.cells)} cells`,
      'delete the empty rows and columns around the data, or split the file, and import again.',
    );
  }

  // read-excel-file reads a zip of its own: it gets exactly the parts checked here, stored as they are.
  const checked = zipSync(Object.fromEntries(parts), { level: 0 });
  parts.clear();
  let data: unknown[][];
  try {
    data = await readSheet(checked.buffer, 1, {
      trim: false,
      parseNumber: (stored: string) => new StoredNumber(stored),
    });
  } catch {
    return unreadable('its XML is broken');
  }
  return { ok: true, rows: data.map((row) => row.map(cellText)) };
}
