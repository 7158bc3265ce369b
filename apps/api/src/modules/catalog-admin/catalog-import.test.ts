import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOptions, products } from '../../db/schema.js';
import { createTestShop, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';
import * as jobsRepo from '../jobs/jobs.repository.js';
import { createJobRunner, type JobHandler, JobStopped } from '../jobs/jobs.service.js';
import { type CatalogueImportInput, catalogueImportJob } from './catalog-import.js';

// The import job run by runners of this test's own (a kind the shop's runner does not take), stopped after
// a number of batches as a restart would stop it, then run again.

let shop: TestShop;
let owner: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'import-owner@kshop.example', 'OWNER');
});
afterAll(() => shop?.close());

const KIND = 'test.catalogue.import';
const quiet = { info() {}, warn() {}, error() {} };

/**
 * The export's rows of the first products, every option's stock set (and the products' published flag when
 * given), after rows making two new products.
 */
async function csvOf(productCount: number, stock: number, published?: 'true' | 'false') {
  const exported = await shop.app.inject({ url: '/api/v1/admin/catalogue.csv', headers: owner });
  const [header, ...rows] = exported.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const columns = header!.split(',');
  const stockColumn = columns.indexOf('stock');
  const publishedColumn = columns.indexOf('published');
  const ids = [...new Set(rows.map((row) => row.split(',')[0]!))].slice(0, productCount);
  const named = ids.flatMap((id) =>
    rows
      .filter((row) => row.startsWith(`${id},`) && !row.includes('"'))
      .map((row) => {
        const cells = row.split(',');
        cells[stockColumn] = String(stock);
        if (published) cells[publishedColumn] = published;
        return cells.join(',');
      }),
  );
  const created = ['Import Resume One', 'Import Resume Two'].map(
    (title) => `,${title},Resume Label,9,new,,1,,SIZE,One,,,12000,9.5,,,7,1,false,true`,
  );
  return {
    csv: `${[header, ...created, ...named].join('\r\n')}\r\n`,
    ids,
    lines: 1 + created.length + named.length,
  };
}

/** Runs the job under a runner of its own until it is stopped after `batches` batches, or ends. */
async function runJob(jobId: string, stopAfterBatches = Number.POSITIVE_INFINITY) {
  let checkpoints = 0;
  const handler = catalogueImportJob(shop.db, { firstBatchRows: 1, untrustedWork: shop.app.untrustedWork });
  const stopping: JobHandler<CatalogueImportInput> = (job) =>
    handler({
      ...job,
      checkpoint() {
        if (++checkpoints > stopAfterBatches) throw new JobStopped();
        job.checkpoint();
      },
    });
  const runner = createJobRunner({ db: shop.db, log: quiet, pollMs: 20 });
  runner.register(KIND, stopping);
  runner.start();
  try {
    for (let i = 0; i < 1_500; i++) {
      const job = (await jobsRepo.findJob(shop.db, jobId))!;
      if (job.status === 'done' || job.status === 'failed') return job;
      if (job.status === 'queued' && checkpoints > stopAfterBatches) return job;
      await sleep(20);
    }
    throw new Error('the import job did not end');
  } finally {
    await runner.stop();
  }
}

/** Each option's stock, by option id. */
const stocksOf = async (productIds: string[]) =>
  Object.fromEntries(
    (
      await shop.db
        .select({ id: productOptions.id, stock: productOptions.stock })
        .from(productOptions)
        .where(inArray(productOptions.productId, productIds))
    ).map((o) => [o.id, o.stock]),
  );
const liveTitled = (title: string) =>
  shop.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.title, title), isNull(products.deletedAt)));

describe('the catalogue import job across restarts', () => {
  it('goes on after the batches it committed before a restart, applying every row once', async () => {
    const { csv, ids, lines } = await csvOf(6, 321);
    const queued = await jobsRepo.insertJob(shop.db, { kind: KIND, input: { csv }, createdByStaffId: null });
    const stopped = await runJob(queued.id, 2);
    expect(stopped).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await jobsRepo.stepsOf(shop.db, queued.id)).toHaveLength(2);
    expect(stopped.progress).toMatchObject({ phase: 'applying', total: lines - 1 });

    const done = await runJob(queued.id);
    expect(done).toMatchObject({
      status: 'done',
      result: { productsCreated: 2, optionsCreated: 2, optionsChanged: lines - 3, optionsUnchanged: 0 },
    });
    expect(new Set(Object.values(await stocksOf(ids)))).toEqual(new Set([321]));
    expect(await liveTitled('Import Resume One')).toHaveLength(1);
    expect(await liveTitled('Import Resume Two')).toHaveLength(1);
  });

  it('undoes the batches already applied when a later row fails its check under lock, changing nothing', async () => {
    const { csv, ids } = await csvOf(15, 654, 'false');
    const before = await stocksOf(ids);
    const publishedOf = async () =>
      (
        await shop.db
          .select({ id: products.id, isPublished: products.isPublished })
          .from(products)
          .where(inArray(products.id, ids))
      ).sort((a, b) => a.id.localeCompare(b.id));
    const publishedBefore = await publishedOf();
    expect(publishedBefore.some((p) => p.isPublished)).toBe(true);
    const queued = await jobsRepo.insertJob(shop.db, { kind: KIND, input: { csv }, createdByStaffId: null });
    // Three batches: the two new products, then at least one product named in the file.
    await runJob(queued.id, 3);
    expect(await jobsRepo.stepsOf(shop.db, queued.id)).toHaveLength(3);
    expect(await stocksOf(ids)).not.toEqual(before);
    expect(await publishedOf()).not.toEqual(publishedBefore);

    // Staff remove the last product of the file while the import waits for its next run.
    const last = ids.at(-1)!;
    const removed = await shop.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${last}`,
      headers: owner,
    });
    expect(removed.statusCode).toBe(200);
    const lastRows = csv
      .trimEnd()
      .split('\r\n')
      .flatMap((line, i) => (line.startsWith(`${last},`) ? [i + 1] : []));

    const failed = await runJob(queued.id);
    expect(failed.status).toBe('failed');
    expect(failed.result).toEqual({
      message: `The import changed nothing: ${lastRows.length} problem${lastRows.length === 1 ? '' : 's'} found.`,
      problems: lastRows.map((row) => ({
        row,
        sku: expect.stringMatching(/^KS\d{6}$/),
        column: 'product_uuid',
        message: 'product_uuid is not a product of the shop.',
      })),
    });
    expect(await stocksOf(ids)).toEqual(before);
    // Drafts the applied batches made are published again (the last product, removed, is left out).
    expect((await publishedOf()).filter((p) => p.id !== last)).toEqual(
      publishedBefore.filter((p) => p.id !== last),
    );
    // The products the first batch made are gone again, as a product removed by staff.
    expect(await liveTitled('Import Resume One')).toHaveLength(1);
    expect(await jobsRepo.stepsOf(shop.db, queued.id)).toEqual([]);
  });
});
