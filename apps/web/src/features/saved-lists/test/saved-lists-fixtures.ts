import { QUICK_ORDER_MESSAGES, type SavedListData, type SavedListLine } from '@kshop/contract';
import { checkedLine } from '../../quick-order/test/quick-order-fixtures';

export { type Call, stubQuickOrderApi as stubApi } from '../../quick-order/test/quick-order-fixtures';

export const LIST_UUID = '33333333-0000-4000-8000-000000000001';

export const summary = (overrides: Partial<SavedListData> = {}) => ({
  uuid: LIST_UUID,
  name: 'Weekly restock',
  lineCount: 2,
  pieceCount: 7,
  updatedAt: '2026-11-27T06:05:00.000Z',
  ...overrides,
});

/** A line of 'NOVA9 1st Album', version `value`, as the list answers it (checked as quick order checks). */
export function listLine(
  value: string,
  index: number,
  quantity: number,
  overrides: Partial<SavedListLine> = {},
) {
  const check = checkedLine(`KS00000${index}`, [index], { askedQuantity: quantity, quantity });
  const line: SavedListLine = {
    productOptionUuid: check.product!.productOptionUuid,
    productUuid: check.product!.productUuid,
    title: 'NOVA9 1st Album',
    optionNameValue1: value,
    optionNameValue2: null,
    sku: `KS00000${index}`,
    quantity,
    check,
    ...overrides,
  };
  return line;
}

export const soldOutLine = (value: string, index: number, quantity: number) =>
  listLine(value, index, quantity, {
    check: {
      ...checkedLine(`KS00000${index}`, [index], { askedQuantity: quantity }),
      quantity: 0,
      outcome: 'soldOut',
      notes: [{ kind: 'soldOut', message: QUICK_ORDER_MESSAGES.soldOut }],
      message: QUICK_ORDER_MESSAGES.soldOut,
    },
  });

export const listData = (lines: SavedListLine[], overrides: Partial<SavedListData> = {}): SavedListData => ({
  ...summary({ lineCount: lines.length, pieceCount: lines.reduce((sum, l) => sum + l.quantity, 0) }),
  lines,
  addableCount: lines.filter((l) => l.check.quantity > 0).length,
  currencyCode: 'USD',
  currencySymbol: 'US$',
  ...overrides,
});
