import { type QuickOrderFile, readQuickOrderFile } from '../modules/quick-order/quick-order-file.js';

/** A quick-order upload (CSV or workbook) as its lines of code and quantity, or why it is refused. */
export const quickOrderFileTask = ({
  bytes,
  isWorkbook,
}: {
  bytes: Uint8Array;
  isWorkbook: boolean;
}): Promise<QuickOrderFile> => readQuickOrderFile(bytes, isWorkbook);
