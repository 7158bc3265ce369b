import { randomUUID } from 'node:crypto';
import type { CsvImportResult } from '@kshop/contract';
import { type Column, getTableColumns, getTableName, inArray, type SQL, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db, Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptionsOfProducts, lockProducts } from '../../db/row-locks.js';
import { productArtists, productOptions, products } from '../../db/schema.js';
import { insertRowsAsJson } from '../../db/seed/bulk-insert.js';
import { inTransaction } from '../../db/transaction.js';
import type { CsvSeparator } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import type { UntrustedWork } from '../../workers/untrusted-pool.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type JobContext, JobFailure, type JobHandler, JobStopped } from '../jobs/jobs.service.js';
import { type ProductPlan, planImport, readImportState } from './catalog-csv.js';
import { CsvImportError, type ImportProblem, type ParsedRow } from './catalog-csv-parse.js';

export const CATALOGUE_IMPORT = 'catalogue.import';
export type CatalogueImportInput = {
  /** The file as CSV text (a workbook is turned into CSV when uploaded). */
  csv: string;
  /** The file's separator as the upload found it; a comma when absent (jobs queued before it was kept). */
  separator?: CsvSeparator;
  /** Staff chose to write the file's stock even where the shop's stock moved since the export. */
  overwriteStock?: boolean;
};
export type CatalogueImportResult = CsvImportResult;
export type CatalogueImportFailure = { message: string; problems: ImportProblem[] };
export type CatalogueImportProgress = {
  phase: 'checking' | 'applying' | 'undoing';
  done: number;
  total: number;
};

type ProductBefore = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'vendor' | 'categoryId' | 'tags' | 'releaseDate' | 'isPublished'
>;
type OptionBefore = Omit<
  typeof productOptions.$inferSelect,
  'productId' | 'holdStock' | 'sortOrder' | 'createdAt' | 'updatedAt'
>;
type Counts = Omit<CatalogueImportResult, never>;
const NO_COUNTS: Counts = {
  productsCreated: 0,
  productsChanged: 0,
  optionsCreated: 0,
  optionsChanged: 0,
  optionsUnchanged: 0,
  stockLeftAlone: 0,
};
const addCounts = (a: Counts, b: Partial<Counts> | undefined): Counts =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v + (b?.[k as keyof Counts] ?? 0)])) as Counts;
const changedAnything = (c: Counts) =>
  c.productsCreated + c.productsChanged + c.optionsCreated + c.optionsChanged > 0;

/** What one step applied, and what it needs to be undone. */
type StepRecord = {
  /** The product groups [from, to) it applied. */
  from: number;
  to: number;
  rows: number;
  counts?: Counts;
  created: { products: string[]; options: string[] };
  before: {
    products: ProductBefore[];
    options: OptionBefore[];
    artists: { productId: string; artistId: number }[];
  };
};
type ImportJobState = { undo?: CatalogueImportFailure };

/** A row that passed the first check no longer does: something changed it while the import ran. */
class LateProblems extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super('late import problems');
  }
}

/**
 * Each batch is one short transaction, so orders, saves and the storefront's reads get their turn in
 * between: on the embedded database nothing else runs while a transaction is open, so its batches are
 * kept to about 50 ms. On PostgreSQL readers never wait for them and only orders of the batch's products
 * do, so batches may take longer (each one still drops the catalogue caches once). A batch's size follows
 * how long the last one took inside its transaction.
 */
export const BATCH_TARGET_MS = { pglite: 50, postgres: 250 } as const;
const FIRST_BATCH_ROWS = 100;
const BATCH_ROWS = { min: 10, max: 2_000 };

const byRow = (a: ImportProblem, b: ImportProblem) => a.row - b.row;
const changedNothing = (problems: ImportProblem[]): CatalogueImportFailure => ({
  message: new CsvImportError(problems).message,
  problems,
});

/**
 * The catalogue import as a background job. All or nothing, as staff expect of a file:
 * 1. every row is checked first (on its own, against the shop, then each product's rows together); with any
 *    problem nothing changes and the job fails with every problem named by row, SKU and column;
 * 2. then the products apply in batches, each locking its products then their options (the lock order of
 *    docs/decisions/0010-lock-order.md), comparing its rows again with the shop under those locks, writing
 *    only what changes, and recording itself as a step of the job in the same transaction, with what it
 *    replaced;
 * 3. should a row fail its second check (an order took the stock, staff removed a product meanwhile), the
 *    batches already applied are undone from their records, newest first, and the job fails naming the
 *    rows, having changed nothing.
 * A job stopped by a restart goes on after its last recorded step. An import that changes nothing leaves
 * no audit entry and touches no row.
 */
export function catalogueImportJob(
  db: Db,
  {
    untrustedWork,
    firstBatchRows = FIRST_BATCH_ROWS,
    batchTargetMs = BATCH_TARGET_MS.pglite,
  }: { untrustedWork: UntrustedWork; firstBatchRows?: number; batchTargetMs?: number },
): JobHandler<CatalogueImportInput> {
  return async (job) => {
    const saved = job.state as ImportJobState | null;
    if (saved?.undo) {
      await undoSteps(db, job);
      throw new JobFailure(saved.undo);
    }
    // The rows are read in the worker pool: a file too large or complex to read fails the job, saying so.
    const read = await untrustedWork
      .run('catalogueRows', { csv: job.input.csv, separator: job.input.separator })
      .catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode < 500)
          throw new JobFailure({ message: err.message, problems: [] });
        throw err;
      });
    if (!read.ok) throw new JobFailure(changedNothing(read.problems));
    const parsed = read.parsed;
    const options = { overwriteStock: job.input.overwriteStock ?? false };
    const total = parsed.rows.length + parsed.rowProblems.length;
    const steps = (await job.steps()).map((s) => s.data as StepRecord);
    if (steps.length === 0) await job.progress({ phase: 'checking', done: 0, total }, true);
    const firstPlan = planImport(parsed.rows, await readImportState(db, parsed.rows), options);
    const problems = [...parsed.rowProblems, ...firstPlan.problems].sort(byRow);
    if (problems.length && steps.length === 0) throw new JobFailure(changedNothing(problems));
    // The groups in file order; a restart plans them again in the same order and goes on after its steps.
    const groups = firstPlan.plans.map((p) => p.rows);

    const fail = async (failure: CatalogueImportFailure): Promise<never> => {
      await job.saveState({ undo: failure } satisfies ImportJobState);
      await undoSteps(db, job);
      throw new JobFailure(failure);
    };
    // Going on after a restart, a row that no longer passes (staff removed its product meanwhile) undoes
    // the steps already applied, as a late problem under lock does.
    if (problems.length) return fail(changedNothing(problems));
    let next = steps.at(-1)?.to ?? 0;
    let step = steps.length;
    let done = steps.reduce((sum, s) => sum + s.rows, 0);
    let counts = steps.reduce((sum, s) => addCounts(sum, s.counts), NO_COUNTS);
    let batchRows = firstBatchRows;
    while (next < groups.length) {
      job.checkpoint();
      let end = next;
      let rows = 0;
      while (end < groups.length && (rows === 0 || rows + groups[end]!.length <= batchRows)) {
        rows += groups[end]!.length;
        end++;
      }
      const [from, to] = [next, end];
      // Timed from inside the transaction: waiting for the database to be free is not the batch's own cost.
      let tookMs = 0;
      try {
        await inTransaction(
          db,
          async (tx) => {
            const started = performance.now();
            const batch = groups.slice(from, to).flat();
            const record = await applyBatch(tx, batch, options);
            const after = addCounts(counts, record.counts);
            if (to === groups.length && changedAnything(after)) {
              await recordAudit(tx, {
                staffId: job.staffId,
                action: 'catalogue.import',
                entity: 'catalogue',
                entityId: 'csv',
                after,
              });
            }
            await job.recordStep(
              tx,
              step,
              { ...record, from, to, rows } satisfies StepRecord,
              { phase: 'applying', done: done + rows, total } satisfies CatalogueImportProgress,
            );
            counts = after;
            tookMs = performance.now() - started;
          },
          { log: job.log },
        );
      } catch (err) {
        if (err instanceof LateProblems) return fail(changedNothing(err.problems.sort(byRow)));
        if (err instanceof JobStopped || !job.lastAttempt) throw err;
        job.log.error({ err, jobId: job.id }, 'the import failed on its last attempt; undoing it');
        return fail({
          message: 'The import stopped on an unexpected error and changed nothing.',
          problems: [],
        });
      }
      if (tookMs < batchTargetMs / 2) batchRows = Math.min(BATCH_ROWS.max, batchRows * 2);
      else if (tookMs > batchTargetMs * 2) batchRows = Math.max(BATCH_ROWS.min, Math.floor(batchRows / 2));
      next = to;
      step++;
      done += rows;
    }
    return counts satisfies CatalogueImportResult;
  };
}

/**
 * One batch: its products locked (found through the rows' SKUs, options and product ids), then their
 * options, then the rows compared with the shop again under those locks; only what changes is written.
 */
async function applyBatch(
  tx: Executor,
  rows: ParsedRow[],
  options: { overwriteStock: boolean },
): Promise<Omit<StepRecord, 'from' | 'to' | 'rows'>> {
  const unlocked = planImport(rows, await readImportState(tx, rows), options);
  const wanted = unlocked.plans.flatMap((p) => (p.productId ? [p.productId] : []));
  const lockedProducts = await lockProducts(tx, wanted);
  const lockedOptions = await lockOptionsOfProducts(tx, lockedProducts);
  const state = await readImportState(tx, rows);
  const { plans, problems } = planImport(rows, state, options);
  const locked = new Set(lockedProducts);
  for (const plan of plans) {
    if (plan.productId && !locked.has(plan.productId)) {
      for (const r of plan.rows)
        problems.push({
          row: r.row,
          sku: r.sku,
          column: 'sku',
          message: 'the option moved to another product while the import ran: import the file again.',
        });
    }
  }
  if (problems.length) throw new LateProblems(problems);

  const counts = { ...NO_COUNTS };
  const touched = plans.filter(
    (p) => !p.productId || p.productChanged || p.artistsChanged || p.updates.length || p.inserts.length,
  );
  const productIds = plans.map((p) => p.productId ?? randomUUID());
  const created = { products: [] as string[], options: [] as string[] };
  const newProducts = plans.flatMap((p, i) => (p.productId ? [] : [{ id: productIds[i]!, ...p.product }]));
  created.products.push(...newProducts.map((p) => p.id));
  counts.productsCreated = newProducts.length;
  await insertRowsAsJson(tx, products, newProducts);
  const changedProducts = plans.flatMap((p) =>
    p.productId && p.productChanged ? [{ id: p.productId, ...p.product }] : [],
  );
  await updateRowsFromJson(tx, products, changedProducts);
  counts.productsChanged = plans.filter((p) => p.productId && (p.productChanged || p.artistsChanged)).length;

  // Defaults are cleared first where one moves (one-default index), then every changed option is written.
  const updates = plans.flatMap((p) => p.updates);
  const movedDefault = plans.flatMap((p) =>
    p.productId &&
    (p.updates.some((u) => u.isDefault && !state.options.get(u.id)?.isDefault) ||
      p.inserts.some((o) => o.isDefault))
      ? [p.productId]
      : [],
  );
  if (movedDefault.length) {
    await tx.execute(sql`update product_options set is_default = false, updated_at = now()
      where is_default and product_id in ${idList(movedDefault)}`);
  }
  await updateRowsFromJson(tx, productOptions, updates);
  counts.optionsChanged = updates.length;
  const inserts = plans.flatMap((p, i) =>
    p.inserts.map((o) => ({ ...o, id: randomUUID(), productId: productIds[i]! })),
  );
  // insertRowsAsJson writes the same columns for every row: options without a SKU take the next KS number.
  const skuless = inserts.filter((o) => !o.sku);
  if (skuless.length) {
    const given = await tx.execute(
      sql`select 'KS' || lpad(nextval('product_option_sku_seq')::text, 6, '0') as sku from generate_series(1, ${skuless.length})`,
    );
    const { rows: skus } = given as unknown as { rows: { sku: string }[] };
    skuless.forEach((o, i) => {
      o.sku = skus[i]!.sku;
    });
  }
  await insertRowsAsJson(tx, productOptions, inserts as (typeof productOptions.$inferInsert)[]);
  created.options.push(...inserts.map((o) => o.id));
  counts.optionsCreated = inserts.length;
  counts.optionsUnchanged = plans.reduce(
    (n, p) => n + p.outcomes.filter((o) => o.status === 'unchanged').length,
    0,
  );
  counts.stockLeftAlone = plans.reduce((n, p) => n + p.outcomes.filter((o) => o.stockLeftAlone).length, 0);

  const relinked = plans.flatMap((p, i) => (p.artistsChanged ? [{ plan: p, id: productIds[i]! }] : []));
  const existingRelinked = relinked.flatMap(({ plan }) => (plan.productId ? [plan.productId] : []));
  // The undo puts back the artists of every product this batch touched, so all of theirs are kept.
  const touchedExisting = new Set(touched.flatMap((p) => (p.productId ? [p.productId] : [])));
  const artistsBefore = touchedExisting.size
    ? await tx
        .select()
        .from(productArtists)
        .where(inArray(productArtists.productId, [...touchedExisting]))
    : [];
  if (existingRelinked.length)
    await tx.delete(productArtists).where(inArray(productArtists.productId, existingRelinked));
  await insertRowsAsJson(
    tx,
    productArtists,
    relinked.flatMap(({ plan, id }) => plan.artistIds.map((artistId) => ({ productId: id, artistId }))),
  );
  // A product whose options or artists changed is a changed product: its updated_at moves too (the back
  // office's product page and caches follow it), as a save in the product form does.
  const bumped = touched.flatMap((p) => (p.productId && !p.productChanged ? [p.productId] : []));
  if (bumped.length)
    await tx.execute(sql`update products set updated_at = now() where id in ${idList(bumped)}`);
  const touchedIds = touched.map((p) => productIds[plans.indexOf(p)]!);
  if (touchedIds.length) await refreshProductDerived(tx, touchedIds);
  return {
    counts,
    created,
    before: {
      products: plans.flatMap((p: ProductPlan) => {
        if (!p.productId || !touchedExisting.has(p.productId)) return [];
        const { id, title, vendor, categoryId, tags, releaseDate, isPublished } = state.products.get(
          p.productId,
        )!.product;
        return [{ id, title, vendor, categoryId, tags, releaseDate, isPublished }];
      }),
      options: lockedOptions
        .filter((o) => touchedExisting.has(o.productId))
        .map(
          ({ productId: _p, holdStock: _h, sortOrder: _s, createdAt: _c, updatedAt: _u, ...option }) =>
            option,
        ),
      artists: artistsBefore,
    },
  };
}

/**
 * Undoes the recorded steps, newest first, each in one transaction with the same lock order: products
 * and options get their values back (stock no lower than what orders hold now), products the import
 * created are removed like a product deleted by staff, and options it created are deleted unless an order
 * line names one already (then it is marked sold out).
 */
async function undoSteps(db: Db, job: JobContext<CatalogueImportInput>) {
  const steps = await job.steps();
  const total = steps.reduce((sum, s) => sum + (s.data as StepRecord).rows, 0);
  let undone = 0;
  for (const { step, data } of steps.reverse()) {
    job.checkpoint();
    const record = data as StepRecord;
    undone += record.rows;
    await inTransaction(
      db,
      async (tx) => {
        const touched = [...record.before.products.map((p) => p.id), ...record.created.products];
        const locked = await lockProducts(tx, touched);
        await lockOptionsOfProducts(tx, locked);
        await updateRowsFromJson(tx, products, record.before.products);
        if (record.created.products.length) {
          await tx.execute(sql`update products set deleted_at = now(), updated_at = now()
            where id in ${idList(record.created.products)}`);
        }
        if (record.created.options.length) {
          await tx.execute(sql`delete from product_options o where o.id in ${idList(record.created.options)}
            and not exists (select 1 from order_details d where d.product_option_id = o.id)`);
          await tx.execute(sql`update product_options set is_sold_out = true, is_default = false, updated_at = now()
            where id in ${idList(record.created.options)}`);
        }
        const restored = [...new Set(record.before.options.map((o) => o.id))];
        if (restored.length) {
          await tx.execute(sql`update product_options set is_default = false
            where is_default and product_id in (select product_id from product_options where id in ${idList(restored)})`);
        }
        await updateRowsFromJson(tx, productOptions, record.before.options, {
          stock: sql`greatest(r.stock, t.hold_stock)`,
        });
        const relinked = record.before.products.map((p) => p.id);
        if (relinked.length)
          await tx.delete(productArtists).where(inArray(productArtists.productId, relinked));
        await insertRowsAsJson(tx, productArtists, record.before.artists);
        await refreshProductDerived(tx, locked);
        await job.removeStep(tx, step);
      },
      { log: job.log },
    );
    await job.progress({ phase: 'undoing', done: undone, total } satisfies CatalogueImportProgress);
  }
}

const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

const columnName = (key: string, column: Column) => (column.keyAsName ? toSnakeCase(key) : column.name);

/**
 * Updates many rows by id from one JSON parameter, as insertRowsAsJson inserts them: every row sets the
 * same columns; `override` replaces the value of a column by an expression of `r` (the new row) and `t`
 * (the row as it is).
 */
async function updateRowsFromJson<T extends Table>(
  db: Executor,
  table: T,
  rows: readonly ({ id: string } & Partial<T['$inferInsert']>)[],
  override: Record<string, SQL> = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = columns.map(([key, column]) => columnName(key, column));
  const sets = columns
    .filter(([key]) => key !== 'id')
    .map(([key, column]) => {
      const name = columnName(key, column);
      return sql`${sql.identifier(name)} = ${override[name] ?? sql.raw(`r."${name}"`)}`;
    });
  if ('updatedAt' in getTableColumns(table)) sets.push(sql`updated_at = now()`);
  const types = columns.map(([key, column]) =>
    sql.raw(`"${columnName(key, column)}" ${column.getSQLType()}`),
  );
  const json = JSON.stringify(
    rows.map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(columns.map(([key], i) => [names[i], record[key] ?? null]));
    }),
  );
  await db.execute(
    sql`update ${sql.identifier(getTableName(table))} t set ${sql.join(sets, sql`, `)}
        from jsonb_to_recordset(${json}::jsonb) as r(${sql.join(types, sql`, `)})
        where t.id = r.id`,
  );
}
