import { contractTexts, contractTextsKo, type Language, type OrderStatus } from '@kshop/contract';
import { COUNTRY_OF_ORIGIN, SELLER } from './documents.constants.js';
import { koreanDateTime, koreanLongDateTime } from './documents.format.js';

/**
 * The words of the invoice and the packing list in each language the shop speaks. A document speaks its buyer's
 * language (`buyers.language`), except the commercial invoice of a dollar order, which customs and foreign banks
 * read: it stays in English. Product names, option values, SKUs and the buyer's own details print as entered.
 */
export type DocumentWords = {
  page: (page: number, count: number) => string;
  invoiceName: (paid: boolean) => string;
  invoiceTitle: (paid: boolean) => string;
  invoiceSubtitle: (paid: boolean, won: boolean) => string;
  invoiceNo: string;
  orderNumber: string;
  /** The buyer's own purchase-order number (issue 35). */
  poReference: string;
  orderDate: string;
  status: string;
  statusName: (status: OrderStatus) => string;
  currency: string;
  seller: string;
  buyer: string;
  company: string;
  businessRegNo: string;
  receiver: string;
  representative: string;
  address: string;
  phone: string;
  email: string;
  countryOfOrigin: string;
  currencyUsd: (code: string) => string;
  no: string;
  description: string;
  qty: string;
  unitPrice: (code: string) => string;
  amount: (code: string) => string;
  subtotal: string;
  supplyAmount: string;
  vat: string;
  totalVatIncluded: string;
  total: (code: string) => string;
  paidNote: (paid: boolean) => string;
  vatNote: string;
  originNote: string;
  packingName: string;
  packingTitle: string;
  shipment: string;
  carrier: string;
  trackingNo: string;
  shipTo: string;
  shippedBy: string;
  sku: string;
  product: string;
  option: string;
  quantity: string;
  checked: string;
  lines: string;
  totalQuantity: string;
  /** The seller as this language writes it. */
  sellerName: string;
  sellerRepresentative: string;
  sellerAddress: string;
  /** Which language country names are written in. */
  locale: string;
  dateTime: (at: Date) => string;
  count: (n: number) => string;
};

const ENGLISH: DocumentWords = {
  page: (page, count) => `Page ${page} of ${count}`,
  invoiceName: (paid) => (paid ? 'Invoice' : 'Pro-forma invoice'),
  invoiceTitle: (paid) => (paid ? 'INVOICE' : 'PRO-FORMA INVOICE'),
  invoiceSubtitle: (paid, won) =>
    paid
      ? won
        ? 'Paid. Amounts in Korean won, VAT included.'
        : 'Commercial invoice, paid.'
      : won
        ? 'Issued before payment. Amounts in Korean won, VAT included.'
        : 'Commercial invoice, issued before payment.',
  invoiceNo: 'Invoice no.',
  orderNumber: 'Order number',
  poReference: 'Your PO number',
  orderDate: 'Order date',
  status: 'Status',
  statusName: (status) => contractTexts.orderStatusLabels[status],
  currency: 'Currency',
  seller: 'Seller',
  buyer: 'Buyer',
  company: 'Company',
  businessRegNo: 'Business reg. no.',
  receiver: 'Receiver',
  representative: 'Representative',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  countryOfOrigin: `Country of origin: ${COUNTRY_OF_ORIGIN}`,
  currencyUsd: (code) => `Currency: ${code} (United States dollar)`,
  no: 'No.',
  description: 'Description',
  qty: 'Qty',
  unitPrice: (code) => `Unit price (${code})`,
  amount: (code) => `Amount (${code})`,
  subtotal: 'Subtotal',
  supplyAmount: 'Supply amount',
  vat: 'VAT (10%)',
  totalVatIncluded: 'Total (VAT included)',
  total: (code) => `Total (${code})`,
  paidNote: (paid) =>
    paid
      ? 'Payment for this order was received in full.'
      : 'This pro-forma invoice is issued before payment; the person in charge confirms the order and the payment.',
  vatNote:
    'Prices include 10% VAT: supply amount = total / 1.1, rounded to the won; VAT = total - supply amount.',
  originNote: `Goods of ${COUNTRY_OF_ORIGIN} origin, shipped from the Republic of Korea.`,
  packingName: 'Packing list',
  packingTitle: 'PACKING LIST',
  shipment: 'Shipment',
  carrier: 'Carrier',
  trackingNo: 'Tracking no.',
  shipTo: 'Ship to',
  shippedBy: 'Shipped by',
  sku: 'SKU',
  product: 'Product',
  option: 'Option',
  quantity: 'Quantity',
  checked: 'Checked',
  lines: 'Lines',
  totalQuantity: 'Total quantity',
  sellerName: SELLER.name,
  sellerRepresentative: SELLER.representative,
  sellerAddress: SELLER.address,
  locale: 'en',
  dateTime: koreanDateTime,
  count: (n) => n.toLocaleString('en-US'),
};

const KOREAN: DocumentWords = {
  page: (page, count) => `${page} / ${count}쪽`,
  invoiceName: (paid) => (paid ? '인보이스' : '견적 인보이스'),
  invoiceTitle: (paid) => (paid ? '인보이스' : '견적 인보이스'),
  invoiceSubtitle: (paid, won) =>
    paid
      ? won
        ? '결제 완료. 금액은 원화이며 부가세가 포함되어 있습니다.'
        : '상업 송장, 결제 완료.'
      : won
        ? '결제 전 발행. 금액은 원화이며 부가세가 포함되어 있습니다.'
        : '상업 송장, 결제 전 발행.',
  invoiceNo: '인보이스 번호',
  orderNumber: '주문번호',
  poReference: '귀사 발주번호',
  orderDate: '주문일시',
  status: '주문 상태',
  statusName: (status) => contractTextsKo.orderStatusLabels[status],
  currency: '통화',
  seller: '공급자',
  buyer: '공급받는 자',
  company: '업체명',
  businessRegNo: '사업자등록번호',
  receiver: '수령인',
  representative: '대표자',
  address: '주소',
  phone: '전화번호',
  email: '이메일',
  countryOfOrigin: '원산지: 대한민국',
  currencyUsd: (code) => `통화: ${code}(미국 달러)`,
  no: '번호',
  description: '품목',
  qty: '수량',
  unitPrice: (code) => `단가(${code})`,
  amount: (code) => `금액(${code})`,
  subtotal: '상품 합계',
  supplyAmount: '공급가액',
  vat: '부가세(10%)',
  totalVatIncluded: '합계(부가세 포함)',
  total: (code) => `합계(${code})`,
  paidNote: (paid) =>
    paid
      ? '이 주문의 결제가 모두 완료되었습니다.'
      : '이 견적 인보이스는 결제 전에 발행되었습니다. 주문과 결제는 담당자가 확인합니다.',
  vatNote:
    '가격에는 부가세 10%가 포함되어 있습니다. 공급가액 = 합계 / 1.1(원 단위 반올림), 부가세 = 합계 - 공급가액.',
  originNote: '대한민국산 상품이며, 대한민국에서 출고됩니다.',
  packingName: '패킹리스트',
  packingTitle: '패킹리스트',
  shipment: '출고 차수',
  carrier: '택배사',
  trackingNo: '송장번호',
  shipTo: '받는 곳',
  shippedBy: '보내는 곳',
  sku: 'SKU',
  product: '상품',
  option: '옵션',
  quantity: '수량',
  checked: '확인',
  lines: '품목 수',
  totalQuantity: '총 수량',
  sellerName: '주식회사 케이샵',
  sellerRepresentative: '홍길동',
  sellerAddress: '서울특별시 강남구 테헤란로 123',
  locale: 'ko',
  dateTime: koreanLongDateTime,
  count: (n) => n.toLocaleString('ko-KR'),
};

const WORDS: Record<Language, DocumentWords> = { en: ENGLISH, ko: KOREAN };

/** The packing list's words: the buyer's language. */
export const packingListWords = (language: string): DocumentWords => WORDS[language as Language] ?? ENGLISH;

/** The invoice's words: the buyer's language for a won order; a dollar order's commercial invoice in English. */
export const invoiceWords = (language: string, currencyCode: string): DocumentWords =>
  currencyCode === 'KRW' ? packingListWords(language) : ENGLISH;
