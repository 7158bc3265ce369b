import type { OrderDocument } from '../modules/documents/documents.format.js';
import { invoicePdf, packingListPdf } from '../modules/documents/documents.pdf.js';

/** An order's invoice or packing list as a PDF; the fonts are read once per worker (documents.pdf.ts). */
export const orderPdfTask = async ({
  document,
  order,
}: {
  document: 'invoice' | 'packingList';
  order: OrderDocument;
}): Promise<Uint8Array> => (document === 'invoice' ? invoicePdf(order) : packingListPdf(order));
