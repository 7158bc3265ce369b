import { optionText } from '../documents/documents.format.js';
import type { ExportCell, ExportTable } from './export-sheet.js';
import type { ExportWords } from './export-words.js';
import type { ExportedLine } from './order-exports.repository.js';

/**
 * The accountant's order lines: one row per line, what was ordered and shipped at which price. No order totals
 * here (the orders export has them once per order), so summing a column never counts an order twice.
 */
export function linesTable(rows: readonly ExportedLine[], words: ExportWords): ExportTable {
  const h = words.headers;
  const headers = [
    h.orderNumber,
    h.orderDate,
    h.status,
    h.buyer,
    h.product,
    h.option,
    h.sku,
    h.barcode,
    h.quantity,
    h.shippedQuantity,
    h.currency,
    h.unitPrice,
    h.amount,
  ];
  const tableRows = rows.map(({ order, line, barcode }): ExportCell[] => {
    const currency = order.currencyCode;
    return [
      order.orderNumber,
      order.createdAt,
      words.status(order.status),
      order.receiverCompanyName,
      line.productTitle,
      optionText(line.optionNameValue1, line.optionNameValue2),
      line.sku ?? '',
      barcode ?? '',
      line.quantity,
      line.shippedQuantity,
      currency,
      { minor: line.unitPrice, currency },
      { minor: line.amount, currency },
    ];
  });
  return { sheet: h.linesSheet, headers, rows: tableRows };
}
