import {
  type AdminOptionInput,
  type CsvImportPreview,
  fromMinorUnits,
  INT_RANGE,
  toMinorUnits,
} from '@kshop/contract';
import { inArray } from 'drizzle-orm';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { Executor } from '../../db/client.js';
import { productArtists, productOptions } from '../../db/schema.js';
import { csvLine } from '../../lib/csv.js';
import * as repo from './catalog-admin.repository.js';
import {
  type Column,
  CSV_COLUMNS,
  type ImportProblem,
  type ParsedImport,
  type ParsedRow,
} from './catalog-csv-parse.js';

/**
 * The export: the import's columns in the same order, then the SKU columns, the stock it was made at, the
 * quantity rules and stock threshold of the option, and whether its product is published (true/false,
 * repeated on each option row as the other product columns are).
 */
export const EXPORT_COLUMNS = [
  ...CSV_COLUMNS,
  'sku',
  'barcode',
  'weight_grams',
  'stock_at_export',
  'order_multiple',
  'max_per_order',
  'low_stock_threshold',
  'published',
] as const;

async function exportCells(db: Executor) {
  const rows = await repo.exportRows(db);
  return rows.map(({ product: p, option: o, artistIds }) => [
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
    o.sku,
    o.barcode,
    o.weightGrams,
    o.stock,
    o.orderMultiple,
    o.maxPerOrder,
    o.lowStockThreshold,
    p.isPublished,
  ]);
}

export async function exportCatalogue(db: Executor): Promise<string> {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const cells of await exportCells(db)) lines.push(csvLine(cells));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same rows as an Excel workbook; texts stay texts (a SKU of digits keeps its leading zeros). */
export async function exportCatalogueXlsx(db: Executor): Promise<Buffer> {
  const data: SheetData = [
    EXPORT_COLUMNS.map((c) => ({ value: c, fontWeight: 'bold' as const })),
    ...(await exportCells(db)).map((cells) =>
      cells.map((value) =>
        value === null || value === undefined
          ? null
          : typeof value === 'number'
            ? { value, type: Number }
            : typeof value === 'boolean'
              ? { value: String(value), type: String }
              : { value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(data, { sheet: 'Catalogue', stickyRowsCount: 1 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------------
// The plan: the rows compared with the shop as it is, grouped by product.

type OptionRow = typeof productOptions.$inferSelect;
type ProductRow = Awaited<ReturnType<typeof repo.productsByIds>>[number];

/** What the rows are checked against: the shop's categories, artists, and the products and options named. */
export type ImportState = {
  categories: Set<number>;
  artists: Set<number>;
  /** Live products the rows name or reach through an option, with their artists. */
  products: Map<string, { product: ProductRow; artistIds: number[] }>;
  /** Options by id: every option of those products, and options named by option_uuid. */
  options: Map<string, OptionRow>;
  /** Options by SKU, whichever product they belong to. */
  bySku: Map<string, OptionRow>;
};

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The state the rows are checked against, read in short queries (locked by the caller when applying). */
export async function readImportState(db: Executor, rows: readonly ParsedRow[]): Promise<ImportState> {
  const skus = [...new Set(rows.flatMap((r) => (r.sku ? [r.sku] : [])))];
  const optionIds = [...new Set(rows.flatMap((r) => (r.option.uuid ? [r.option.uuid] : [])))];
  const options = new Map<string, OptionRow>();
  const bySku = new Map<string, OptionRow>();
  for (const part of chunks(skus)) {
    for (const o of await db.select().from(productOptions).where(inArray(productOptions.sku, part))) {
      bySku.set(o.sku, o);
      options.set(o.id, o);
    }
  }
  for (const part of chunks(optionIds)) {
    for (const o of await db.select().from(productOptions).where(inArray(productOptions.id, part))) {
      options.set(o.id, o);
    }
  }
  const productIds = [
    ...new Set([
      ...rows.flatMap((r) => (r.productUuid ? [r.productUuid] : [])),
      ...[...options.values()].map((o) => o.productId),
    ]),
  ];
  const products: ImportState['products'] = new Map();
  for (const part of chunks(productIds)) {
    for (const p of await repo.productsByIds(db, part)) products.set(p.id, { product: p, artistIds: [] });
  }
  const live = [...products.keys()];
  for (const part of chunks(live)) {
    for (const o of await db.select().from(productOptions).where(inArray(productOptions.productId, part))) {
      options.set(o.id, o);
      bySku.set(o.sku, o);
    }
    for (const link of await db
      .select()
      .from(productArtists)
      .where(inArray(productArtists.productId, part))) {
      products.get(link.productId)!.artistIds.push(link.artistId);
    }
  }
  for (const p of products.values()) p.artistIds.sort((a, b) => a - b);
  return {
    categories: new Set(await repo.categoryIds(db)),
    artists: new Set(await repo.existingArtistIds(db, [...new Set(rows.flatMap((r) => r.artistIds))])),
    products,
    options,
    bySku,
  };
}

type OptionValues = Omit<
  typeof productOptions.$inferInsert,
  'id' | 'productId' | 'holdStock' | 'createdAt' | 'updatedAt' | 'sku' | 'sortOrder'
> & { sku?: string };
export type ProductValues = {
  title: string;
  vendor: string;
  categoryId: number;
  tags: string[];
  releaseDate: string | null;
  isPublished: boolean;
};
export type RowOutcome = {
  row: number;
  sku: string | null;
  status: 'new' | 'changed' | 'unchanged';
  changes: { column: string; from: string; to: string }[];
  stockLeftAlone: boolean;
};
export type ProductPlan = {
  /** The existing product, or null for a new one. */
  productId: string | null;
  rows: ParsedRow[];
  product: ProductValues;
  productChanged: boolean;
  artistIds: number[];
  artistsChanged: boolean;
  /** Existing options that change: every column written again (only these rows are touched). */
  updates: ({ id: string; sku: string } & OptionValues)[];
  /** New options; without sku the shop gives one when they are written. */
  inserts: (OptionValues & { sortOrder: number })[];
  outcomes: RowOutcome[];
};
export type ImportPlan = { plans: ProductPlan[]; problems: ImportProblem[]; notices: ImportProblem[] };

const show = (v: unknown) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(';') : String(v);
const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const rowsText = (rows: number[]) =>
  rows.length === 2 ? `rows ${rows[0]} and ${rows[1]}` : `rows ${rows.join(', ')}`;
const optionLabel = (o: { optionNameValue1: string; optionNameValue2?: string | null }) =>
  o.optionNameValue2 ? `${o.optionNameValue1} / ${o.optionNameValue2}` : o.optionNameValue1;

function optionValues(o: AdminOptionInput, stock: number): OptionValues {
  return {
    optionNameKey1: o.optionNameKey1,
    optionNameValue1: o.optionNameValue1,
    optionNameKey2: o.optionNameKey2 || null,
    optionNameValue2: o.optionNameKey2 ? o.optionNameValue2 : null,
    priceKrw: toMinorUnits(o.priceKrw, 'KRW'),
    priceUsd: toMinorUnits(o.priceUsd, 'USD'),
    comparedPriceKrw: o.comparedPriceKrw === null ? null : toMinorUnits(o.comparedPriceKrw, 'KRW'),
    comparedPriceUsd: o.comparedPriceUsd === null ? null : toMinorUnits(o.comparedPriceUsd, 'USD'),
    stock,
    minimumOrderQuantity: o.minimumOrderQuantity,
    isSoldOut: o.isSoldOut,
    isDefault: o.isDefault,
    barcode: o.barcode ?? null,
    weightGrams: o.weightGrams ?? null,
    orderMultiple: o.orderMultiple,
    maxPerOrder: o.maxPerOrder,
    lowStockThreshold: o.lowStockThreshold,
  };
}

/** Columns compared for an existing option: the file's column, the value now, the file's value. */
const COMPARED: [Column, (o: OptionValues & { sku?: string }) => unknown][] = [
  ['sku', (o) => o.sku],
  ['barcode', (o) => o.barcode],
  ['weight_grams', (o) => o.weightGrams],
  ['option_key1', (o) => o.optionNameKey1],
  ['option_value1', (o) => o.optionNameValue1],
  ['option_key2', (o) => o.optionNameKey2],
  ['option_value2', (o) => o.optionNameValue2],
  ['price_krw', (o) => (o.priceKrw === undefined ? null : fromMinorUnits(o.priceKrw, 'KRW'))],
  ['price_usd', (o) => (o.priceUsd === undefined ? null : fromMinorUnits(o.priceUsd, 'USD'))],
  [
    'compared_price_krw',
    (o) => (o.comparedPriceKrw == null ? null : fromMinorUnits(o.comparedPriceKrw, 'KRW')),
  ],
  [
    'compared_price_usd',
    (o) => (o.comparedPriceUsd == null ? null : fromMinorUnits(o.comparedPriceUsd, 'USD')),
  ],
  ['stock', (o) => o.stock],
  ['minimum_order_quantity', (o) => o.minimumOrderQuantity],
  ['sold_out', (o) => o.isSoldOut],
  ['is_default', (o) => o.isDefault],
  ['order_multiple', (o) => o.orderMultiple],
  ['max_per_order', (o) => o.maxPerOrder],
  ['low_stock_threshold', (o) => o.lowStockThreshold],
];

/**
 * Compares the rows with the shop: SKU is the key (an existing SKU updates its option, wherever the file
 * puts it; a row without one is matched by option_uuid or is a new option), rows are grouped by product,
 * and every problem is reported at the row and column at fault. Rows that change nothing are left out of
 * the writes, so the same file imported twice changes nothing the second time.
 */
export function planImport(
  rows: readonly ParsedRow[],
  state: ImportState,
  { overwriteStock = false }: { overwriteStock?: boolean } = {},
): ImportPlan {
  const problems: ImportProblem[] = [];
  const notices: ImportProblem[] = [];
  const problem = (r: ParsedRow, column: Column | null, message: string) =>
    problems.push({ row: r.row, sku: r.sku, column, message });

  // The same SKU or option twice: reported at every row that has it.
  for (const [column, keyOf] of [
    ['sku', (r: ParsedRow) => r.sku],
    ['option_uuid', (r: ParsedRow) => r.option.uuid ?? null],
  ] as const) {
    const at = new Map<string, number[]>();
    for (const r of rows) {
      const key = keyOf(r);
      if (key) at.set(key, [...(at.get(key) ?? []), r.row]);
    }
    for (const r of rows) {
      const seen = at.get(keyOf(r) ?? '');
      if (seen && seen.length > 1)
        problem(r, column, `${column} ${keyOf(r)} is on ${rowsText(seen)}: each option once.`);
    }
  }

  // Each row's option and product.
  const target = new Map<ParsedRow, OptionRow | null>();
  const groups = new Map<string, ParsedRow[]>();
  for (const r of rows) {
    let option = r.sku ? (state.bySku.get(r.sku) ?? null) : null;
    if (r.option.uuid) {
      const byId = state.options.get(r.option.uuid);
      if (option && option.id !== r.option.uuid) {
        problem(r, 'option_uuid', `option_uuid names another option than SKU ${r.sku}.`);
        continue;
      }
      if (!byId || (r.productUuid && byId.productId !== r.productUuid)) {
        problem(r, 'option_uuid', 'option_uuid is not an option of this product.');
        continue;
      }
      option = byId;
    }
    let productKey: string;
    if (option) {
      if (!state.products.has(option.productId)) {
        problem(r, r.productUuid ? 'product_uuid' : 'sku', 'product_uuid is not a product of the shop.');
        continue;
      }
      if (r.productUuid && r.productUuid !== option.productId) {
        problem(r, 'product_uuid', `SKU ${r.sku} belongs to another product.`);
        continue;
      }
      productKey = option.productId;
    } else if (r.productUuid) {
      if (!state.products.has(r.productUuid)) {
        problem(r, 'product_uuid', 'product_uuid is not a product of the shop.');
        continue;
      }
      productKey = r.productUuid;
    } else productKey = `new:${r.title}\u0000${r.vendor}`;
    if (!state.categories.has(r.categoryId))
      problem(r, 'category_id', `category_id ${r.categoryId} does not exist.`);
    const unknownArtist = r.artistIds.find((a) => !state.artists.has(a));
    if (unknownArtist) problem(r, 'artist_ids', `artist ${unknownArtist} does not exist.`);
    target.set(r, option);
    groups.set(productKey, [...(groups.get(productKey) ?? []), r]);
  }

  const optionsOf = new Map<string, OptionRow[]>();
  for (const o of state.options.values())
    optionsOf.set(o.productId, [...(optionsOf.get(o.productId) ?? []), o]);
  const plans: ProductPlan[] = [];
  for (const [key, group] of groups) {
    const existing = key.startsWith('new:') ? null : state.products.get(key)!;
    const first = group[0]!;
    // Rows of one product repeat its columns: a row that differs is named, against the product's first row.
    const productColumns: [Column, (r: ParsedRow) => unknown][] = [
      ['title', (r) => r.title],
      ['vendor', (r) => r.vendor],
      ['category_id', (r) => r.categoryId],
      ['tags', (r) => r.tags.join(';')],
      ['release_date', (r) => r.releaseDate],
      ['artist_ids', (r) => [...r.artistIds].sort((a, b) => a - b).join(';')],
      ['published', (r) => r.published],
    ];
    if (existing) {
      for (const r of group.slice(1)) {
        for (const [column, value] of productColumns) {
          if (value(r) !== value(first))
            problem(r, column, `${column} differs from row ${first.row}, the product's first row.`);
        }
      }
    }
    const options = existing
      ? [...(optionsOf.get(key) ?? [])].sort(
          (a, b) => a.sortOrder - b.sortOrder || a.createdAt.getTime() - b.createdAt.getTime(),
        )
      : [];
    const named = new Set(group.flatMap((r) => (target.get(r) ? [target.get(r)!.id] : [])));
    const untouched = options.filter((o) => !named.has(o.id));

    // Keys: every option of a product has the same keys.
    const keysOf = (o: { optionNameKey1: string; optionNameKey2: string | null }) =>
      `${o.optionNameKey1}\u0000${o.optionNameKey2 ?? ''}`;
    const reference = untouched[0] ?? first.option;
    for (const r of group) {
      if (keysOf(r.option) !== keysOf(reference)) {
        const column = r.option.optionNameKey1 !== reference.optionNameKey1 ? 'option_key1' : 'option_key2';
        problem(
          r,
          column,
          `All options of a product use the same option keys (${reference.optionNameKey1}${reference.optionNameKey2 ? ` / ${reference.optionNameKey2}` : ''}).`,
        );
      }
      if (r.option.optionNameKey2 && !r.option.optionNameValue2)
        problem(r, 'option_value2', `option_value2 is required: the option has a second key.`);
      if (r.option.comparedPriceKrw !== null && r.option.comparedPriceKrw < r.option.priceKrw)
        problem(r, 'compared_price_krw', 'A compared price is at least the price.');
      if (r.option.comparedPriceUsd !== null && r.option.comparedPriceUsd < r.option.priceUsd)
        problem(r, 'compared_price_usd', 'A compared price is at least the price.');
      for (const [column, usd] of [
        ['price_usd', r.option.priceUsd],
        ['compared_price_usd', r.option.comparedPriceUsd ?? 0],
      ] as const) {
        const cents = usd * 100;
        if (Math.abs(cents - Math.round(cents)) > 1e-6)
          problem(r, column, 'USD prices have at most two decimals.');
      }
    }
    // Values: two options of a product never have the same values.
    const valuesOf = (o: { optionNameValue1: string; optionNameValue2: string | null }) =>
      `${o.optionNameValue1}\u0000${o.optionNameValue2 ?? ''}`;
    const byValues = new Map<string, ParsedRow[]>();
    for (const r of group) byValues.set(valuesOf(r.option), [...(byValues.get(valuesOf(r.option)) ?? []), r]);
    for (const [values, same] of byValues) {
      const other = untouched.find((o) => valuesOf(o) === values);
      if (same.length > 1 || other) {
        for (const r of same) {
          problem(
            r,
            'option_value1',
            other
              ? `option ${optionLabel(r.option)} has the same values as option ${other.sku} of this product.`
              : `option ${optionLabel(r.option)} is on ${rowsText(same.map((s) => s.row))} of this product.`,
          );
        }
      }
    }
    const defaults = group.filter((r) => r.option.isDefault);
    if (defaults.length > 1) {
      for (const r of defaults)
        problem(
          r,
          'is_default',
          `Exactly one option is the default: ${rowsText(defaults.map((d) => d.row))} are.`,
        );
    }
    // An existing product keeps its default unless the file names one; a new one's first row is the default.
    const isDefault = (r: ParsedRow, current: OptionRow | null) =>
      defaults.length === 1 ? r === defaults[0] : existing ? (current?.isDefault ?? false) : r === first;

    const product: ProductValues = {
      title: first.title,
      vendor: first.vendor,
      categoryId: first.categoryId,
      tags: [...new Set(first.tags)],
      releaseDate: first.releaseDate,
      isPublished: first.published ?? existing?.product.isPublished ?? true,
    };
    const artistIds = [...new Set(first.artistIds)].sort((a, b) => a - b);
    const productChanges: RowOutcome['changes'] = [];
    if (existing) {
      const p = existing.product;
      const now: Record<string, unknown> = {
        title: p.title,
        vendor: p.vendor,
        category_id: p.categoryId,
        tags: p.tags.join(';'),
        release_date: p.releaseDate,
        artist_ids: existing.artistIds.join(';'),
        published: p.isPublished,
      };
      const next: Record<string, unknown> = {
        title: product.title,
        vendor: product.vendor,
        category_id: product.categoryId,
        tags: product.tags.join(';'),
        release_date: product.releaseDate,
        artist_ids: artistIds.join(';'),
        published: product.isPublished,
      };
      for (const column of Object.keys(now)) {
        if (show(now[column]) !== show(next[column]))
          productChanges.push({ column, from: show(now[column]), to: show(next[column]) });
      }
    }
    const plan: ProductPlan = {
      productId: existing ? key : null,
      rows: group,
      product,
      productChanged: productChanges.some((c) => c.column !== 'artist_ids'),
      artistIds,
      artistsChanged: !existing || (existing && !sameList(existing.artistIds, artistIds)),
      updates: [],
      inserts: [],
      outcomes: [],
    };
    let sortOrder = options.reduce((max, o) => Math.max(max, o.sortOrder + 1), 0);
    for (const r of group) {
      const current = target.get(r) ?? null;
      let stock = r.stockBlank ? (current?.stock ?? 0) : r.option.stock;
      let stockLeftAlone = false;
      const stockColumn: Column = r.stockAdjustment !== null ? 'stock_adjustment' : 'stock';
      if (r.stockAdjustment !== null)
        stock = (current?.stock ?? (r.stockBlank ? 0 : r.option.stock)) + r.stockAdjustment;
      else if (
        current &&
        stock !== current.stock &&
        r.stockAtExport !== null &&
        r.stockAtExport !== current.stock &&
        !overwriteStock
      ) {
        notices.push({
          row: r.row,
          sku: r.sku ?? current.sku,
          column: 'stock',
          message: `stock moved in the shop since the export (${r.stockAtExport} then, ${current.stock} now): the file's ${stock} was left alone. Choose "Overwrite stock" to apply it.`,
        });
        stock = current.stock;
        stockLeftAlone = true;
      }
      if (stock < 0) problem(r, stockColumn, `stock would be ${stock}: stock cannot be negative.`);
      else if (stock > INT_RANGE.stock.max) problem(r, stockColumn, `stock would be ${stock}: too large.`);
      else if (current && stock < current.holdStock)
        problem(r, stockColumn, `stock cannot be lower than what open orders hold (${current.holdStock}).`);
      const values = optionValues({ ...r.option, isDefault: isDefault(r, current) }, stock);
      if (current) {
        if (!r.hasBarcode) values.barcode = current.barcode;
        if (!r.hasWeight) values.weightGrams = current.weightGrams;
        if (!r.hasOrderMultiple) values.orderMultiple = current.orderMultiple;
        if (!r.hasMaxPerOrder) values.maxPerOrder = current.maxPerOrder;
        if (!r.hasThreshold) values.lowStockThreshold = current.lowStockThreshold;
        const next = { ...values, sku: r.sku ?? current.sku };
        const changes = COMPARED.flatMap(([column, read]) =>
          show(read(current)) === show(read(next))
            ? []
            : [{ column, from: show(read(current)), to: show(read(next)) }],
        );
        const allChanges = r === first ? [...productChanges, ...changes] : changes;
        if (changes.length) plan.updates.push({ id: current.id, ...next });
        plan.outcomes.push({
          row: r.row,
          sku: next.sku,
          status: allChanges.length ? 'changed' : 'unchanged',
          changes: allChanges,
          stockLeftAlone,
        });
      } else {
        plan.inserts.push({ ...values, ...(r.sku ? { sku: r.sku } : {}), sortOrder: sortOrder++ });
        plan.outcomes.push({
          row: r.row,
          sku: r.sku,
          status: 'new',
          changes: r === first && existing ? productChanges : [],
          stockLeftAlone,
        });
      }
    }
    plans.push(plan);
  }
  const byRow = (a: ImportProblem, b: ImportProblem) => a.row - b.row;
  return { plans, problems: problems.sort(byRow), notices: notices.sort(byRow) };
}

/** What the preview shows: counts, and the rows that are new or change something, with the changes. */
export function previewOf(
  parsed: ParsedImport,
  plan: ImportPlan | null,
  extraProblems: ImportProblem[] = [],
): CsvImportPreview {
  const plans = plan?.plans ?? [];
  const outcomes = plans.flatMap((p) => p.outcomes.map((o) => ({ o, p })));
  const rowOf = new Map(parsed.rows.map((r) => [r.row, r]));
  return {
    counts: {
      newProducts: plans.filter((p) => !p.productId).length,
      changedProducts: plans.filter((p) => p.productId && (p.productChanged || p.artistsChanged)).length,
      newOptions: outcomes.filter(({ o }) => o.status === 'new').length,
      changedOptions: plans.reduce((n, p) => n + p.updates.length, 0),
      unchangedOptions: outcomes.filter(({ o }) => o.status === 'unchanged').length,
    },
    rows: outcomes
      .filter(({ o }) => o.status !== 'unchanged')
      .sort((a, b) => a.o.row - b.o.row)
      .slice(0, 1000)
      .map(({ o, p }) => {
        const r = rowOf.get(o.row)!;
        return {
          row: o.row,
          sku: o.sku,
          title: p.product.title,
          option: optionLabel(r.option),
          status: o.status,
          changes: o.changes,
        };
      }),
    problems: [...parsed.rowProblems, ...extraProblems, ...(plan?.problems ?? [])].sort(
      (a, b) => a.row - b.row,
    ),
    notices: plan?.notices ?? [],
  };
}
