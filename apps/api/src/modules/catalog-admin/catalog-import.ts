import { randomUUID } from 'node:crypto';
import { type Column, getTableColumns, getTableName, inArray, type SQL, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db, Executor } from '../../db/client.js';
import { refreshProductDerived } from '../../db/derived.js';
import { lockOptionsOfProducts, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import { productArtists, productOptions, products } from '../../db/schema.js';
import { insertRowsAsJson } from '../../db/seed/bulk-insert.js';
import { inTransaction } from '../../db/transaction.js';
import type { CsvSeparator } from '../../lib/csv.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type JobContext, JobFailure, type JobHandler, JobStopped } from '../jobs/jobs.service.js';
import * as repo from './catalog-admin.repository.js';
import {
  CsvImportError,
  type ImportPlan,
  type ImportProblem,
  namedIds,
  parseImport,
  problemsAgainst,
  readImportState,
} from './catalog-csv.js';

export const CATALOGUE_IMPORT = 'catalogue.import';
export type CatalogueImportInput = {
  csv: string;
  /** The file's separator as the upload found it; a comma when absent (jobs queued before it was kept). */
  separator?: CsvSeparator;
};
export type CatalogueImportResult = { products: number; options: number };
export type CatalogueImportFailure = { message: string; problems: ImportProblem[] };
export type CatalogueImportProgress = {
  phase: 'checking' | 'applying' | 'undoing';
  done: number;
  total: number;
};

type ProductBefore = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'vendor' | 'categoryId' | 'tags' | 'releaseDate'
>;
type OptionBefore = Omit<
  typeof productOptions.$inferSelect,
  'productId' | 'holdStock' | 'sortOrder' | 'createdAt' | 'updatedAt'
>;
/** What one step applied, and what it needs to be undone. */
type StepRecord = {
  /** The plans [from, to) it applied. */
  from: number;
  to: number;
  rows: number;
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
 *    problem nothing changes and the job fails with every problem named by row;
 * 2. then the rows apply in batches, each locking its products then their options (the lock order of
 *    docs/decisions/0010-lock-order.md), checking its rows again under those locks, and recording itself as
 *    a step of the job in the same transaction, with what it replaced;
 * 3. should a row fail its second check (an order took the stock, staff removed a product meanwhile), the
 *    batches already applied are undone from their records, newest first, and the job fails naming the
 *    rows, having changed nothing.
 * A job stopped by a restart goes on after its last recorded step.
 */
export function catalogueImportJob(
  db: Db,
  {
    firstBatchRows = FIRST_BATCH_ROWS,
    batchTargetMs = BATCH_TARGET_MS.pglite,
  }: { firstBatchRows?: number; batchTargetMs?: number } = {},
): JobHandler<CatalogueImportInput> {
  return async (job) => {
    const saved = job.state as ImportJobState | null;
    if (saved?.undo) {
      await undoSteps(db, job);
      throw new JobFailure(saved.undo);
    }
    let parsed: Awaited<ReturnType<typeof parseImport>>;
    try {
      parsed = await parseImport(job.input.csv, job.input.separator);
    } catch (err) {
      if (err instanceof CsvImportError) throw new JobFailure(changedNothing(err.problems));
      throw err;
    }
    const { plans } = parsed;
    const total = parsed.rows.length + parsed.rowProblems.length;
    const steps = (await job.steps()).map((s) => s.data as StepRecord);
    if (steps.length === 0) {
      await job.progress({ phase: 'checking', done: 0, total }, true);
      const problems = [
        ...parsed.rowProblems,
        ...problemsAgainst(parsed.rows, await readImportState(db, parsed.rows)),
        ...parsed.planProblems,
      ].sort(byRow);
      if (problems.length) throw new JobFailure(changedNothing(problems));
    }

    const fail = async (failure: CatalogueImportFailure): Promise<never> => {
      await job.saveState({ undo: failure } satisfies ImportJobState);
      await undoSteps(db, job);
      throw new JobFailure(failure);
    };
    let next = steps.at(-1)?.to ?? 0;
    let step = steps.length;
    let done = steps.reduce((sum, s) => sum + s.rows, 0);
    let batchRows = firstBatchRows;
    while (next < plans.length) {
      job.checkpoint();
      let end = next;
      let rows = 0;
      while (end < plans.length && (rows === 0 || rows + plans[end]!.rows.length <= batchRows)) {
        rows += plans[end]!.rows.length;
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
            const record = await applyBatch(tx, plans.slice(from, to));
            if (to === plans.length) {
              await recordAudit(tx, {
                staffId: job.staffId,
                action: 'catalogue.import',
                entity: 'catalogue',
                entityId: 'csv',
                after: { products: plans.length, options: parsed.rows.length },
              });
            }
            await job.recordStep(
              tx,
              step,
              { ...record, from, to, rows } satisfies StepRecord,
              { phase: 'applying', done: done + rows, total } satisfies CatalogueImportProgress,
            );
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
    return { products: plans.length, options: parsed.rows.length } satisfies CatalogueImportResult;
  };
}

async function applyBatch(
  tx: Executor,
  plans: ImportPlan[],
): Promise<Omit<StepRecord, 'from' | 'to' | 'rows'>> {
  const rows = plans.flatMap((p) => p.rows);
  const named = namedIds(rows);
  const lockedProducts = await lockProducts(tx, [
    ...named.products,
    ...(await productIdsOfOptions(tx, named.options)),
  ]);
  const lockedOptions = await lockOptionsOfProducts(tx, lockedProducts);
  const live = await repo.productsByIds(tx, named.products);
  const problems = problemsAgainst(rows, {
    categories: new Set(await repo.categoryIds(tx)),
    artists: new Set(await repo.existingArtistIds(tx, [...new Set(rows.flatMap((r) => r.artistIds))])),
    products: new Set(live.map((p) => p.id)),
    options: new Map(lockedOptions.map((o) => [o.id, o])),
  });
  if (problems.length) throw new LateProblems(problems);
  const artistsBefore = named.products.length
    ? await tx.select().from(productArtists).where(inArray(productArtists.productId, named.products))
    : [];

  const productIds = plans.map((p) => p.productUuid ?? randomUUID());
  const productValues = plans.map((plan, i) => {
    const first = plan.rows[0]!;
    return {
      id: productIds[i]!,
      title: first.title,
      vendor: first.vendor,
      categoryId: first.categoryId,
      tags: first.tags,
      releaseDate: first.releaseDate,
    };
  });
  const created = { products: productIds.filter((_, i) => !plans[i]!.productUuid), options: [] as string[] };
  await insertRowsAsJson(
    tx,
    products,
    productValues.filter((_, i) => !plans[i]!.productUuid),
  );
  await updateRowsFromJson(
    tx,
    products,
    productValues.filter((_, i) => plans[i]!.productUuid),
  );
  // Options not named in the file stay as they are; defaults are cleared first (one-default index).
  const newDefaults = plans.flatMap((p) =>
    p.productUuid && p.options.some((o) => o.isDefault) ? [p.productUuid] : [],
  );
  if (newDefaults.length) {
    await tx.execute(sql`update product_options set is_default = false, updated_at = now()
      where is_default and product_id in ${idList(newDefaults)}`);
  }
  const updates = new Map<string, { id: string } & Partial<typeof productOptions.$inferInsert>>();
  const inserts: (typeof productOptions.$inferInsert)[] = [];
  plans.forEach((plan, i) => {
    plan.options.forEach((o, sortOrder) => {
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
      if (o.uuid) {
        updates.delete(o.uuid);
        updates.set(o.uuid, { id: o.uuid, ...values });
      } else {
        const id = randomUUID();
        created.options.push(id);
        inserts.push({ id, productId: productIds[i]!, sortOrder, ...values });
      }
    });
  });
  await updateRowsFromJson(tx, productOptions, [...updates.values()]);
  await insertRowsAsJson(tx, productOptions, inserts);
  const existing = plans.flatMap((p) => (p.productUuid ? [p.productUuid] : []));
  if (existing.length) await tx.delete(productArtists).where(inArray(productArtists.productId, existing));
  await insertRowsAsJson(
    tx,
    productArtists,
    plans.flatMap((plan, i) =>
      [...new Set(plan.rows[0]!.artistIds)].map((artistId) => ({ productId: productIds[i]!, artistId })),
    ),
  );
  await refreshProductDerived(tx, productIds);
  return {
    created,
    before: {
      products: live.map(({ id, title, vendor, categoryId, tags, releaseDate }) => ({
        id,
        title,
        vendor,
        categoryId,
        tags,
        releaseDate,
      })),
      options: lockedOptions.map(
        ({ productId: _p, holdStock: _h, sortOrder: _s, createdAt: _c, updatedAt: _u, ...option }) => option,
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
