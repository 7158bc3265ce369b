/**
 * A shop database with the demo data plus generated products up to 100,000 in all, for the benchmarks that
 * need a large catalogue (buying.ts). PGlite in a DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set.
 * Prints progress and the time taken, then runs `analyze`. A database that already holds 100,000 products
 * is kept as it is; one left half-filled by an interrupted run is completed.
 */
import {
  generateCatalogue,
  insertGeneratedProducts,
  seedOnFirstStart,
} from '../apps/api/dist/db/seed/index.js';
import {
  CATALOGUE_SIZE,
  type CatalogueTarget,
  catalogueTarget,
  countProducts,
  describeTarget,
  literal,
  openTarget,
  prepareTarget,
  rows,
} from './support/catalogue-db.js';
import { isMain, round, writeResult } from './support/report.js';

const BATCH_SIZE = 1000;
/** Indexes 0..179 of the default seed are the demo catalogue, written by the first-start seed. */
const DEMO_PRODUCTS = 180;

/**
 * Which indexes of the generator's default seed make up the catalogue. The generator derives every id from
 * a 32-bit PRNG state (apps/api/src/db/seed/random.ts), so now and then a product repeats an id of an
 * earlier one (15 of the first 100,000 indexes): inserting it would fail on the primary key. The plan skips
 * those indexes and takes the next ones instead, so the catalogue stays deterministic and resumable.
 */
export function planCatalogue(size: number, now: Date) {
  const seen = new Set<string>();
  const indexes: number[] = [];
  const productIds: string[] = [];
  const skipped: number[] = [];
  for (let start = 0; indexes.length < size; start += BATCH_SIZE) {
    for (const [offset, generated] of generateCatalogue(BATCH_SIZE, undefined, now, start).entries()) {
      if (indexes.length === size) break;
      const ids = [generated.product.id, ...generated.options.map((o) => o.id)];
      if (ids.some((id) => seen.has(id))) {
        skipped.push(start + offset);
        continue;
      }
      for (const id of ids) seen.add(id);
      indexes.push(start + offset);
      productIds.push(generated.product.id);
    }
  }
  return { indexes, productIds, skipped };
}

/** Consecutive runs of indexes, each written by one call of the generator. */
function runsOf(indexes: readonly number[]): { start: number; count: number }[] {
  const runs: { start: number; count: number }[] = [];
  for (const index of indexes) {
    const last = runs.at(-1);
    if (last && last.start + last.count === index) last.count++;
    else runs.push({ start: index, count: 1 });
  }
  return runs;
}

export interface CatalogueResult {
  database: 'pglite' | 'postgres';
  location: string;
  products: number;
  options: number;
  /** Products this run wrote; 0 when the catalogue was already there. */
  generated: number;
  /** Generator indexes left out because an id of theirs repeats an earlier product's. */
  skippedIndexes: number[];
  /** Seconds for the demo data (categories, 180 products, accounts) when this run wrote it. */
  demoSeconds: number;
  /** Seconds to generate the catalogue in memory once to find the indexes to skip. */
  planSeconds: number;
  /** Seconds to generate and insert the missing products (batches of 1,000, one transaction each). */
  generateSeconds: number;
  productsPerSecond: number;
  analyzeSeconds: number;
  databaseMiB: number | null;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

export async function ensureCatalogue(target: CatalogueTarget, log = console.info): Promise<CatalogueResult> {
  await prepareTarget(target);
  const database = await openTarget(target);
  try {
    const demoStarted = performance.now();
    const seed = await seedOnFirstStart(database.db, { demoData: true, reportAccounts: false });
    const demoSeconds = seed.seeded ? seconds(demoStarted) : 0;
    if (seed.seeded) log(`demo data written (categories, products, accounts) in ${round(demoSeconds, 1)} s`);

    const present = await countProducts(database);
    const missing = Math.max(0, CATALOGUE_SIZE - present);
    let planSeconds = 0;
    let generateSeconds = 0;
    let analyzeSeconds = 0;
    let skippedIndexes: number[] = [];
    if (missing === 0) {
      log(`${describeTarget(target)} already holds ${present.toLocaleString('en')} products: kept as it is`);
    } else {
      const now = new Date();
      const planStarted = performance.now();
      const plan = planCatalogue(CATALOGUE_SIZE, now);
      planSeconds = seconds(planStarted);
      skippedIndexes = plan.skipped;
      log(
        `plan: ${plan.skipped.length} generator indexes skipped because their ids repeat earlier ones ` +
          `(${plan.skipped.join(', ')}), ${round(planSeconds, 1)} s`,
      );
      // A half-filled catalogue must be this plan's first products, or continuing would mix two catalogues.
      const lastPresent = plan.productIds[present - 1];
      if (present > DEMO_PRODUCTS && lastPresent) {
        const [found] = await rows<{ n: string | number }>(
          database,
          `select count(*) as n from products where id = ${literal(lastPresent)}`,
        );
        if (Number(found?.n) !== 1) {
          throw new Error(`${describeTarget(target)} holds products this script did not write: use --fresh`);
        }
      }
      log(`generating ${missing.toLocaleString('en')} products (${present} present), ${BATCH_SIZE} a batch`);
      const started = performance.now();
      let written = 0;
      let lastReport = 0;
      for (const run of runsOf(plan.indexes.slice(present))) {
        const before = written;
        await insertGeneratedProducts(database.db, {
          count: run.count,
          batchSize: BATCH_SIZE,
          startIndex: run.start,
          now,
          onBatch: (inRun) => {
            written = before + inRun;
            if (written - lastReport < 10 * BATCH_SIZE && written < missing) return;
            lastReport = written;
            const elapsed = seconds(started);
            const rate = written / elapsed;
            log(
              `  ${written.toLocaleString('en').padStart(7)} / ${missing.toLocaleString('en')}  ` +
                `${round(elapsed, 1)} s  ${round(rate)} products/s  ETA ${round((missing - written) / rate)} s`,
            );
          },
        });
      }
      generateSeconds = seconds(started);
      log(`generated ${missing.toLocaleString('en')} products in ${round(generateSeconds, 1)} s`);
      const analyzeStarted = performance.now();
      await database.db.execute('analyze');
      analyzeSeconds = seconds(analyzeStarted);
      log(`analyze: ${round(analyzeSeconds, 1)} s`);
    }

    const [counts] = await rows<{ products: string | number; options: string | number }>(
      database,
      'select (select count(*) from products) as products, (select count(*) from product_options) as options',
    );
    const [size] = await rows<{ bytes: string | number }>(
      database,
      'select pg_database_size(current_database()) as bytes',
    ).catch(() => [] as { bytes: string | number }[]);
    return {
      database: target.driver,
      location: describeTarget(target),
      products: Number(counts?.products ?? 0),
      options: Number(counts?.options ?? 0),
      generated: missing,
      skippedIndexes,
      demoSeconds: round(demoSeconds, 1),
      planSeconds: round(planSeconds, 1),
      generateSeconds: round(generateSeconds, 1),
      productsPerSecond: generateSeconds > 0 ? round(missing / generateSeconds) : 0,
      analyzeSeconds: round(analyzeSeconds, 1),
      databaseMiB: size ? round(Number(size.bytes) / 1024 / 1024) : null,
    };
  } finally {
    await database.close();
  }
}

export function describeCatalogue(result: CatalogueResult): string {
  const work =
    result.generated > 0
      ? `generated ${result.generated.toLocaleString('en')} in ${result.generateSeconds} s (${result.productsPerSecond} products/s), id plan ${result.planSeconds} s, analyze ${result.analyzeSeconds} s`
      : 'nothing generated (already complete)';
  return [
    `catalogue (${result.database}): ${result.location}`,
    `  ${result.products.toLocaleString('en')} products, ${result.options.toLocaleString('en')} options, database ${result.databaseMiB ?? '?'} MiB`,
    `  ${work}`,
  ].join('\n');
}

/** A failed query's message without its parameters (a batch of 1,000 products as JSON). */
export function shortError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message.split('\n')[0]!.slice(0, 200)}${cause}`;
}

if (isMain(import.meta.url)) {
  const target = catalogueTarget();
  console.info(`catalogue of ${CATALOGUE_SIZE.toLocaleString('en')} products in ${describeTarget(target)}`);
  const result = await ensureCatalogue(target).catch((err: unknown) => {
    console.error(`catalogue failed: ${shortError(err)}`);
    process.exit(1);
  });
  console.info(describeCatalogue(result));
  if (result.generated > 0) {
    console.info(`written to ${await writeResult(`catalogue-100k-${result.database}`, result)}`);
  }
}
