import type { CsvSeparator } from '../lib/csv.js';
import {
  CsvImportError,
  type ImportProblem,
  type ParsedImport,
  parseImport,
} from '../modules/catalog-admin/catalog-csv-parse.js';

export type CatalogueRows = { ok: true; parsed: ParsedImport } | { ok: false; problems: ImportProblem[] };

/**
 * An import file's rows, each read and checked on its own. A refusal of the whole file comes back as its
 * problems: an error's own fields do not survive the trip back from the worker.
 */
export async function catalogueRowsTask({
  csv,
  separator,
}: {
  csv: string;
  separator?: CsvSeparator;
}): Promise<CatalogueRows> {
  try {
    return { ok: true, parsed: await parseImport(csv, separator) };
  } catch (err) {
    if (err instanceof CsvImportError) return { ok: false, problems: err.problems };
    throw err;
  }
}
