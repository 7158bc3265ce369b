import { type ImportFile, readImportFile } from '../modules/catalog-admin/catalog-import-file.js';

/** A catalogue import's upload (CSV or workbook) as CSV text, or why it is refused. */
export const catalogueFileTask = ({
  bytes,
  isWorkbook,
}: {
  bytes: Uint8Array;
  isWorkbook: boolean;
}): Promise<ImportFile> => readImportFile(bytes, isWorkbook);
