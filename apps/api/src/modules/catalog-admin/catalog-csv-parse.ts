import {
  type AdminOptionInput,
  adminProductInput,
  barcodeText,
  type CsvImportProblem,
  hasControlCharacters,
  hasLoneSurrogate,
  INT_RANGE,
  PRODUCT_TAGS,
  skuText,
} from '@kshop/contract';
import { type CsvSeparator, csvRows, fromCsvText } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';

// Reading an import file's rows, each on its own: nothing here touches the database, so it runs in the
// worker pool (workers/catalogue-rows.task.ts) as well as in tests.

/** The columns every import file names (one row per option; rows of one product repeat its columns). */
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
/**
 * Columns a file may leave out: without sku a row is matched by option_uuid or is a new option (which gets
 * a SKU); without barcode or weight_grams those stay as they are; stock_at_export is what the export wrote
 * (a row whose stock moved since is left alone); stock_adjustment (+n/-n) moves the stock instead of setting it.
 */
export const OPTIONAL_COLUMNS = [
  'sku',
  'barcode',
  'weight_grams',
  'stock_at_export',
  'stock_adjustment',
  'order_multiple',
  'max_per_order',
  'low_stock_threshold',
  'published',
] as const;
export type Column = (typeof CSV_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** Problems are reported with the file's column names, not the API's field names. */
const COLUMN_OF_FIELD: Record<string, Column> = {
  title: 'title',
  vendor: 'vendor',
  categoryId: 'category_id',
  tags: 'tags',
  releaseDate: 'release_date',
  artistIds: 'artist_ids',
  isPublished: 'published',
  uuid: 'option_uuid',
  sku: 'sku',
  barcode: 'barcode',
  weightGrams: 'weight_grams',
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
  orderMultiple: 'order_multiple',
  maxPerOrder: 'max_per_order',
  lowStockThreshold: 'low_stock_threshold',
};

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

export type ImportProblem = CsvImportProblem;
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
  sku: string | null;
  productUuid: string | null;
  title: string;
  vendor: string;
  categoryId: number;
  tags: string[];
  releaseDate: string | null;
  artistIds: number[];
  /** The option as the file gives it (stock is 0 when the cell is blank). */
  option: AdminOptionInput;
  stockBlank: boolean;
  stockAtExport: number | null;
  stockAdjustment: number | null;
  /** Whether the file has the barcode and weight_grams columns (without them those stay as they are). */
  hasBarcode: boolean;
  hasWeight: boolean;
  /**
   * Whether the row gives order_multiple, max_per_order and low_stock_threshold: without the column (or, for
   * order_multiple and low_stock_threshold, with a blank cell) the option keeps its value. A blank
   * max_per_order in a file that has the column is "no maximum".
   */
  hasOrderMultiple: boolean;
  hasMaxPerOrder: boolean;
  hasThreshold: boolean;
  /** The product's published flag as the row gives it; null when the file has no published column or the cell is blank. */
  published: boolean | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bool = (v: string) => ['true', '1', 'yes', 'y'].includes(v.trim().toLowerCase());
const optionalNumber = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
/** The spellings a yes/no cell may have; anything else in published is a problem, not a silent false. */
const TRUE_TEXTS = ['true', '1', 'yes', 'y'];
const FALSE_TEXTS = ['false', '0', 'no', 'n'];

/**
 * A schema message in the file's words: the field path it starts with ('options.0.optionNameKey1: ...') or
 * the field it names ('priceUsd must be a number.') becomes the column; a sentence of its own stays as it is.
 */
function columnMessage(message: string, column: Column | null): string {
  const text = message
    .replace(/^[\w.]+:\s*/, '')
    .replace(/^[a-z][A-Za-z0-9]*\b/, (word) => COLUMN_OF_FIELD[word] ?? word);
  if (!column || /^[A-Z]/.test(text) || text.startsWith(column)) return text;
  return `${column}: ${text}`;
}

function parseRow(
  cells: Record<Column, string>,
  columns: Set<Column>,
  row: number,
  problems: ImportProblem[],
): ParsedRow | null {
  const rawSku = cells.sku.trim();
  const parsedSku = rawSku ? skuText.safeParse(rawSku) : null;
  const sku = parsedSku?.success ? parsedSku.data : rawSku ? rawSku.toUpperCase() : null;
  const before = problems.length;
  const fail = (column: Column | null, message: string) => {
    problems.push({ row, sku, column, message });
  };
  if (parsedSku && !parsedSku.success) fail('sku', parsedSku.error.issues[0]!.message);
  const productUuid = cells.product_uuid.trim().toLowerCase() || null;
  if (productUuid && !UUID.test(productUuid)) fail('product_uuid', 'product_uuid is not a valid id.');
  const optionUuid = cells.option_uuid.trim().toLowerCase() || undefined;
  if (optionUuid && !UUID.test(optionUuid)) fail('option_uuid', 'option_uuid is not a valid id.');
  const categoryText = cells.category_id.trim();
  const tags = cells.tags
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean);
  const badTag = tags.find((t) => !(PRODUCT_TAGS as readonly string[]).includes(t));
  if (badTag) fail('tags', `tag '${badTag}' is not one of ${PRODUCT_TAGS.join(', ')}.`);
  const releaseDate = cells.release_date.trim() || null;
  const artistIds = cells.artist_ids
    .split(';')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => (/^\d+$/.test(a) ? Number(a) : Number.NaN));
  const wholeOrNull = (column: Column, text: string, signed: boolean): number | null => {
    const t = text.trim().replace(/^\+/, '');
    if (t === '') return null;
    const n = Number(t);
    if (!Number.isInteger(n) || (!signed && n < 0) || Math.abs(n) > INT_RANGE.stock.max) {
      fail(column, `${column} must be a whole number${signed ? ' such as +5 or -3' : ''}.`);
      return null;
    }
    return n;
  };
  const stockAtExport = wholeOrNull('stock_at_export', cells.stock_at_export, false);
  const stockAdjustment = wholeOrNull('stock_adjustment', cells.stock_adjustment, true);
  const stockBlank = cells.stock.trim() === '';
  if (stockBlank && stockAdjustment === null && !(optionUuid || sku))
    fail('stock', 'stock is required for a new option.');
  const barcode = cells.barcode.trim();
  if (barcode) {
    const parsed = barcodeText.safeParse(barcode);
    if (!parsed.success) fail('barcode', parsed.error.issues[0]!.message);
  }
  const weight = optionalNumber(cells.weight_grams);
  const hasOrderMultiple = columns.has('order_multiple') && cells.order_multiple.trim() !== '';
  const hasMaxPerOrder = columns.has('max_per_order');
  const hasThreshold = columns.has('low_stock_threshold') && cells.low_stock_threshold.trim() !== '';
  const publishedText = cells.published.trim().toLowerCase();
  let published: boolean | null = null;
  if (TRUE_TEXTS.includes(publishedText)) published = true;
  else if (FALSE_TEXTS.includes(publishedText)) published = false;
  else if (publishedText)
    fail('published', `published must be true or false, not '${cells.published.trim().slice(0, 40)}'.`);
  // The product as the back office's form would send it, checked by the same schema: the same limits and
  // the same messages, each at the column it comes from.
  const product = adminProductInput.safeParse({
    title: cells.title,
    vendor: cells.vendor,
    categoryId: categoryText === '' ? 0 : Number(categoryText),
    tags: [...new Set(tags.filter((t) => t !== badTag))],
    releaseDate,
    artistIds: [...new Set(artistIds)],
    isPublished: published ?? true,
    options: [
      {
        uuid: optionUuid,
        optionNameKey1: cells.option_key1,
        optionNameValue1: cells.option_value1,
        optionNameKey2: cells.option_key2.trim() || null,
        optionNameValue2: cells.option_value2.trim() || null,
        priceKrw: optionalNumber(cells.price_krw),
        priceUsd: optionalNumber(cells.price_usd),
        comparedPriceKrw: optionalNumber(cells.compared_price_krw),
        comparedPriceUsd: optionalNumber(cells.compared_price_usd),
        stock: stockBlank ? 0 : optionalNumber(cells.stock),
        minimumOrderQuantity: optionalNumber(cells.minimum_order_quantity) ?? 1,
        isSoldOut: bool(cells.sold_out),
        isDefault: bool(cells.is_default),
        weightGrams: weight,
        orderMultiple: hasOrderMultiple ? optionalNumber(cells.order_multiple) : undefined,
        maxPerOrder: hasMaxPerOrder ? optionalNumber(cells.max_per_order) : undefined,
        lowStockThreshold: hasThreshold ? optionalNumber(cells.low_stock_threshold) : undefined,
      },
    ],
  });
  if (!product.success) {
    const seen = new Set(problems.slice(before).map((p) => p.column));
    for (const issue of product.error.issues) {
      const field = String(issue.path[0] === 'options' ? issue.path[2] : issue.path[0]);
      const column = COLUMN_OF_FIELD[field] ?? null;
      if (column === 'option_uuid' || seen.has(column)) continue;
      seen.add(column);
      fail(column, columnMessage(issue.message, column));
    }
  }
  if (problems.length > before || !product.success) return null;
  const { title, vendor, categoryId } = product.data;
  const option = product.data.options[0]!;
  return {
    row,
    sku,
    productUuid,
    title,
    vendor,
    categoryId,
    tags,
    releaseDate,
    artistIds,
    option: { ...option, barcode: barcode || null },
    stockBlank,
    stockAtExport,
    stockAdjustment,
    hasBarcode: columns.has('barcode'),
    hasWeight: columns.has('weight_grams'),
    hasOrderMultiple,
    hasMaxPerOrder,
    hasThreshold,
    published,
  };
}

export type ParsedImport = { rows: ParsedRow[]; rowProblems: ImportProblem[] };

const yieldToOtherWork = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows handled between two pauses: a few milliseconds of work. */
const YIELD_EVERY = 100;

/**
 * Reads the file: every row is parsed and checked on its own (every problem of a row, each naming its
 * column). Gives back to the event loop every hundred rows, so a large file never holds up other requests.
 */
export async function parseImport(csv: string, separator: CsvSeparator = ','): Promise<ParsedImport> {
  const rows: ParsedRow[] = [];
  const problems: ImportProblem[] = [];
  const lines = csvRows(csv, separator);
  const header = ((lines.next().value as string[] | undefined) ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^\uFEFF/, ''),
  );
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length === CSV_COLUMNS.length) {
    throw new CsvImportError([
      {
        row: 1,
        sku: null,
        column: null,
        message: `the first row names none of the columns: start from the catalogue's export, whose first row names them (${CSV_COLUMNS.join(', ')}).`,
      },
    ]);
  }
  if (missing.length)
    throw new CsvImportError(
      missing.map((column) => ({ row: 1, sku: null, column, message: `missing column ${column}.` })),
    );
  const all = [...CSV_COLUMNS, ...OPTIONAL_COLUMNS] as Column[];
  const present = new Set(all.filter((c) => header.includes(c)));
  const indexOf = all.map((c) => header.indexOf(c));
  let line = 1;
  for (const cells of lines) {
    line++;
    if (line % YIELD_EVERY === 0) await yieldToOtherWork();
    const record = Object.fromEntries(
      all.map((c, j) => [c, indexOf[j]! < 0 ? '' : fromCsvText(cells[indexOf[j]!] ?? '')]),
    ) as Record<Column, string>;
    const row = parseRow(record, present, line, problems);
    if (row) rows.push(row);
  }
  if (line < 2)
    throw new CsvImportError([{ row: 1, sku: null, column: null, message: 'the file has no rows.' }]);
  return { rows, rowProblems: problems };
}
