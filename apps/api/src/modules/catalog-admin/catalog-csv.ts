import {
  type AdminOptionInput,
  adminOptionInput,
  fromMinorUnits,
  hasControlCharacters,
  hasLoneSurrogate,
  PRODUCT_TAGS,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { productIdsOfOptions } from '../../db/row-locks.js';
import { type CsvSeparator, csvLine, csvRows, fromCsvText } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './catalog-admin.repository.js';
import { checkOptions } from './catalog-admin.service.js';

/** One row per option; rows of one product repeat its product columns. */
export const CSV_COLUMNS = [
  'product_uuid',
  'title',
  'vendor',
  'category_id',
  'tags',
  'release_date',
  'artist_ids',
  'option_uuid',
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
] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** Problems are reported with the CSV's column names, not the API's field names. */
const COLUMN_OF_FIELD: Record<string, Column> = {
  uuid: 'option_uuid',
  optionNameKey1: 'option_key1',
  optionNameValue1: 'option_value1',
  optionNameKey2: 'option_key2',
  optionNameValue2: 'option_value2',
  priceKrw: 'price_krw',
  priceUsd: 'price_usd',
  comparedPriceKrw: 'compared_price_krw',
  comparedPriceUsd: 'compared_price_usd',
  stock: 'stock',
  minimumOrderQuantity: 'minimum_order_quantity',
  isSoldOut: 'sold_out',
  isDefault: 'is_default',
};

export async function exportCatalogue(db: Executor): Promise<string> {
  const rows = await repo.exportRows(db);
  const lines = [CSV_COLUMNS.join(',')];
  for (const { product: p, option: o, artistIds } of rows) {
    lines.push(
      csvLine([
        p.id,
        p.title,
        p.vendor,
        p.categoryId,
        p.tags.join(';'),
        p.releaseDate,
        artistIds,
        o.id,
        o.optionNameKey1,
        o.optionNameValue1,
        o.optionNameKey2,
        o.optionNameValue2,
        fromMinorUnits(o.priceKrw, 'KRW'),
        fromMinorUnits(o.priceUsd, 'USD'),
        o.comparedPriceKrw === null ? null : fromMinorUnits(o.comparedPriceKrw, 'KRW'),
        o.comparedPriceUsd === null ? null : fromMinorUnits(o.comparedPriceUsd, 'USD'),
        o.stock,
        o.minimumOrderQuantity,
        o.isSoldOut,
        o.isDefault,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * What makes a CSV file unreadable as text before any row is looked at: a control character other than the
 * line breaks and tabs a CSV file has, or a broken character (a lone UTF-16 surrogate). Names the line.
 */
export function csvTextProblem(csv: string): string | null {
  const lines = csv.split('\n');
  for (const [index, line] of lines.entries()) {
    if (hasControlCharacters(line, true) || hasLoneSurrogate(line)) {
      return `Line ${index + 1} of the CSV file holds a control or broken character; save the file again as text and import it.`;
    }
  }
  return null;
}

export type ImportProblem = { row: number; message: string };
export class CsvImportError extends AppError {
  constructor(readonly problems: ImportProblem[]) {
    super(
      400,
      'CSV_INVALID',
      `The import changed nothing: ${problems.length} problem${problems.length === 1 ? '' : 's'} found.`,
    );
  }
}

export type ParsedRow = {
  row: number;
  productUuid: string | null;
  title: string;
  vendor: string;
  categoryId: number;
  tags: string[];
  releaseDate: string | null;
  artistIds: number[];
  option: AdminOptionInput;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bool = (v: string) => ['true', '1', 'yes', 'y'].includes(v.trim().toLowerCase());
const optionalNumber = (v: string) => (v.trim() === '' ? null : Number(v));

function parseRow(cells: Record<Column, string>, row: number, problems: ImportProblem[]): ParsedRow | null {
  const fail = (message: string) => {
    problems.push({ row, message });
    return null;
  };
  const productUuid = cells.product_uuid.trim() || null;
  if (productUuid && !UUID.test(productUuid)) return fail('product_uuid is not a valid id.');
  const optionUuid = cells.option_uuid.trim() || undefined;
  if (optionUuid && !UUID.test(optionUuid)) return fail('option_uuid is not a valid id.');
  if (!cells.title.trim()) return fail('title is required.');
  if (!cells.vendor.trim()) return fail('vendor is required.');
  const categoryId = Number(cells.category_id);
  if (!Number.isInteger(categoryId) || categoryId < 1) return fail('category_id must be a category number.');
  const tags = cells.tags
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean);
  const badTag = tags.find((t) => !(PRODUCT_TAGS as readonly string[]).includes(t));
  if (badTag) return fail(`tag '${badTag}' is not one of ${PRODUCT_TAGS.join(', ')}.`);
  const releaseDate = cells.release_date.trim() || null;
  if (releaseDate && !/^\d{4}-\d{2}-\d{2}$/.test(releaseDate))
    return fail('release_date must be YYYY-MM-DD.');
  const artistIds = cells.artist_ids
    .split(';')
    .map((a) => a.trim())
    .filter(Boolean)
    .map(Number);
  if (artistIds.some((a) => !Number.isInteger(a) || a < 1))
    return fail('artist_ids must be artist numbers separated by ;.');
  const option = adminOptionInput.safeParse({
    uuid: optionUuid,
    optionNameKey1: cells.option_key1,
    optionNameValue1: cells.option_value1,
    optionNameKey2: cells.option_key2.trim() || null,
    optionNameValue2: cells.option_value2.trim() || null,
    priceKrw: optionalNumber(cells.price_krw),
    priceUsd: optionalNumber(cells.price_usd),
    comparedPriceKrw: optionalNumber(cells.compared_price_krw),
    comparedPriceUsd: optionalNumber(cells.compared_price_usd),
    stock: optionalNumber(cells.stock),
    minimumOrderQuantity: optionalNumber(cells.minimum_order_quantity) ?? 1,
    isSoldOut: bool(cells.sold_out),
    isDefault: bool(cells.is_default),
  });
  if (!option.success) {
    const issue = option.error.issues[0]!;
    const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'option';
    const message = issue.message
      .replace(/^\w+:\s*/, '')
      .replace(/^[a-z][A-Za-z0-9]*\b/, (word) => COLUMN_OF_FIELD[word] ?? word);
    return fail(message.startsWith(column) ? message : `${column}: ${message}`);
  }
  return {
    row,
    productUuid,
    title: fromCsvText(cells.title.trim()),
    vendor: fromCsvText(cells.vendor.trim()),
    categoryId,
    tags,
    releaseDate,
    artistIds,
    option: option.data,
  };
}

export type ImportPlan = {
  /** The product the rows update, or null for a new one. */
  productUuid: string | null;
  rows: ParsedRow[];
  /** The options to write, defaults settled. */
  options: AdminOptionInput[];
};

export type ParsedImport = {
  rows: ParsedRow[];
  plans: ImportPlan[];
  /** Rows wrong on their own, and products whose rows do not fit together. */
  rowProblems: ImportProblem[];
  planProblems: ImportProblem[];
};

const yieldToOtherWork = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows handled between two pauses: a few milliseconds of work. */
const YIELD_EVERY = 100;

/**
 * Reads the file: every row is parsed and checked on its own, then the rows of each product together.
 * Rows without a product_uuid form new products, grouped by title and vendor. Gives back to the event loop
 * every hundred rows, so a large file never holds up other requests for long.
 */
export async function parseImport(csv: string, separator: CsvSeparator = ','): Promise<ParsedImport> {
  const rows: ParsedRow[] = [];
  const problems: ImportProblem[] = [];
  const lines = csvRows(csv, separator);
  const header = ((lines.next().value as string[] | undefined) ?? []).map((h) => h.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length === CSV_COLUMNS.length) {
    throw new CsvImportError([
      {
        row: 1,
        message: `the first row names none of the columns: start from the catalogue's CSV export, whose first row names them (${CSV_COLUMNS.join(', ')}).`,
      },
    ]);
  }
  if (missing.length)
    throw new CsvImportError([{ row: 1, message: `missing columns: ${missing.join(', ')}` }]);
  const indexOf = CSV_COLUMNS.map((c) => header.indexOf(c));
  let line = 1;
  for (const cells of lines) {
    line++;
    if (line % YIELD_EVERY === 0) await yieldToOtherWork();
    const record = Object.fromEntries(
      CSV_COLUMNS.map((c, j) => [c, fromCsvText(cells[indexOf[j]!] ?? '')]),
    ) as Record<Column, string>;
    const row = parseRow(record, line, problems);
    if (row) rows.push(row);
  }
  if (line < 2) throw new CsvImportError([{ row: 1, message: 'the file has no rows.' }]);

  const groups = new Map<string, ParsedRow[]>();
  for (const r of rows) {
    const key = r.productUuid ?? `new:${r.title}\u0000${r.vendor}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const plans: ImportPlan[] = [];
  const planProblems: ImportProblem[] = [];
  let checked = 0;
  for (const group of groups.values()) {
    checked += group.length;
    if (checked >= YIELD_EVERY) {
      checked = 0;
      await yieldToOtherWork();
    }
    try {
      const sent = group.map((r) => r.option);
      const checked = checkOptions(sent);
      // An existing product keeps its default unless the file names one.
      const keepDefault = group[0]!.productUuid !== null && !sent.some((o) => o.isDefault);
      plans.push({ productUuid: group[0]!.productUuid, rows: group, options: keepDefault ? sent : checked });
    } catch (err) {
      planProblems.push({ row: group[0]!.row, message: (err as Error).message });
    }
  }
  return { rows, plans, rowProblems: problems, planProblems };
}

/** What the rows are checked against: the shop's categories, artists, products and their options. */
export type ImportState = {
  categories: Set<number>;
  artists: Set<number>;
  /** Live (not deleted) products. */
  products: Set<string>;
  options: Map<string, { productId: string; holdStock: number }>;
};

/** The problems of rows against the shop as it is: missing categories, artists, products, options, held stock. */
export function problemsAgainst(rows: readonly ParsedRow[], state: ImportState): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const r of rows) {
    if (!state.categories.has(r.categoryId))
      problems.push({ row: r.row, message: `category_id ${r.categoryId} does not exist.` });
    const unknownArtist = r.artistIds.find((a) => !state.artists.has(a));
    if (unknownArtist) problems.push({ row: r.row, message: `artist ${unknownArtist} does not exist.` });
    if (r.productUuid && !state.products.has(r.productUuid))
      problems.push({ row: r.row, message: 'product_uuid is not a product of the shop.' });
    const option = r.option.uuid ? state.options.get(r.option.uuid) : undefined;
    if (r.option.uuid && (!option || (r.productUuid && option.productId !== r.productUuid))) {
      problems.push({ row: r.row, message: 'option_uuid is not an option of this product.' });
    }
    if (option && r.option.stock < option.holdStock) {
      problems.push({
        row: r.row,
        message: `stock cannot be lower than what open orders hold (${option.holdStock}).`,
      });
    }
  }
  return problems;
}

/** The products and options rows name, directly or through an option. */
export function namedIds(rows: readonly ParsedRow[]) {
  return {
    products: [...new Set(rows.flatMap((r) => (r.productUuid ? [r.productUuid] : [])))],
    options: [...new Set(rows.flatMap((r) => (r.option.uuid ? [r.option.uuid] : [])))],
  };
}

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The state every row is checked against first, read in short queries without locks. */
export async function readImportState(db: Executor, rows: readonly ParsedRow[]): Promise<ImportState> {
  const named = namedIds(rows);
  const products = new Set<string>();
  const productIds = new Set(named.products);
  for (const ids of chunks(named.options)) {
    for (const id of await productIdsOfOptions(db, ids)) productIds.add(id);
  }
  for (const ids of chunks(named.products)) {
    for (const p of await repo.productsByIds(db, ids)) products.add(p.id);
  }
  const options: ImportState['options'] = new Map();
  for (const ids of chunks([...productIds])) {
    for (const o of await repo.optionsOfProducts(db, ids)) options.set(o.id, o);
  }
  return {
    categories: new Set(await repo.categoryIds(db)),
    artists: new Set(await repo.existingArtistIds(db, [...new Set(rows.flatMap((r) => r.artistIds))])),
    products,
    options,
  };
}
