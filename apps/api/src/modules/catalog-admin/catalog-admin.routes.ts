import {
  adminArtistListQuery,
  adminArtistListResponse,
  adminOptionBySkuParams,
  adminOptionBySkuResponse,
  adminProductInput,
  adminProductListQuery,
  adminProductListResponse,
  adminProductResponse,
  artistCategoryInput,
  artistInput,
  bulkEditRequest,
  bulkEditResponse,
  categoryInput,
  csvImportJob,
  csvImportPreview,
  csvImportStarted,
  envelope,
  idParams,
  noOptionWithSku,
  numericIdParams,
  safeText,
  stockLevelsQuery,
  stockLevelsResponse,
  TEXT_MAX,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import { requestUploads } from '../files/files.service.js';
import { jobProgress } from '../jobs/jobs.service.js';
import * as admin from './catalog-admin.service.js';
import * as bulk from './catalog-bulk.js';
import {
  exportCatalogue,
  exportCatalogueXlsx,
  planImport,
  previewOf,
  readImportState,
} from './catalog-csv.js';
import {
  BATCH_TARGET_MS,
  CATALOGUE_IMPORT,
  type CatalogueImportFailure,
  type CatalogueImportInput,
  type CatalogueImportProgress,
  type CatalogueImportResult,
  catalogueImportJob,
} from './catalog-import.js';

const empty = { 200: envelope(z.null()) };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Back office: products and options, categories, artists, CSV, product images. */
const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['admin'],
        querystring: adminProductListQuery,
        response: { 200: adminProductListResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      const { page, limit, ...filter } = request.query;
      return ok(
        await admin.productList(app.db, {
          ...filter,
          q: filter.q || undefined,
          limit,
          offset: (page - 1) * limit,
        }),
      );
    },
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 200: adminProductResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(await admin.productDetail(app.db, request.params.id));
    },
  );

  app.get(
    '/product-options/by-sku/:sku',
    {
      schema: {
        tags: ['admin'],
        params: adminOptionBySkuParams,
        response: { 200: adminOptionBySkuResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      const option = await admin.optionBySku(app.db, request.params.sku);
      if (!option) throw notFound(noOptionWithSku(request.params.sku), 'OPTION_NOT_FOUND');
      return ok(option);
    },
  );

  app.post(
    '/products',
    { schema: { tags: ['admin'], body: adminProductInput, response: { 200: adminProductResponse } } },
    async (request) => {
      const me = requireStaff(request);
      return ok(
        await admin.saveProduct(
          app.db,
          app.storage,
          app.untrustedWork,
          null,
          request.body,
          me.id,
          request.log,
        ),
        'Product created.',
      );
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: adminProductInput,
        response: { 200: adminProductResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      return ok(
        await admin.saveProduct(
          app.db,
          app.storage,
          app.untrustedWork,
          request.params.id,
          request.body,
          me.id,
          request.log,
        ),
        'Product saved.',
      );
    },
  );

  app.delete(
    '/products/:id',
    { schema: { tags: ['admin'], params: idParams, response: empty } },
    async (request) => {
      await admin.deleteProduct(app.db, request.params.id, requireStaff(request).id, request.log);
      return ok(null, 'Product removed.');
    },
  );

  app.post(
    '/uploads',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload URLs for product images',
        body: z.object({
          fileNames: z
            .array(safeText({ max: TEXT_MAX.fileName, required: 'fileName is required.' }))
            .min(1)
            .max(10),
        }),
        response: {
          200: envelope(
            z.object({
              urlList: z.array(z.object({ url: z.string(), fileUrl: z.string(), contentType: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireStaff(request);
      const files = request.body.fileNames.map((fileName) => ({
        fileType: 'PRODUCT_IMAGE' as const,
        fileName,
      }));
      return ok(await requestUploads(app.db, app.storage, null, files, { productImages: true }));
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['admin'],
        response: {
          200: envelope(
            z.object({
              categoryList: z.array(
                z.object({
                  id: z.number(),
                  category: z.string(),
                  parentId: z.number().nullable(),
                  sortOrder: z.number(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireStaff(request);
      const rows = await admin.categoryTreeForStaff(app.db);
      return ok({ categoryList: rows.map(({ children: _c, ...row }) => row) });
    },
  );

  app.put(
    '/categories',
    { schema: { tags: ['admin'], body: categoryInput, response: empty } },
    async (request) => {
      await admin.saveCategory(app.db, request.body, requireStaff(request).id);
      return ok(null, 'Category saved.');
    },
  );

  app.delete(
    '/categories/:id',
    { schema: { tags: ['admin'], params: numericIdParams, response: empty } },
    async (request) => {
      await admin.removeCategory(app.db, request.params.id, requireStaff(request).id);
      return ok(null, 'Category removed.');
    },
  );

  const artistCategoryResponse = { 200: envelope(z.object({ id: z.number(), category: z.string() })) };
  app.post(
    '/artist-categories',
    { schema: { tags: ['admin'], body: artistCategoryInput, response: artistCategoryResponse } },
    async (request) =>
      ok(await admin.saveArtistCategory(app.db, null, request.body, requireStaff(request).id)),
  );
  app.put(
    '/artist-categories/:id',
    {
      schema: {
        tags: ['admin'],
        params: numericIdParams,
        body: artistCategoryInput,
        response: artistCategoryResponse,
      },
    },
    async (request) =>
      ok(await admin.saveArtistCategory(app.db, request.params.id, request.body, requireStaff(request).id)),
  );

  const artistResponse = {
    200: envelope(z.object({ id: z.number(), artistNameEN: z.string(), artistNameKO: z.string() })),
  };
  const saveArtist = async (id: number | null, body: z.infer<typeof artistInput>, staffId: string) => {
    try {
      return await admin.saveArtist(app.db, id, body, staffId);
    } catch (err) {
      if (isForeignKeyViolation(err))
        throw badRequest('Choose an artist category that exists.', 'ARTIST_CATEGORY');
      // Another save took the name meanwhile: the unique index refused it; say which name.
      if (isUniqueViolation(err)) throw (await bulk.duplicateArtistName(app.db, id, body)) ?? err;
      throw err;
    }
  };
  app.post(
    '/artists',
    { schema: { tags: ['admin'], body: artistInput, response: artistResponse } },
    async (request) => ok(await saveArtist(null, request.body, requireStaff(request).id)),
  );
  app.put(
    '/artists/:id',
    { schema: { tags: ['admin'], params: numericIdParams, body: artistInput, response: artistResponse } },
    async (request) => ok(await saveArtist(request.params.id, request.body, requireStaff(request).id)),
  );

  app.get(
    '/artists',
    {
      schema: {
        tags: ['admin'],
        querystring: adminArtistListQuery,
        response: { 200: adminArtistListResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      const { q, page, limit } = request.query;
      return ok(await bulk.artistList(app.db, q || undefined, limit, (page - 1) * limit));
    },
  );
  app.delete(
    '/artists/:id',
    { schema: { tags: ['admin'], params: numericIdParams, response: empty } },
    async (request) => {
      await bulk.deleteArtist(app.db, request.params.id, requireStaff(request).id, request.log);
      return ok(null, 'Artist removed.');
    },
  );

  app.post(
    '/products/bulk/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'What a bulk edit would change',
        body: bulkEditRequest,
        response: { 200: bulkEditResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await bulk.previewBulkEdit(app.db, request.body));
    },
  );
  app.post(
    '/products/bulk',
    {
      schema: {
        tags: ['admin'],
        summary: 'Apply a bulk edit to up to 200 products',
        body: bulkEditRequest,
        response: { 200: bulkEditResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const result = await bulk.applyBulkEdit(app.db, request.body, me.id, request.log);
      return ok(result, `${result.changed} product${result.changed === 1 ? '' : 's'} changed.`);
    },
  );
  app.get(
    '/products/stock-levels',
    {
      schema: {
        tags: ['admin'],
        summary: 'Options running low and options sold out',
        querystring: stockLevelsQuery,
        response: { 200: stockLevelsResponse },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await bulk.stockLevels(app.db, request.query.limit));
    },
  );

  app.get(
    '/catalogue.csv',
    { schema: { tags: ['admin'], summary: 'Products, options, prices and stock as CSV' } },
    async (request, reply) => {
      requireStaff(request);
      const csv = await exportCatalogue(app.db);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="kshop-catalogue-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(`\uFEFF${csv}`);
    },
  );

  app.get(
    '/catalogue.xlsx',
    { schema: { tags: ['admin'], summary: 'Products, options, prices and stock as an Excel workbook' } },
    async (request, reply) => {
      requireStaff(request);
      const file = await exportCatalogueXlsx(app.db);
      return reply
        .type(XLSX)
        .header(
          'Content-Disposition',
          `attachment; filename="kshop-catalogue-${new Date().toISOString().slice(0, 10)}.xlsx"`,
        )
        .send(file);
    },
  );

  // The import takes the file's bytes as the body (CSV in any of the encodings Korean Excel writes, or an
  // Excel workbook) and runs as a background job (catalog-import.ts): the upload answers the job's id at
  // once; every row is checked before anything changes. The preview reads the same file and writes nothing.
  const importJob = catalogueImportJob(app.db, {
    batchTargetMs: BATCH_TARGET_MS[app.database.driver],
    untrustedWork: app.untrustedWork,
  });
  app.jobs.register<CatalogueImportInput>(CATALOGUE_IMPORT, async (context) => {
    const result = await importJob(context);
    // An import appends count rows by the thousand, and can make words common that no buyer has searched for
    // yet: the upkeep compacts the one and keeps the other counted.
    app.catalogueUpkeep.refresh();
    return result;
  });
  /** The upload as CSV text and its separator, read in the worker pool; a workbook's first sheet becomes CSV. */
  const readUpload = async (body: unknown, contentType: string | undefined) => {
    if (!Buffer.isBuffer(body))
      throw badRequest('Send the file with Content-Type text/csv or the Excel workbook type.', 'CSV_BODY');
    const isWorkbook = (contentType ?? '').startsWith(XLSX) || body.subarray(0, 4).equals(ZIP_START);
    const file = await app.untrustedWork.run('catalogueFile', { bytes: body, isWorkbook });
    if (!file.ok) throw badRequest(file.problem, file.code);
    return { csv: file.csv, separator: file.separator };
  };
  const importQuery = z.object({
    overwriteStock: z
      .enum(['true', 'false'], { error: 'overwriteStock is true or false.' })
      .default('false')
      .transform((v) => v === 'true'),
  });
  app.register(async (csvScope) => {
    for (const type of ['text/csv', XLSX, 'application/octet-stream']) {
      csvScope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
        (_request, body, done) => done(null, body),
      );
    }
    csvScope.post(
      '/catalogue/import/preview',
      {
        schema: {
          tags: ['admin'],
          summary:
            'What an import would do: new, changed and unchanged rows with the changed columns, and every problem (writes nothing)',
          querystring: importQuery,
          response: { 200: envelope(csvImportPreview) },
        },
      },
      async (request) => {
        requireStaff(request);
        const upload = await readUpload(request.body, request.headers['content-type']);
        const read = await app.untrustedWork.run('catalogueRows', upload);
        if (!read.ok) return ok(previewOf({ rows: [], rowProblems: read.problems }, null));
        const plan = planImport(read.parsed.rows, await readImportState(app.db, read.parsed.rows), {
          overwriteStock: (request.query as z.infer<typeof importQuery>).overwriteStock,
        });
        return ok(previewOf(read.parsed, plan));
      },
    );
    csvScope.post(
      '/catalogue/import',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Start an import of products, options, prices and stock from CSV or XLSX, keyed by SKU (all rows or none); poll the job',
          querystring: importQuery,
          response: { 202: envelope(csvImportStarted) },
        },
      },
      async (request, reply) => {
        const me = requireStaff(request);
        const upload = await readUpload(request.body, request.headers['content-type']);
        const job = await app.jobs.enqueue(
          app.db,
          CATALOGUE_IMPORT,
          {
            ...upload,
            overwriteStock: (request.query as z.infer<typeof importQuery>).overwriteStock,
          } satisfies CatalogueImportInput,
          me.id,
        );
        return reply
          .code(202)
          .header('Location', `${request.url.replace(/\/import(\?.*)?$/, '')}/imports/${job.id}`)
          .send({ statusCode: 202, message: 'Import started.', data: { jobId: job.id } });
      },
    );
  });

  app.get(
    '/catalogue/imports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A CSV import: its progress, then what it changed or why it changed nothing',
        params: idParams,
        response: { 200: envelope(csvImportJob) },
      },
    },
    async (request) => {
      requireStaff(request);
      const job = await jobProgress(app.db, request.params.id);
      if (!job || job.kind !== CATALOGUE_IMPORT) throw notFound('No such import.', 'IMPORT_NOT_FOUND');
      const done = job.status === 'done';
      const failed = job.status === 'failed';
      return ok({
        jobId: job.id,
        status: job.status,
        progress: (job.progress as CatalogueImportProgress | null) ?? null,
        result: done ? (job.result as CatalogueImportResult) : null,
        failure: failed ? (job.result as CatalogueImportFailure) : null,
      });
    },
  );
};

export default catalogAdminRoutes;
