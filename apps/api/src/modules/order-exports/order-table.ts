import { addressLine, invoiceAmounts, memoAdjustments } from '../documents/documents.format.js';
import type { ExportCell, ExportTable } from './export-sheet.js';
import type { ExportWords } from './export-words.js';
import type { ExportedOrder } from './order-exports.repository.js';

type Memo = { orderId: string; content: string; amount: number; voidedAt: Date | null };
type Parcel = { orderId: string; carrier: string; trackingNumber: string; shippedAt: Date };
type Payment = { orderId: string; paidAt: Date | null };

const byOrder = <T extends { orderId: string }>(items: readonly T[]) => {
  const grouped = new Map<string, T[]>();
  for (const item of items) grouped.set(item.orderId, [...(grouped.get(item.orderId) ?? []), item]);
  return grouped;
};

const distinct = (texts: string[]) => [...new Set(texts.map((t) => t.trim()).filter(Boolean))];

/**
 * The accountant's orders: one row per order, its totals once. The amounts are the invoice's (invoiceAmounts):
 * the goods, one column for each kind of memo that changes an amount (named by the memo's label, e.g. 'Shipping
 * fee', 'Discount'; two memos of one kind on an order are added up), then for won orders the supply amount and VAT
 * of the total, and the total. Goods plus the memo columns make the total; summing the total column sums the
 * orders.
 */
export function ordersTable(
  rows: readonly ExportedOrder[],
  related: { memos: readonly Memo[]; parcels: readonly Parcel[]; payments: readonly Payment[] },
  words: ExportWords,
): ExportTable {
  const h = words.headers;
  const memos = byOrder(related.memos);
  const parcels = byOrder(related.parcels);
  const paidAt = new Map(related.payments.map((p) => [p.orderId, p.paidAt]));

  const amounts = new Map(
    rows.map(({ order }) => [
      order.id,
      invoiceAmounts({ ...order, adjustments: memoAdjustments(memos.get(order.id) ?? []) }),
    ]),
  );
  // The memo columns, in the order their labels first appear (the orders are oldest first).
  const memoLabels = distinct([...amounts.values()].flatMap((a) => a.adjustments.map((m) => m.label)));

  const headers = [
    h.orderNumber,
    h.poNumber,
    h.orderDate,
    h.status,
    h.buyer,
    h.businessRegistrationNumber,
    h.buyerEmail,
    h.currency,
    h.goods,
    ...memoLabels,
    h.supplyAmount,
    h.vat,
    h.total,
    h.paidOn,
    h.receiver,
    h.receiverAddress,
    h.receiverPhone,
    h.shippedOn,
    h.carrier,
    h.trackingNumbers,
    h.personInCharge,
  ];

  const tableRows = rows.map(
    ({ order, buyerEmail, personInChargeName, personInChargeEmail }): ExportCell[] => {
      const currency = order.currencyCode;
      const money = (minor: number) => ({ minor, currency });
      const invoice = amounts.get(order.id)!;
      const memoAmount = (label: string) => {
        const of = invoice.adjustments.filter((m) => m.label.trim() === label);
        return of.length ? money(of.reduce((sum, m) => sum + m.amount, 0)) : null;
      };
      const shipped = parcels.get(order.id) ?? [];
      return [
        order.orderNumber,
        order.poReference ?? '',
        order.createdAt,
        words.status(order.status),
        order.receiverCompanyName,
        order.businessRegistrationNumber,
        buyerEmail ?? '',
        currency,
        money(invoice.goods),
        ...memoLabels.map(memoAmount),
        invoice.vatSplit ? money(invoice.vatSplit.supply) : null,
        invoice.vatSplit ? money(invoice.vatSplit.vat) : null,
        money(invoice.total),
        paidAt.get(order.id) ?? null,
        order.receiverName,
        addressLine(
          order.receiverAddressDetail,
          order.receiverPostalCode,
          order.receiverCountry,
          words.language,
        ),
        order.receiverPhoneNumber,
        // The day the last parcel left: when the order was shipped in full, or its latest part so far.
        shipped.at(-1)?.shippedAt ?? null,
        distinct(shipped.map((p) => p.carrier)).join(', '),
        distinct(shipped.map((p) => p.trackingNumber)).join(', '),
        personInChargeName?.trim() || personInChargeEmail || '',
      ];
    },
  );

  return { sheet: h.ordersSheet, headers, rows: tableRows };
}
