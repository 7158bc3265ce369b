import { AppError } from '../lib/errors.js';
import type { UntrustedTaskName } from './untrusted-worker.js';

/**
 * How long each task may work once a worker starts it, and what the request is told when a task runs out
 * of time or memory. A file the shop takes is read well within these (a workbook of 60,000 exported rows
 * in 10 s on the 2-core machine, so the largest upload in about 20 s); what runs longer is built to be slow.
 */
export const TASK_LIMITS: Record<UntrustedTaskName, { timeLimitMs: number; tooMuch: () => AppError }> = {
  svgCheck: {
    timeLimitMs: 10_000,
    tooMuch: () =>
      new AppError(
        400,
        'FILE_TOO_COMPLEX',
        'This SVG drawing is too large or complex to check: save it as PNG or PDF, and upload that file.',
      ),
  },
  catalogueFile: { timeLimitMs: 60_000, tooMuch: () => importTooComplex() },
  catalogueRows: { timeLimitMs: 60_000, tooMuch: () => importTooComplex() },
  quickOrderFile: { timeLimitMs: 60_000, tooMuch: () => importTooComplex() },
  orderPdf: {
    timeLimitMs: 30_000,
    tooMuch: () =>
      new AppError(
        422,
        'DOCUMENT_TOO_COMPLEX',
        'This order is too large or complex to print as a PDF document; its lines and totals are on the order page.',
      ),
  },
};

function importTooComplex() {
  return new AppError(
    400,
    'IMPORT_TOO_COMPLEX',
    'This file is too large or complex to read: split it into smaller files, or save it again in Excel as "CSV UTF-8 (Comma delimited)", and import each.',
  );
}

export const poolBusy = () =>
  new AppError(503, 'FILES_BUSY', 'The shop is busy reading other files: try again in a minute.');
