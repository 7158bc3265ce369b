import { atLeastZero } from '../schemas/order-edits.js';
import { INT_RANGE } from '../schemas/primitives.js';
import { buyerTextsKo } from './ko.js';
import type { ContractTexts, staffTexts } from './staff-texts.js';
import type { Localized } from './texts.js';

/** The back office's texts in Korean: 합니다체, the glossary's words (docs/glossary.md). */
export const staffTextsKo: Localized<typeof staffTexts> = {
  orderRules: {
    reasonMax: 500,
    confirmNeedsPersonInCharge: '주문을 확정하기 전에 담당자를 지정해 주십시오.',
    cancelNeedsReason: '주문 취소 사유를 입력해 주십시오.',
    memosClosed: (status) => `${status} 상태의 주문은 메모를 추가, 수정 또는 무효 처리할 수 없습니다.`,
    memoVoided: '무효 처리된 메모는 수정할 수 없습니다.',
    memoNotFound: '이 주문에 없는 메모입니다.',
    staffAssignOnlySelf:
      '직원은 자기 자신만 담당자로 지정할 수 있습니다. 다른 직원 지정은 대표 관리자만 할 수 있습니다.',
    keepPersonInCharge:
      '확정된 주문에는 담당자가 있어야 합니다. 담당자를 비우지 말고 다른 직원을 지정해 주십시오.',
  },
  shipmentRules: {
    carrierMax: 60,
    trackingMax: 60,
    linesMax: 200,
    carriers: ['CJ대한통운', '한진택배', '롯데택배', '우체국택배', 'EMS', 'DHL', 'FedEx', 'UPS'],
    carrierRequired: '택배사를 입력해 주십시오.',
    trackingRequired: '송장번호를 입력해 주십시오.',
    linesRequired: '출고할 품목과 수량을 하나 이상 선택해 주십시오.',
    duplicateLine: '한 출고에 같은 주문 품목은 한 번만 넣을 수 있습니다.',
    unknownLine: '이 주문에 없는 품목입니다.',
    tooMany: (title, open) => `${title}의 남은 출고 수량은 ${open}개입니다.`,
    onlyWithShipped: '택배사와 송장번호는 출고 완료(SHIPPED) 상태에서만 입력할 수 있습니다.',
    notShippable: (status) =>
      `${status} 상태의 주문은 출고할 수 없습니다. 출고는 CONFIRMED, PAID, PREPARING 상태의 주문만 가능합니다.`,
    notArrived: (title) =>
      `${title}은(는) 예약 상품으로 아직 입고 수량이 부족합니다. 입고를 먼저 기록해 주십시오.`,
  },
  orderEditRules: {
    closedStatuses: ['SHIPPED', 'DELIVERED', 'CANCELLED'],
    closed: (status) => `${status} 상태의 주문은 품목을 변경할 수 없습니다.`,
    lineNotFound: '이 주문에 없는 품목입니다.',
    lastLine: '주문의 마지막 품목입니다. 삭제하지 말고 주문을 취소해 주십시오.',
    removeShipped: (shipped) =>
      `이 품목은 이미 ${shipped}개가 출고되어 삭제할 수 없습니다. 수량은 ${shipped}개까지만 줄일 수 있습니다.`,
    belowShipped: (shipped) => `수량: 이미 ${shipped}개가 출고되어 ${shipped}개 미만으로 줄일 수 없습니다.`,
    optionNotFound: '상품 옵션을 찾을 수 없습니다.',
    notOrderable: (title) => `${title}은(는) 지금 주문할 수 없습니다. 판매 중이 아니거나 품절입니다.`,
    notEnoughStock: (title, available) =>
      `수량: ${title}의 추가 가능 수량은 ${atLeastZero(available)}개입니다.`,
    unchanged: '수량: 이미 같은 수량입니다.',
    quantityRule: `수량: ${INT_RANGE.quantity.min} 이상 ${INT_RANGE.quantity.max} 이하의 정수로 입력해 주십시오.`,
  },
  takenOrders: {
    placed: '바이어 대신 주문을 등록했습니다.',
    buyerNotFound: '바이어를 찾을 수 없습니다.',
    buyerNotApproved: (status) => `승인된 바이어만 주문할 수 있습니다. 이 바이어의 상태는 ${status}입니다.`,
    addressNotFound: '배송지: 이 바이어에게 해당 배송지가 없습니다.',
    duplicateLine: '한 주문에 같은 옵션은 한 번만 담을 수 있습니다.',
    outsideWindowNote: (reason) => `주문 기간 외 주문: ${reason}`,
  },
  accounts: {
    invalidLogin: '이메일 또는 비밀번호가 올바르지 않습니다.',
    changePasswordFirst: '먼저 일회용 비밀번호를 변경해 주십시오.',
    ownerOnly: '대표 관리자만 할 수 있습니다.',
    exists: '이미 같은 이메일의 직원 계정이 있습니다.',
    wrongCurrentPassword: '현재 비밀번호가 올바르지 않습니다.',
    lastOwner: '활성 상태의 대표 관리자가 한 명 이상 있어야 합니다.',
  },
  allocation: {
    receiptRecorded: '입고를 기록했습니다.',
    allocatedOnReceipt: (lines, units) =>
      `입고를 기록했습니다. 기다리던 예약 주문을 모두 채울 수 있어 ${lines}건(${units}개)을 전량 배분했으며, 각 바이어에게 메일을 보냅니다.`,
    committed: '배분을 확정했습니다.',
    nothingWaiting: '입고를 기다리는 이 옵션의 예약 주문이 없습니다.',
    nothingOnHand: '배분할 재고가 없습니다. 먼저 입고를 기록해 주십시오.',
    stale: '미리보기 이후 예약 주문이나 재고가 바뀌었습니다. 새 미리보기를 확인하고 다시 확정해 주십시오.',
    belowAllocated: (allocated) => `예약 주문 품목은 배분된 수량(${allocated})보다 줄일 수 없습니다.`,
    summary: (title, allocated, ordered) => `${title}: 주문 ${ordered}개 중 ${allocated}개 배분.`,
    kept: (units) => `${units}개는 이월 주문(백오더)으로 유지됩니다.`,
    cut: (units) => `${units}개는 취소되었습니다.`,
  },
  catalogue: {
    productNotFound: '상품을 찾을 수 없습니다.',
    secondKeyAllOrNone: '두 번째 옵션명은 모든 옵션에 넣거나 모든 옵션에서 비워 주십시오.',
    sameKeys: '한 상품의 모든 옵션은 같은 옵션명을 사용해야 합니다.',
    needsSecondValue: (value, key) => `옵션 '${value}'에 ${key} 값을 입력해 주십시오.`,
    comparedPrice: '비교 가격은 판매가 이상이어야 합니다.',
    usdDecimals: 'USD 가격은 소수점 둘째 자리까지만 입력할 수 있습니다.',
    sameValues: '두 옵션의 값이 같습니다.',
    oneDefault: '기본 옵션은 하나만 지정할 수 있습니다.',
    skuTwice: (sku) => `SKU ${sku}가 두 옵션에 있습니다. 옵션마다 다른 SKU를 입력해 주십시오.`,
    skuTaken: (sku) => `SKU ${sku}는 이미 다른 옵션에서 사용하고 있습니다.`,
    categoryUnknown: '있는 카테고리를 선택해 주십시오.',
    artistUnknown: (artists) => `알 수 없는 아티스트입니다: ${artists}.`,
    salesWindow: '판매 종료일이 시작일보다 빠릅니다.',
    eventWindow: '이벤트 종료일이 시작일보다 빠릅니다.',
    notAnImage: (url) => `업로드된 상품 이미지가 아닙니다: ${url}`,
    optionOfAnother: '다른 상품의 옵션입니다.',
    stockBelowHold: (held) => `재고는 진행 중인 주문이 잡고 있는 수량(${held})보다 적을 수 없습니다.`,
    preorderCapWhole: '예약 주문 한도는 정수로 입력해 주십시오(비워 두면 한도가 없습니다).',
    buyerCapAtLeastOne: '업체당 한도는 1 이상이어야 합니다(비워 두면 한도가 없습니다).',
    capBelowTaken: (taken) => `예약 주문 한도는 진행 중인 예약 주문 수량(${taken})보다 적을 수 없습니다.`,
    optionHeld: (value) => `옵션 '${value}'은(는) 진행 중인 주문에 잡혀 있어 삭제할 수 없습니다.`,
    productHeld: '진행 중인 주문에 잡혀 있는 상품입니다. 주문이 출고되거나 취소된 뒤 삭제할 수 있습니다.',
    parentUnknown: '있는 상위 카테고리를 선택해 주십시오.',
    categoryInUse: '카테고리에 상품이나 하위 카테고리가 남아 있습니다.',
    categoryNotFound: '카테고리를 찾을 수 없습니다.',
    artistCategoryNotFound: '아티스트 카테고리를 찾을 수 없습니다.',
    artistNotFound: '아티스트를 찾을 수 없습니다.',
    groupNotFound: '가격 그룹을 찾을 수 없습니다.',
    groupNameTaken: (name) => `이름이 ${name}인 가격 그룹이 이미 있습니다.`,
    groupInUse: '이 가격 그룹에 바이어가 있습니다. 먼저 다른 그룹으로 옮겨 주십시오.',
    standardGroup: '기본(Standard) 가격 그룹은 삭제할 수 없습니다.',
    optionNotFound: '상품 옵션을 찾을 수 없습니다.',
    tiersNotIncreasing: '수량이 많을수록 할인율도 커야 합니다.',
    buyerNotFound: '바이어를 찾을 수 없습니다.',
    chooseGroup: '있는 가격 그룹을 선택해 주십시오.',
  },
};

/** Every text of the contract in Korean. */
export const contractTextsKo: Localized<ContractTexts> = { ...buyerTextsKo, staff: staffTextsKo };
