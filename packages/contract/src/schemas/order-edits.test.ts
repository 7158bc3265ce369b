import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../constants.js';
import {
  lineChangeSummary,
  linesEditable,
  ORDER_EDIT_RULES,
  orderLineAddRequest,
  orderLineQuantityRequest,
} from './order-edits.js';

const line = {
  orderDetailUuid: '99999999-9999-4999-8999-999999999999',
  productOptionUuid: null,
  productTitle: 'Moonlight Album',
  optionNameValue1: 'A ver.',
  optionNameValue2: null,
  unitPrice: 25000,
  currencyCode: 'KRW' as const,
  productAmountBefore: 0,
  productAmountAfter: 0,
  finalAmountBefore: 0,
  finalAmountAfter: 0,
};

describe('order line edits', () => {
  it('are open until the order ships, is delivered or cancelled', () => {
    expect(ORDER_STATUSES.filter(linesEditable)).toEqual(['PENDING', 'CONFIRMED', 'PAID', 'PREPARING']);
  });

  it('read as one sentence each in the history and the e-mail', () => {
    expect(lineChangeSummary({ ...line, kind: 'LINE_ADDED', fromQuantity: 0, toQuantity: 3 })).toBe(
      'Added Moonlight Album / A ver. × 3',
    );
    expect(lineChangeSummary({ ...line, kind: 'LINE_CHANGED', fromQuantity: 2, toQuantity: 5 })).toBe(
      'Changed Moonlight Album / A ver.: 2 → 5',
    );
    expect(lineChangeSummary({ ...line, kind: 'LINE_REMOVED', fromQuantity: 2, toQuantity: 0 })).toBe(
      'Removed Moonlight Album / A ver. (was × 2)',
    );
  });

  it('take whole quantities from 1 to 100,000 and an option id, naming the field when refused', () => {
    expect(orderLineQuantityRequest.parse({ quantity: 4 })).toEqual({ quantity: 4 });
    for (const quantity of [0, -1, 2.5, 100_001, '3', null]) {
      const refused = orderLineQuantityRequest.safeParse({ quantity });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.message).toMatch(/^quantity: /);
    }
    const id = '13131313-1313-4131-8131-13131313131A';
    expect(orderLineAddRequest.parse({ productOptionId: id, quantity: 1 }).productOptionId).toBe(
      id.toLowerCase(),
    );
    expect(
      orderLineAddRequest.safeParse({ productOptionId: 'nope', quantity: 1 }).error?.issues[0]?.message,
    ).toBe('productOptionId: must be a valid id');
    expect(ORDER_EDIT_RULES.notEnoughStock('Moonlight Album', -2)).toBe(
      'quantity: only 0 more of Moonlight Album available.',
    );
  });
});
