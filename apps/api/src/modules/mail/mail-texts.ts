import {
  changedLineLabel,
  contractTexts,
  contractTextsKo,
  formatPrice,
  type Language,
  lineChangeSummary,
  type OrderLineChange,
  type OrderStatus,
} from '@kshop/contract';

/** A mail's words; who it goes to is the sender's business. */
export type MailText = { subject: string; text: string };

/** A parcel as the mails name it. */
export type ParcelText = {
  carrier: string;
  trackingNumber: string;
  lines: { label: string; quantity: number }[];
};

export type AccountDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';

/**
 * Every mail the shop sends a buyer, in each of its languages (the member's choice, `buyers.language`; the code
 * mail before sign-up takes the language the request asked in). Korean is business Korean in 합니다체 with the
 * glossary's words (docs/glossary.md); order numbers, amounts, product names and tracking numbers stay as they are.
 */
export type BuyerMails = {
  verificationCode: (code: string) => MailText;
  temporaryPassword: (password: string, minutes: number) => MailText;
  /** `poReference`: the buyer's own purchase-order number (issue 35), named when the order has one. */
  orderReceived: (
    orderNumber: string,
    total: string,
    preorders: readonly PreorderLine[],
    poReference?: string | null,
  ) => MailText;
  /** `preorders`: the order's pre-order lines still to ship, with their dates (issue 34). */
  statusChange: (
    orderNumber: string,
    status: OrderStatus,
    reason: string | null,
    parcels: ParcelText[],
    preorders: readonly PreorderLine[],
    poReference?: string | null,
  ) => MailText;
  shipped: (orderNumber: string, parcels: ParcelText[]) => MailText;
  partlyShipped: (
    orderNumber: string,
    parcel: ParcelText,
    open: { label: string; open: number; quantity: number }[],
    preorders: readonly PreorderLine[],
  ) => MailText;
  lineChanged: (orderNumber: string, change: OrderLineChange) => MailText;
  /** A pre-order's share of goods that arrived (issue 34): allocated, kept on backorder, cut. */
  allocation: (orderNumber: string, item: string, share: AllocationShare) => MailText;
  backInStock: (title: string, option: string, link: string) => MailText;
  decision: (decision: AccountDecision, companyName: string, note: string) => MailText;
};

/** A pre-order line of an order, with its product's release and planned ship dates (YYYY-MM-DD or null). */
export type PreorderLine = { item: string; releaseDate: string | null; shipsOn: string | null };

export type AllocationShare = { ordered: number; allocated: number; kept: number; cut: number };

/** A line edit's amounts as the mails write them, in the order's currency. */
const amountsOf = (c: OrderLineChange) => ({
  unitPrice: formatPrice(c.unitPrice, c.currencyCode),
  total: formatPrice(c.finalAmountAfter, c.currencyCode),
  totalBefore: formatPrice(c.finalAmountBefore, c.currencyCode),
});

const lines = (parcels: ParcelText[], parcelLine: (p: ParcelText) => string) =>
  parcels
    .map((p) => `- ${parcelLine(p)}\n${p.lines.map((l) => `    ${l.label} × ${l.quantity}`).join('\n')}`)
    .join('\n');

const englishParcel = (p: ParcelText) =>
  `${p.carrier || 'Carrier not given'}${p.trackingNumber ? `, tracking number ${p.trackingNumber}` : ''}`;
const koreanParcel = (p: ParcelText) =>
  `${p.carrier || '택배사 미입력'}${p.trackingNumber ? `, 송장번호 ${p.trackingNumber}` : ''}`;

/** The pre-order lines a mail lists with their release and planned ship dates, under a heading; '' for none. */
const preorderBlock =
  (heading: string, released: string, ships: string) => (preorders: readonly PreorderLine[]) =>
    preorders.length
      ? `\n\n${heading}\n${preorders
          .map((p) =>
            [
              `- ${p.item}`,
              ...(p.releaseDate ? [`${released} ${p.releaseDate}`] : []),
              ...(p.shipsOn ? [`${ships} ${p.shipsOn}`] : []),
            ].join(', '),
          )
          .join('\n')}`
      : '';
/** The buyer's PO number on a line of its own, under the mail's first sentence; '' when the order has none. */
const poLine = (label: string) => (poReference: string | null | undefined) =>
  poReference ? `\n${label}: ${poReference}` : '';
const englishPo = poLine('Your PO number');
const koreanPo = poLine('귀사 발주번호');

const englishPreorders = preorderBlock(
  'Pre-orders ship once the goods arrive:',
  'release date',
  'ships from',
);
const koreanPreorders = preorderBlock('예약 상품은 입고 후 출고됩니다:', '발매일', '출고 예정일');

const english: BuyerMails = {
  verificationCode: (code) => ({
    subject: 'Your K-Shop verification code',
    text: `Your verification code is ${code}.\nIt is valid for 3 minutes. If you did not ask for it, ignore this mail.`,
  }),
  temporaryPassword: (password, minutes) => ({
    subject: 'Your K-Shop temporary password',
    // Short lines keep the mail in plain 7-bit text, so the password reads exactly as sent.
    text: [
      `Your temporary password is ${password}`,
      `It works for ${minutes} minutes. Until you log in with it,`,
      'your current password keeps working.',
      'Please log in and change it in My Page > My Account.',
    ].join('\n'),
  }),
  orderReceived: (orderNumber, total, preorders, poReference) => ({
    subject: `Order ${orderNumber} received`,
    text:
      `Thank you for your order ${orderNumber} (${total}).${englishPo(poReference)}\nA person in charge will contact you about the receipt and the tax invoice.` +
      englishPreorders(preorders),
  }),
  statusChange: (orderNumber, status, reason, parcels, preorders, poReference) => {
    const label = contractTexts.orderStatusLabels[status];
    return {
      subject: `Order ${orderNumber}: ${label}`,
      text:
        `Your order ${orderNumber} is now ${label} (${status}).` +
        englishPo(poReference) +
        (reason ? `\nReason: ${reason}` : '') +
        (parcels.length ? `\n\nShipments:\n${lines(parcels, englishParcel)}` : '') +
        englishPreorders(preorders),
    };
  },
  shipped: (orderNumber, parcels) => ({
    subject: `Order ${orderNumber}: Shipped`,
    text: `Your order ${orderNumber} is now Shipped (SHIPPED).\n\nShipments:\n${lines(parcels, englishParcel)}`,
  }),
  partlyShipped: (orderNumber, parcel, open, preorders) => ({
    subject: `Order ${orderNumber}: part of your order has shipped`,
    text:
      `Part of your order ${orderNumber} has shipped.\n\n` +
      `${lines([parcel], englishParcel)}\n\n` +
      `Still to ship:\n${open.map((o) => `    ${o.label} × ${o.open} (of ${o.quantity})`).join('\n')}` +
      englishPreorders(preorders),
  }),
  lineChanged: (orderNumber, c) => {
    const { unitPrice, total, totalBefore } = amountsOf(c);
    return {
      subject: `Order ${orderNumber} changed`,
      text: [
        `Your order ${orderNumber} was changed by the shop:`,
        // The order's timeline says the same sentence.
        `${lineChangeSummary(c)} (quantity ${c.fromQuantity} → ${c.toQuantity}, ${unitPrice} each).`,
        `New total: ${total} (was ${totalBefore}).`,
      ].join('\n'),
    };
  },
  allocation: (orderNumber, item, s) => ({
    subject: `Order ${orderNumber}: your pre-order's share of the delivery`,
    text: [
      `The goods for your pre-order in order ${orderNumber} have arrived, and were shared among the pre-orders:`,
      `${item}: ${s.allocated} of ${s.ordered} allocated to you; they ship with your order.`,
      ...(s.kept > 0 ? [`${s.kept} stay on backorder and are filled first when more arrive.`] : []),
      ...(s.cut > 0
        ? [`${s.cut} could not be supplied and were cancelled, as you chose; your total was lowered.`]
        : []),
    ].join('\n'),
  }),
  backInStock: (title, option, link) => ({
    subject: `${contractTexts.stockAlertMessages.mailSubject}: ${title}`,
    text:
      `${title} (${option}) can be ordered again.\n\n` +
      `Order it here: ${link}\n\n` +
      'You asked to be told once when this option is back in stock; this is that one mail.',
  }),
  decision: (decision, company, note) => {
    const said = note ? `\nReason: ${note}` : '';
    if (decision === 'approve')
      return {
        subject: 'Your K-Shop wholesale account is approved',
        text: `Welcome, ${company}.\nYour account is approved: log in to see wholesale prices and place orders.${note ? `\n\n${note}` : ''}`,
      };
    if (decision === 'reject')
      return {
        subject: 'Your K-Shop wholesale account application',
        text: `We could not approve the account of ${company}.${said}\nPlease contact us if you have questions.`,
      };
    if (decision === 'suspend')
      return {
        subject: 'Your K-Shop wholesale account is suspended',
        text: `The account of ${company} is suspended.${said}\nPlease contact us.`,
      };
    return {
      subject: 'Your K-Shop wholesale account is active again',
      text: `The account of ${company} is active again. Welcome back.${note ? `\n\n${note}` : ''}`,
    };
  },
};

const korean: BuyerMails = {
  verificationCode: (code) => ({
    subject: '[K-Shop] 이메일 인증번호',
    text: `인증번호는 ${code}입니다.\n3분 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시해 주십시오.`,
  }),
  temporaryPassword: (password, minutes) => ({
    subject: '[K-Shop] 임시 비밀번호',
    text: [
      `임시 비밀번호는 ${password} 입니다.`,
      `${minutes}분 동안 사용할 수 있으며, 임시 비밀번호로 로그인하기 전까지는`,
      '기존 비밀번호도 그대로 사용할 수 있습니다.',
      '로그인한 뒤 마이페이지 > 회원 정보에서 비밀번호를 변경해 주십시오.',
    ].join('\n'),
  }),
  orderReceived: (orderNumber, total, preorders, poReference) => ({
    subject: `[K-Shop] 주문 ${orderNumber} 접수`,
    text:
      `주문 ${orderNumber}(${total})이 접수되었습니다. 감사합니다.${koreanPo(poReference)}\n담당자가 영수증과 세금계산서에 대해 연락드리겠습니다.` +
      koreanPreorders(preorders),
  }),
  statusChange: (orderNumber, status, reason, parcels, preorders, poReference) => {
    const label = contractTextsKo.orderStatusLabels[status];
    return {
      subject: `[K-Shop] 주문 ${orderNumber}: ${label}`,
      text:
        `주문 ${orderNumber}의 상태가 변경되었습니다: ${label}` +
        koreanPo(poReference) +
        (reason ? `\n사유: ${reason}` : '') +
        (parcels.length ? `\n\n출고 내역:\n${lines(parcels, koreanParcel)}` : '') +
        koreanPreorders(preorders),
    };
  },
  shipped: (orderNumber, parcels) => ({
    subject: `[K-Shop] 주문 ${orderNumber}: 출고 완료`,
    text: `주문 ${orderNumber}의 모든 상품이 출고되었습니다.\n\n출고 내역:\n${lines(parcels, koreanParcel)}`,
  }),
  partlyShipped: (orderNumber, parcel, open, preorders) => ({
    subject: `[K-Shop] 주문 ${orderNumber}: 일부 상품 출고`,
    text:
      `주문 ${orderNumber}의 일부 상품이 출고되었습니다.\n\n` +
      `${lines([parcel], koreanParcel)}\n\n` +
      `출고 예정:\n${open.map((o) => `    ${o.label} × ${o.open} (주문 수량 ${o.quantity})`).join('\n')}` +
      koreanPreorders(preorders),
  }),
  allocation: (orderNumber, item, s) => ({
    subject: `[K-Shop] 주문 ${orderNumber} 예약 상품 배분 안내`,
    text: [
      `주문 ${orderNumber}의 예약 상품이 입고되어 예약 주문별로 배분되었습니다:`,
      `${item}: 주문 ${s.ordered}개 중 ${s.allocated}개가 배분되어 주문과 함께 출고됩니다.`,
      ...(s.kept > 0 ? [`${s.kept}개는 이월 주문(백오더)으로 유지되며, 추가 입고 시 우선 배분됩니다.`] : []),
      ...(s.cut > 0
        ? [`${s.cut}개는 공급되지 않아 선택하신 대로 취소되었으며, 합계 금액이 조정되었습니다.`]
        : []),
    ].join('\n'),
  }),
  lineChanged: (orderNumber, c) => {
    const { unitPrice, total, totalBefore } = amountsOf(c);
    const what = changedLineLabel(c);
    const summary =
      c.kind === 'LINE_ADDED'
        ? `${what} × ${c.toQuantity} 추가`
        : c.kind === 'LINE_REMOVED'
          ? `${what} 삭제(기존 × ${c.fromQuantity})`
          : `${what} 수량 변경: ${c.fromQuantity} → ${c.toQuantity}`;
    return {
      subject: `[K-Shop] 주문 ${orderNumber} 변경 안내`,
      text: [
        `주문 ${orderNumber}의 내용이 변경되었습니다:`,
        `${summary} (수량 ${c.fromQuantity} → ${c.toQuantity}, 단가 ${unitPrice}).`,
        `변경 후 합계: ${total} (변경 전 ${totalBefore}).`,
      ].join('\n'),
    };
  },
  backInStock: (title, option, link) => ({
    subject: `[K-Shop] ${contractTextsKo.stockAlertMessages.mailSubject}: ${title}`,
    text:
      `${title} (${option}) 상품을 다시 주문할 수 있습니다.\n\n` +
      `주문하기: ${link}\n\n` +
      '요청하신 재입고 알림은 한 번만 보내 드리며, 이 메일이 그 알림입니다.',
  }),
  decision: (decision, company, note) => {
    const said = note ? `\n사유: ${note}` : '';
    if (decision === 'approve')
      return {
        subject: '[K-Shop] 도매 회원 승인 안내',
        text: `${company} 님, 환영합니다.\n회원 승인이 완료되었습니다. 로그인하시면 도매가를 확인하고 주문하실 수 있습니다.${note ? `\n\n${note}` : ''}`,
      };
    if (decision === 'reject')
      return {
        subject: '[K-Shop] 도매 회원 가입 신청 결과',
        text: `${company}의 회원 가입 신청을 승인하지 못했습니다.${said}\n궁금하신 점은 문의해 주십시오.`,
      };
    if (decision === 'suspend')
      return {
        subject: '[K-Shop] 도매 회원 이용 정지 안내',
        text: `${company} 계정의 이용이 정지되었습니다.${said}\n문의해 주십시오.`,
      };
    return {
      subject: '[K-Shop] 도매 회원 이용 재개 안내',
      text: `${company} 계정을 다시 이용하실 수 있습니다. 다시 찾아 주셔서 감사합니다.${note ? `\n\n${note}` : ''}`,
    };
  },
};

const MAILS: Record<Language, BuyerMails> = { en: english, ko: korean };

/** The buyer mails in `language`; a value the shop does not speak (an old row, a mistake) reads as English. */
export const buyerMails = (language: string | null | undefined): BuyerMails =>
  MAILS[language as Language] ?? english;
