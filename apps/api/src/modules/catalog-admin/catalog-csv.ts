import { type AdminOptionInput, adminOptionInput, fromMinorUnits, PRODUCT_TAGS } from '@kshop/contract';
import type { Db, Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptionsOfProducts, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { csvLine, fromCsvText, parseCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
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

type ParsedRow = {
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

/**
 * Imports products, options, prices and stock. Every row is checked first; if any row is wrong nothing
 * changes and each problem is named with its row number (the header is row 1). Rows without a
 * product_uuid create products, grouped by title and vendor; rows without an option_uuid create options.
 * Every product the file touches is locked first, in id order, then their options in id order (the
 * shop's lock order), so imports never deadlock with orders, product saves or each other.
 */
export async function importCatalogue(db: Db, csv: string, staffId: string, log?: TransactionLog) {
  const table = parseCsv(csv);
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new CsvImportError([{ row: 1, message: `missing columns: ${missing.join(', ')}` }]);
  if (table.length < 2) throw new CsvImportError([{ row: 1, message: 'the file has no rows.' }]);

  const problems: ImportProblem[] = [];
  const parsed: ParsedRow[] = [];
  table.slice(1).forEach((cells, i) => {
    const record = Object.fromEntries(
      CSV_COLUMNS.map((c) => [c, fromCsvText(cells[header.indexOf(c)] ?? '')]),
    ) as Record<Column, string>;
    const row = parseRow(record, i + 2, problems);
    if (row) parsed.push(row);
  });

  const namedProducts = [...new Set(parsed.flatMap((r) => (r.productUuid ? [r.productUuid] : [])))];
  const namedOptions = [...new Set(parsed.flatMap((r) => (r.option.uuid ? [r.option.uuid] : [])))];
  return inTransaction(
    db,
    async (tx) => {
      const lockedProducts = await lockProducts(tx, [
        ...namedProducts,
        ...(await productIdsOfOptions(tx, namedOptions)),
      ]);
      const lockedOptions = await lockOptionsOfProducts(tx, lockedProducts);
      const categories = await repo.categoryIds(tx);
      const artistIds = await repo.existingArtistIds(tx, [...new Set(parsed.flatMap((r) => r.artistIds))]);
      const products = new Map((await repo.productsByIds(tx, namedProducts)).map((p) => [p.id, p]));
      const options = new Map(lockedOptions.map((o) => [o.id, o]));
      for (const r of parsed) {
        if (!categories.includes(r.categoryId))
          problems.push({ row: r.row, message: `category_id ${r.categoryId} does not exist.` });
        const unknownArtist = r.artistIds.find((a) => !artistIds.includes(a));
        if (unknownArtist) problems.push({ row: r.row, message: `artist ${unknownArtist} does not exist.` });
        if (r.productUuid && !products.has(r.productUuid))
          problems.push({ row: r.row, message: 'product_uuid is not a product of the shop.' });
        const option = r.option.uuid ? options.get(r.option.uuid) : undefined;
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
      const groups = new Map<string, ParsedRow[]>();
      for (const r of parsed) {
        const key = r.productUuid ?? `new:${r.title}\u0000${r.vendor}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      const plans: { productUuid: string | null; rows: ParsedRow[]; options: AdminOptionInput[] }[] = [];
      for (const rows of groups.values()) {
        try {
          const sent = rows.map((r) => r.option);
          const checked = checkOptions(sent);
          // An existing product keeps its default unless the file names one.
          const keepDefault = rows[0]!.productUuid !== null && !sent.some((o) => o.isDefault);
          plans.push({ productUuid: rows[0]!.productUuid, rows, options: keepDefault ? sent : checked });
        } catch (err) {
          problems.push({ row: rows[0]!.row, message: (err as Error).message });
        }
      }
      if (problems.length) throw new CsvImportError(problems.sort((a, b) => a.row - b.row));

      let optionCount = 0;
      const touched: string[] = [];
      for (const plan of plans) {
        const first = plan.rows[0]!;
        const product = {
          title: first.title,
          vendor: first.vendor,
          categoryId: first.categoryId,
          tags: first.tags,
          releaseDate: first.releaseDate,
        };
        let productId = plan.productUuid;
        if (productId) await repo.updateProduct(tx, productId, product);
        else productId = (await repo.insertProduct(tx, product))[0]!.id;
        touched.push(productId);
        // Options not named in the file stay as they are; defaults are cleared first (one-default index).
        if (plan.options.some((o) => o.isDefault)) {
          const current = (await repo.findProduct(tx, productId))!.options;
          for (const o of current) if (o.isDefault) await repo.updateOption(tx, o.id, { isDefault: false });
        }
        for (const [i, o] of plan.options.entries()) {
          const values = {
            optionNameKey1: o.optionNameKey1,
            optionNameValue1: o.optionNameValue1,
            optionNameKey2: o.optionNameKey2 || null,
            optionNameValue2: o.optionNameKey2 ? o.optionNameValue2 : null,
            priceKrw: Math.round(o.priceKrw),
            priceUsd: Math.round(o.priceUsd * 100),
            comparedPriceKrw: o.comparedPriceKrw === null ? null : Math.round(o.comparedPriceKrw),
            comparedPriceUsd: o.comparedPriceUsd === null ? null : Math.round(o.comparedPriceUsd * 100),
            stock: o.stock,
            minimumOrderQuantity: o.minimumOrderQuantity,
            isSoldOut: o.isSoldOut,
            isDefault: o.isDefault,
          };
          if (o.uuid) await repo.updateOption(tx, o.uuid, values);
          else await repo.insertOption(tx, { productId, sortOrder: i, ...values });
          optionCount++;
        }
        await repo.replaceArtists(tx, productId, [...new Set(first.artistIds)]);
      }
      await refreshProductDerived(tx, touched);
      const result = { products: plans.length, options: optionCount };
      await recordAudit(tx, {
        staffId,
        action: 'catalogue.import',
        entity: 'catalogue',
        entityId: 'csv',
        after: result,
      });
      return result;
    },
    { log },
  );
}
