import { INT_RANGE } from '@kshop/contract';
import { describe, expect, it } from 'vitest';
import { availableToBuyer, orderableQuantity } from './preorder-rules.js';

const option = (o: Partial<Parameters<typeof availableToBuyer>[0]> = {}) => ({
  stock: 10,
  holdStock: 4,
  preorderCap: null,
  preorderBuyerCap: null,
  ...o,
});

describe('what a buyer can still ask for of an option', () => {
  it('off pre-order: the stock less what open orders hold, whatever the caps say', () => {
    expect(
      availableToBuyer(option({ preorderCap: 1, preorderBuyerCap: 1 }), false, { total: 0, buyer: 0 }),
    ).toBe(6);
  });

  it('on pre-order: what the cap in all leaves, or the most a line may take without a cap', () => {
    expect(availableToBuyer(option({ preorderCap: 100 }), true, { total: 70, buyer: 0 })).toBe(30);
    expect(availableToBuyer(option(), true, { total: 70, buyer: 0 })).toBe(INT_RANGE.quantity.max);
    expect(orderableQuantity(option({ preorderCap: 100 }), true, 120)).toBe(0);
  });

  it("on pre-order: no more than the buyer's share of the cap per company leaves, never below zero", () => {
    expect(
      availableToBuyer(option({ preorderCap: 100, preorderBuyerCap: 20 }), true, { total: 70, buyer: 5 }),
    ).toBe(15);
    expect(
      availableToBuyer(option({ preorderCap: 100, preorderBuyerCap: 20 }), true, { total: 95, buyer: 5 }),
    ).toBe(5);
    expect(availableToBuyer(option({ preorderBuyerCap: 20 }), true, { total: 0, buyer: 25 })).toBe(0);
  });
});
