import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { FONT_FILES, SELLER } from './documents.constants.js';
import { addressLine, invoiceAmounts, money, type OrderDocument } from './documents.format.js';
import { type DocumentWords, invoiceWords, packingListWords } from './documents.words.js';

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';
type Column = { header: string; width: number; align: Align };

const MARGIN = 40;
const FOOTER_SPACE = 28;
const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c8c8c8';
const HEADER_FILL = '#efefef';
const PAD_X = 5;
const PAD_Y = 4;
const BODY_SIZE = 9;
/** Room between the lines of a wrapped value, so that Hangul and brackets on two lines do not touch. */
const LINE_GAP = 1.5;

let fonts: { regular: Buffer; bold: Buffer } | null = null;

/**
 * The font files, read once. Their last glyph (the space) is empty and ends the file, and the font reader
 * measures a glyph by reading its header even when it has none: zero bytes after the file let it read an
 * empty header there instead of failing. The tables themselves are unchanged.
 */
function fontBytes() {
  const padded = (file: string) => Buffer.concat([readFileSync(file), Buffer.alloc(64)]);
  fonts ??= { regular: padded(FONT_FILES.regular), bold: padded(FONT_FILES.bold) };
  return fonts;
}

/** A4 in the shop's font (regular and bold registered under those names), pages kept for the footers. */
function newDocument(title: string, words: DocumentWords): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // No built-in font: every text goes out in the shop's font, which has the Hangul glyphs.
    font: '',
    info: { Title: title, Author: words.sellerName, Creator: SELLER.name },
  });
  const { regular, bold } = fontBytes();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular').fontSize(BODY_SIZE).fillColor(INK);
  return doc;
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
/** Lowest y the body may reach: the footer keeps its own band. */
const bodyBottom = (doc: Doc) => doc.page.height - MARGIN - FOOTER_SPACE;

/** Collects the whole document into one buffer. */
function finish(doc: Doc, footer: string, words: DocumentWords): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would open a new page: the footer writes with no margin below.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor(MUTED);
    doc.text(footer, MARGIN, y, { width: contentWidth(doc) - 80, lineBreak: false });
    doc.text(words.page(i - start + 1, count), doc.page.width - MARGIN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** Title at the left, the order's facts at the right; answers the y below both. */
function heading(doc: Doc, title: string, subtitle: string, facts: [string, string][]): number {
  const top = MARGIN;
  doc.font('bold').fontSize(20).fillColor(INK).text(title, MARGIN, top, { width: 300 });
  doc
    .font('regular')
    .fontSize(BODY_SIZE)
    .fillColor(MUTED)
    .text(subtitle, MARGIN, doc.y + 2, { width: 300 });
  const left = doc.y;
  const factsWidth = 200;
  const x = doc.page.width - MARGIN - factsWidth;
  const right = pairs(doc, x, top + 2, factsWidth, facts, 80);
  return Math.max(left, right) + 14;
}

/** Label and value rows ('Order number' 20261123-1001); answers the y below the last. */
function pairs(doc: Doc, x: number, y: number, width: number, rows: [string, string][], labelWidth = 92) {
  let at = y;
  for (const [label, value] of rows) {
    doc.font('regular').fontSize(BODY_SIZE);
    const valueWidth = width - labelWidth;
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth - 6, lineGap: LINE_GAP }),
      doc.heightOfString(value || '-', { width: valueWidth, lineGap: LINE_GAP }),
    );
    doc.fillColor(MUTED).text(label, x, at, { width: labelWidth - 6, lineGap: LINE_GAP });
    doc.fillColor(INK).text(value || '-', x + labelWidth, at, { width: valueWidth, lineGap: LINE_GAP });
    at += height + 3;
  }
  return at;
}

/** A titled box of label and value rows; answers the y below it. */
function party(doc: Doc, x: number, y: number, width: number, title: string, rows: [string, string][]) {
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(title, x + 8, y + 7, { width: width - 16 });
  const end = pairs(doc, x + 8, doc.y + 4, width - 16, rows);
  return end + 5;
}

/** Two party boxes side by side, drawn to the same height; answers the y below them. */
function parties(
  doc: Doc,
  y: number,
  left: [string, [string, string][]],
  right: [string, [string, string][]],
) {
  const gap = 14;
  const width = (contentWidth(doc) - gap) / 2;
  const leftEnd = party(doc, MARGIN, y, width, ...left);
  const rightEnd = party(doc, MARGIN + width + gap, y, width, ...right);
  const bottom = Math.max(leftEnd, rightEnd);
  doc.lineWidth(0.75).strokeColor(RULE);
  doc.rect(MARGIN, y, width, bottom - y).stroke();
  doc.rect(MARGIN + width + gap, y, width, bottom - y).stroke();
  return bottom + 14;
}

function headerRow(doc: Doc, columns: Column[], y: number): number {
  doc.font('bold').fontSize(BODY_SIZE);
  const height = Math.max(
    ...columns.map((c) => doc.heightOfString(c.header, { width: c.width - PAD_X * 2 })),
  );
  const rowHeight = height + PAD_Y * 2;
  doc.rect(MARGIN, y, contentWidth(doc), rowHeight).fill(HEADER_FILL);
  let x = MARGIN;
  doc.fillColor(INK);
  for (const column of columns) {
    doc.text(column.header, x + PAD_X, y + PAD_Y, { width: column.width - PAD_X * 2, align: column.align });
    x += column.width;
  }
  return y + rowHeight;
}

/** A cell: its text, or its text with a second, quieter line under it (a product and its option). */
type Cell = string | { main: string; sub: string };

function cellHeight(doc: Doc, cell: Cell, width: number): number {
  const options = { width, lineGap: LINE_GAP };
  if (typeof cell === 'string') return doc.heightOfString(cell, options);
  return doc.heightOfString(cell.main, options) + doc.heightOfString(cell.sub, options) + 1;
}

function drawCell(doc: Doc, cell: Cell, x: number, y: number, width: number, align: Align) {
  const options = { width, align, lineGap: LINE_GAP };
  if (typeof cell === 'string') {
    doc.fillColor(INK).text(cell, x, y, options);
    return;
  }
  doc.fillColor(INK).text(cell.main, x, y, options);
  doc.fillColor(MUTED).text(cell.sub, x, doc.y + 1, options);
}

/**
 * A table whose cells wrap within their column; a row that would cross the footer band moves to a new page,
 * which repeats the header row. Answers the y below the last row.
 */
function table(doc: Doc, columns: Column[], rows: Cell[][], top: number): number {
  let y = headerRow(doc, columns, top);
  for (const row of rows) {
    doc.font('regular').fontSize(BODY_SIZE);
    const height = Math.max(...columns.map((c, i) => cellHeight(doc, row[i] ?? '', c.width - PAD_X * 2)));
    const rowHeight = height + PAD_Y * 2 + 2;
    if (y + rowHeight > bodyBottom(doc)) {
      doc.addPage();
      y = headerRow(doc, columns, MARGIN);
      doc.font('regular').fontSize(BODY_SIZE);
    }
    let x = MARGIN;
    columns.forEach((column, i) => {
      drawCell(doc, row[i] ?? '', x + PAD_X, y + PAD_Y + 1, column.width - PAD_X * 2, column.align);
      x += column.width;
    });
    y += rowHeight;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + contentWidth(doc), y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  return y;
}

type TotalRow = { label: string; value: string; strong?: boolean; ruleAbove?: boolean };

/** The totals at the right under the lines, kept together on one page; answers the y below them. */
function totals(doc: Doc, rows: TotalRow[], top: number): number {
  const width = 260;
  const x = doc.page.width - MARGIN - width;
  const labelWidth = 150;
  const heightOf = (row: TotalRow) => {
    doc.font(row.strong ? 'bold' : 'regular').fontSize(row.strong ? 10.5 : BODY_SIZE);
    return Math.max(
      doc.heightOfString(row.label, { width: labelWidth - PAD_X }),
      doc.heightOfString(row.value, { width: width - labelWidth }),
    );
  };
  const needed = rows.reduce((sum, row) => sum + heightOf(row) + PAD_Y * 2, 0);
  let y = top + 8;
  if (y + needed > bodyBottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  for (const row of rows) {
    const height = heightOf(row);
    if (row.ruleAbove) {
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(row.strong ? 1 : 0.5)
        .strokeColor(row.strong ? INK : RULE)
        .stroke();
    }
    doc.font(row.strong ? 'bold' : 'regular').fontSize(row.strong ? 10.5 : BODY_SIZE);
    doc.fillColor(row.strong ? INK : MUTED).text(row.label, x, y + PAD_Y, { width: labelWidth - PAD_X });
    doc
      .fillColor(INK)
      .text(row.value, x + labelWidth, y + PAD_Y, { width: width - labelWidth, align: 'right' });
    y += height + PAD_Y * 2;
  }
  return y;
}

/** Short paragraphs below the totals, moved to a new page when they would cross the footer band. */
function notes(doc: Doc, lines: string[], top: number) {
  doc.font('regular').fontSize(8).fillColor(MUTED);
  const width = contentWidth(doc);
  const height = lines.reduce((sum, line) => sum + doc.heightOfString(line, { width }) + 2, 0);
  let y = top + 14;
  if (y + height > bodyBottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  for (const line of lines) {
    doc.text(line, MARGIN, y, { width });
    y = doc.y + 2;
  }
}

const address = (order: OrderDocument, w: DocumentWords) =>
  addressLine(order.buyer.addressDetail, order.buyer.postalCode, order.buyer.country, w.locale);

/** The buyer's PO number under the order number, when the order has one. */
const poRow = (order: OrderDocument, w: DocumentWords): [string, string][] =>
  order.poReference ? [[w.poReference, order.poReference]] : [];

const buyerRows = (order: OrderDocument, w: DocumentWords): [string, string][] => [
  [w.company, order.buyer.companyName],
  [w.businessRegNo, order.buyer.businessRegistrationNumber],
  [w.receiver, order.buyer.receiverName],
  [w.address, address(order, w)],
  [w.phone, order.buyer.phoneNumber],
  [w.email, order.buyer.email],
];

const sellerRows = (w: DocumentWords): [string, string][] => [
  [w.company, w.sellerName],
  [w.businessRegNo, SELLER.businessRegistrationNumber],
  [w.representative, w.sellerRepresentative],
  [w.address, w.sellerAddress],
  [w.email, SELLER.email],
];

/** Statuses an order reaches only once its payment was received: the order moves PAID, PREPARING, SHIPPED, DELIVERED. */
const PAID_STATUSES: readonly OrderDocument['status'][] = ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'];

/**
 * The invoice: pro-forma until the order is paid, then an invoice that says it was paid. Won orders show the
 * supply amount and the 10 % VAT of the VAT-inclusive total separately; dollar orders carry the fields of a
 * commercial invoice (seller, buyer, country of origin, currency). Memos that change the amount are lines between
 * the subtotal and the total.
 */
export function invoicePdf(order: OrderDocument): Promise<Buffer> {
  const won = order.currencyCode === 'KRW';
  const paid = PAID_STATUSES.includes(order.status);
  const w = invoiceWords(order.language, order.currencyCode);
  const name = w.invoiceName(paid);
  const doc = newDocument(`${name} ${order.orderNumber}`, w);
  let y = heading(doc, w.invoiceTitle(paid), w.invoiceSubtitle(paid, won), [
    [w.invoiceNo, `${paid ? 'INV' : 'PI'}-${order.orderNumber}`],
    [w.orderNumber, order.orderNumber],
    ...poRow(order, w),
    [w.orderDate, w.dateTime(order.orderedAt)],
    [w.status, w.statusName(order.status)],
    [w.currency, order.currencyCode],
  ]);
  y = parties(doc, y, [w.seller, sellerRows(w)], [w.buyer, buyerRows(order, w)]);
  if (!won) {
    doc.font('bold').fontSize(10).fillColor(INK);
    doc.text(w.countryOfOrigin, MARGIN, y, { width: contentWidth(doc) });
    doc.font('regular').fontSize(BODY_SIZE).fillColor(MUTED);
    doc.text(w.currencyUsd(order.currencyCode), MARGIN, doc.y + 2, { width: contentWidth(doc) });
    y = doc.y + 12;
  }

  const width = contentWidth(doc);
  const columns: Column[] = [
    { header: w.no, width: 28, align: 'right' },
    { header: w.description, width: width - 28 - 54 - 90 - 100, align: 'left' },
    { header: w.qty, width: 54, align: 'right' },
    { header: w.unitPrice(order.currencyCode), width: 90, align: 'right' },
    { header: w.amount(order.currencyCode), width: 100, align: 'right' },
  ];
  const rows = order.lines.map((line, i): Cell[] => [
    String(i + 1),
    { main: line.title, sub: line.sku ? `${line.option} · SKU ${line.sku}` : line.option },
    w.count(line.quantity),
    money(line.unitPrice, order.currencyCode),
    money(line.amount, order.currencyCode),
  ]);
  y = table(doc, columns, rows, y);

  const amounts = invoiceAmounts(order);
  const totalRows: TotalRow[] = [{ label: w.subtotal, value: money(amounts.goods, order.currencyCode) }];
  for (const adjustment of amounts.adjustments) {
    totalRows.push({ label: adjustment.label, value: money(adjustment.amount, order.currencyCode) });
  }
  if (amounts.vatSplit) {
    const { supply, vat } = amounts.vatSplit;
    totalRows.push(
      { label: w.supplyAmount, value: money(supply, 'KRW'), ruleAbove: true },
      { label: w.vat, value: money(vat, 'KRW') },
      { label: w.totalVatIncluded, value: money(amounts.total, 'KRW'), strong: true, ruleAbove: true },
    );
  } else {
    totalRows.push({
      label: w.total(order.currencyCode),
      value: money(amounts.total, order.currencyCode),
      strong: true,
      ruleAbove: true,
    });
  }
  y = totals(doc, totalRows, y);

  notes(doc, [w.paidNote(paid), won ? w.vatNote : w.originNote], y);
  return finish(doc, `${w.sellerName} · ${name} ${order.orderNumber}`, w);
}

/** The packing list: what goes in the box and to whom, without prices. */
export function packingListPdf(order: OrderDocument): Promise<Buffer> {
  const w = packingListWords(order.language);
  const doc = newDocument(`${w.packingName} ${order.orderNumber}`, w);
  let y = heading(doc, w.packingTitle, w.sellerName, [
    [w.orderNumber, order.orderNumber],
    ...poRow(order, w),
    [w.orderDate, w.dateTime(order.orderedAt)],
    [w.status, w.statusName(order.status)],
    ...((order.shipment
      ? [
          [w.shipment, String(order.shipment.number)],
          [w.carrier, order.shipment.carrier || '-'],
          [w.trackingNo, order.shipment.trackingNumber || '-'],
        ]
      : []) as [string, string][]),
  ]);
  y = parties(
    doc,
    y,
    [
      w.shipTo,
      [
        [w.receiver, order.buyer.receiverName],
        [w.company, order.buyer.companyName],
        [w.address, address(order, w)],
        [w.phone, order.buyer.phoneNumber],
      ],
    ],
    [
      w.shippedBy,
      [
        [w.company, w.sellerName],
        [w.address, w.sellerAddress],
        [w.email, SELLER.email],
      ],
    ],
  );
  const width = contentWidth(doc);
  const columns: Column[] = [
    { header: w.no, width: 28, align: 'right' },
    { header: w.sku, width: 84, align: 'left' },
    { header: w.product, width: width - 28 - 84 - 130 - 60 - 50, align: 'left' },
    { header: w.option, width: 130, align: 'left' },
    { header: w.quantity, width: 60, align: 'right' },
    { header: w.checked, width: 50, align: 'center' },
  ];
  const rows = order.lines.map((line, i) => [
    String(i + 1),
    line.sku,
    line.title,
    line.option,
    w.count(line.quantity),
    // Left blank for the packer's tick.
    '',
  ]);
  y = table(doc, columns, rows, y);
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  totals(
    doc,
    [
      { label: w.lines, value: w.count(order.lines.length) },
      { label: w.totalQuantity, value: w.count(pieces), strong: true, ruleAbove: true },
    ],
    y,
  );
  return finish(doc, `${w.sellerName} · ${w.packingName} ${order.orderNumber}`, w);
}
