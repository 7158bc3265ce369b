import type {
  AdminProductInput,
  Artist,
  ArtistCategory,
  adminProduct,
  adminProductSummary,
  CsvImportPreview,
  csvImportJob,
  csvImportProblem,
  csvImportResult,
} from '@kshop/contract';
import { t } from '@lingui/core/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, adminDownload, adminGet, adminRequest, publicGet } from '../../../lib/api-client';

export type AdminProduct = z.infer<typeof adminProduct>;
export type AdminProductSummary = z.infer<typeof adminProductSummary>;
export type Category = { id: number; category: string; parentId: number | null; sortOrder: number };
export type ArtistGroup = { category: ArtistCategory; artists: Artist[] };
export type CsvImportResult = z.infer<typeof csvImportResult>;
export type CsvImportProblem = z.infer<typeof csvImportProblem>;
export type CsvImportJob = z.infer<typeof csvImportJob>;
export type { CsvImportPreview };
export type ProductFilter = { page: number; limit: number; q?: string; categoryId?: string; stock?: string };

export const catalogueKey = ['admin', 'catalogue'] as const;

export const useProductList = (filter: ProductFilter) =>
  useQuery({
    queryKey: [...catalogueKey, 'products', filter],
    queryFn: ({ signal }) =>
      adminGet<{ productList: AdminProductSummary[]; totalCount: number }>('/products', filter, signal),
    placeholderData: keepPreviousData,
  });

export const useProduct = (id: string | undefined) =>
  useQuery({
    queryKey: [...catalogueKey, 'product', id],
    queryFn: ({ signal }) => adminGet<AdminProduct>(`/products/${id}`, undefined, signal),
    enabled: Boolean(id),
  });

export const saveProduct = (id: string | null, input: AdminProductInput) =>
  adminRequest<AdminProduct>(id ? `/products/${id}` : '/products', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export const deleteProduct = (id: string) => adminRequest<null>(`/products/${id}`, { method: 'DELETE' });

export const useCategories = () =>
  useQuery({
    queryKey: [...catalogueKey, 'categories'],
    queryFn: ({ signal }) => adminGet<{ categoryList: Category[] }>('/categories', undefined, signal),
    select: (data) => data.categoryList,
  });

export const saveCategory = (category: Category) =>
  adminRequest<null>('/categories', { method: 'PUT', body: category });

export const deleteCategory = (id: number) => adminRequest<null>(`/categories/${id}`, { method: 'DELETE' });

const fetchArtistCategories = (signal?: AbortSignal) =>
  publicGet<{ artistCategoryList: ArtistCategory[] }>('/artist/category', signal).then(
    (data) => data.artistCategoryList,
  );

const fetchArtists = (categoryId: number, signal?: AbortSignal) =>
  publicGet<{ artistList: Artist[] }>(`/artist/list/${categoryId}`, signal).then((data) => data.artistList);

/** Every artist category with its artists (the storefront's public lists: the admin API has none). */
export const useArtistGroups = () =>
  useQuery({
    queryKey: [...catalogueKey, 'artists'],
    queryFn: async ({ signal }): Promise<ArtistGroup[]> => {
      const categories = await fetchArtistCategories(signal);
      return Promise.all(
        categories.map(async (category) => ({ category, artists: await fetchArtists(category.id, signal) })),
      );
    },
  });

export type ArtistCategoryInput = { category: string; sortOrder: number };
export type ArtistInput = { artistCategoryId: number; artistNameEN: string; artistNameKO: string };

export const saveArtistCategory = (id: number | null, input: ArtistCategoryInput) =>
  adminRequest<{ id: number; category: string }>(id ? `/artist-categories/${id}` : '/artist-categories', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export const saveArtist = (id: number | null, input: ArtistInput) =>
  adminRequest<Artist>(id ? `/artists/${id}` : '/artists', { method: id ? 'PUT' : 'POST', body: input });

type UploadSlot = { url: string; fileUrl: string; contentType: string };

/**
 * Product images: the API names a signed upload URL per file, the file is PUT there with exactly the content type
 * the API named (a plain fetch: the target may be S3, which wants no bearer token), and the `fileUrl`s come back
 * in the order of the files.
 */
export async function uploadImages(files: File[]): Promise<string[]> {
  const { urlList } = await adminRequest<{ urlList: UploadSlot[] }>('/uploads', {
    method: 'POST',
    body: { fileNames: files.map((file) => file.name) },
  });
  return Promise.all(
    files.map(async (file, index) => {
      const slot = urlList[index];
      if (!slot) throw new Error('The upload answer named too few URLs.');
      const response = await fetch(slot.url, {
        method: 'PUT',
        headers: { 'Content-Type': slot.contentType },
        body: file,
      });
      if (!response.ok) throw new Error(`The upload of ${file.name} was refused (HTTP ${response.status}).`);
      return slot.fileUrl;
    }),
  );
}

export const exportCatalogue = (format: 'csv' | 'xlsx' = 'csv') => adminDownload(`/catalogue.${format}`);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A workbook goes up as one (by its name or type); anything else as CSV, whose encoding the shop finds. */
const uploadOf = (file: Blob) => ({
  text: file,
  contentType:
    file.type === XLSX_TYPE || ('name' in file && /\.xlsx$/i.test(String(file.name)))
      ? XLSX_TYPE
      : 'text/csv',
});

/** What importing the file would do, compared with the shop now; writes nothing. */
export const previewCatalogueImport = (file: Blob, overwriteStock = false) =>
  adminRequest<CsvImportPreview>('/catalogue/import/preview', {
    method: 'POST',
    query: { overwriteStock: overwriteStock ? 'true' : undefined },
    rawBody: uploadOf(file),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads a catalogue CSV and follows its import job until it ends, reporting each state on the way. Resolves
 * what it changed; a refused file throws an ApiError carrying the problems, as the API names them.
 */
export async function importCatalogue(
  csvFile: Blob,
  onProgress: (job: CsvImportJob) => void = () => {},
  pollMs = 500,
  overwriteStock = false,
): Promise<CsvImportResult> {
  const { jobId } = await adminRequest<{ jobId: string }>('/catalogue/import', {
    method: 'POST',
    query: { overwriteStock: overwriteStock ? 'true' : undefined },
    rawBody: uploadOf(csvFile),
  });
  for (;;) {
    const job = await adminGet<CsvImportJob>(`/catalogue/imports/${jobId}`);
    onProgress(job);
    if (job.status === 'done' && job.result) return job.result;
    if (job.status === 'failed') {
      const failure = job.failure ?? { message: t`The import failed.`, problems: [] };
      throw new ApiError(
        400,
        failure.message,
        failure.problems.length ? { problems: failure.problems } : null,
      );
    }
    await sleep(pollMs);
  }
}
