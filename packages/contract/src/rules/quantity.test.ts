import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { clampQuantity } from './product.js';
import {
  clampToRules,
  fitQuantity,
  largestQuantity,
  smallestQuantity,
  stepQuantity,
  validQuantity,
} from './quantity.js';

describe('validQuantity', () => {
  const carton = { minimum: 1, multiple: 10, max: 50, available: 100 };

  it('refuses 15 of a 10-multiple and accepts 20', () => {
    expect(validQuantity(15, carton)).toBe('Quantity must be a multiple of 10.');
    expect(validQuantity(20, carton)).toBeNull();
  });

  it('refuses more than the maximum per order', () => {
    expect(validQuantity(60, carton)).toBe('Maximum per order is 50.');
    expect(validQuantity(50, carton)).toBeNull();
  });

  it('checks the minimum first, then the multiple, the maximum and the stock', () => {
    expect(validQuantity(5, { minimum: 10, multiple: 3, max: 2 })).toBe(messages.cart.minimum(10));
    expect(validQuantity(11, { minimum: 10, multiple: 3, max: 2 })).toBe(messages.cart.multiple(3));
    expect(validQuantity(12, { minimum: 10, multiple: 3, max: 9, available: 6 })).toBe(
      messages.cart.maxPerOrder(9),
    );
    expect(validQuantity(12, { minimum: 10, multiple: 3, available: 6 })).toBe(messages.cart.maximum(6));
  });

  it('keeps the old rules when an option has none of its own', () => {
    expect(validQuantity(7, {})).toBeNull();
    expect(validQuantity(0, {})).toBe(messages.cart.minimum(1));
    expect(validQuantity(7, { minimum: 1, multiple: 1, max: null, available: 7 })).toBeNull();
    expect(validQuantity(8, { minimum: 1, multiple: 1, max: null, available: 7 })).toBe(
      messages.cart.maximum(7),
    );
  });
});

describe('steppers', () => {
  it('start at the minimum rounded up to the multiple', () => {
    expect(smallestQuantity({ minimum: 5, multiple: 10 })).toBe(10);
    expect(smallestQuantity({ minimum: 20, multiple: 10 })).toBe(20);
    expect(smallestQuantity({ minimum: 3 })).toBe(3);
  });

  it('stop at the maximum per order or the stock, rounded down to the multiple', () => {
    expect(largestQuantity({ multiple: 10, max: 45, available: 100 })).toBe(40);
    expect(largestQuantity({ multiple: 10, max: null, available: 35 })).toBe(30);
    expect(largestQuantity({ multiple: 1, available: 7 })).toBe(7);
  });

  it('step by the multiple within those bounds', () => {
    const rules = { minimum: 1, multiple: 10, max: 30, available: 100 };
    expect(stepQuantity(10, 1, rules)).toBe(20);
    expect(stepQuantity(30, 1, rules)).toBe(30);
    expect(stepQuantity(20, -1, rules)).toBe(10);
    expect(stepQuantity(10, -1, rules)).toBe(10);
    expect(stepQuantity(15, 1, rules)).toBe(20);
    expect(stepQuantity(15, -1, rules)).toBe(10);
    expect(stepQuantity(3, 1, { minimum: 1, available: 5 })).toBe(4);
  });

  it('bring a typed quantity onto the rules', () => {
    const rules = { minimum: 1, multiple: 10, max: 30, available: 100 };
    expect(fitQuantity(15, rules)).toBe(20);
    expect(fitQuantity(99, rules)).toBe(30);
    expect(fitQuantity(0, rules)).toBe(10);
    expect(fitQuantity(Number.NaN, rules)).toBe(10);
  });
});

describe('clampToRules', () => {
  it('brings 15 of a 10-multiple to 20 and says why', () => {
    expect(clampToRules('15', { minimum: 1, multiple: 10, max: 50, available: 100 })).toEqual({
      quantity: 20,
      message: 'Quantity must be a multiple of 10.',
    });
    expect(clampToRules(70, { minimum: 1, multiple: 10, max: 50, available: 100 })).toEqual({
      quantity: 50,
      message: 'Maximum per order is 50.',
    });
    expect(clampToRules('abc', { minimum: 5, multiple: 10 })).toEqual({ quantity: 10, message: null });
  });

  it('is clampQuantity for an option without a multiple or a maximum per order', () => {
    for (const input of ['', 'x', 0, 1, 3, 5, 8, 12, '7']) {
      expect(clampToRules(input, { minimum: 3, multiple: 1, max: null, available: 8 })).toEqual(
        clampQuantity(input, 3, 8),
      );
    }
  });
});
