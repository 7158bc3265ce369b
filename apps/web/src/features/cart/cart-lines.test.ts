import { describe, expect, it } from 'vitest';
import { cartTotal, lineMaximum, lineMinimum, lineName, orderableCart, stockAdjustments } from './cart-lines';
import { cartData, cartItem } from './test/cart-fixtures';

describe('cart line rules', () => {
  it('bounds a line by its minimum order quantity (default 1) and stock minus held stock', () => {
    const item = cartItem({ option: { minimumOrderQuantity: 0, stock: 10, holdStock: 4 } });
    expect(lineMinimum(item)).toBe(1);
    expect(lineMaximum(item)).toBe(6);
    expect(lineMaximum(cartItem({ option: { stock: 3, holdStock: 5 } }))).toBe(0);
    expect(lineMaximum(cartItem({ option: { isSoldOut: true } }))).toBe(0);
  });

  it('adds amounts exactly in minor units', () => {
    const cart = cartData([cartItem({ price: 0.1, quantity: 3 }), cartItem({ price: 0.2, quantity: 1 })]);
    expect(cartTotal(cart)).toBe(0.5);
  });

  it('lowers lines above the available stock and removes lines that cannot reach the minimum', () => {
    const lower = cartItem({ quantity: 9, option: { stock: 7, holdStock: 1 } });
    const below = cartItem({ quantity: 1, option: { minimumOrderQuantity: 2 } });
    const short = cartItem({ quantity: 2, option: { minimumOrderQuantity: 2, stock: 3, holdStock: 2 } });
    const soldOut = cartItem({ quantity: 1, option: { isSoldOut: true } });
    const fine = cartItem({ quantity: 6, option: { stock: 6 } });
    expect(stockAdjustments([lower, below, short, soldOut, fine])).toEqual({
      patches: [{ cartUuid: lower.uuid, quantity: 6 }],
      removals: [below.uuid, short.uuid, soldOut.uuid],
    });
  });

  it('leaves a line outside its order window as it is: the server would refuse to change it', () => {
    const closed = cartItem({ quantity: 9, option: { stock: 2 }, product: { orderWindow: 'CLOSED' } });
    const notYet = cartItem({
      quantity: 1,
      option: { isSoldOut: true },
      product: { orderWindow: 'NOT_YET' },
    });
    expect(stockAdjustments([closed, notYet])).toEqual({ patches: [], removals: [] });
  });

  it('gives checkout the lines inside their order window, with their total', () => {
    const open = cartItem({ price: 2, quantity: 3, product: { orderWindow: 'OPEN' } });
    const unwindowed = cartItem({ price: 1, quantity: 1 });
    const closed = cartItem({ price: 5, quantity: 2, product: { orderWindow: 'CLOSED' } });
    const notYet = cartItem({ price: 5, quantity: 2, product: { orderWindow: 'NOT_YET' } });
    const orderable = orderableCart(cartData([open, closed, unwindowed, notYet]));
    expect(orderable.cartList).toEqual([open, unwindowed]);
    expect(orderable.totalPrice).toBe(7);
  });
});

describe('quantity rules of a line (issue 12)', () => {
  it('steps between the minimum rounded up and the stock or maximum per order rounded down to the multiple', () => {
    const carton = cartItem({
      quantity: 20,
      option: { minimumOrderQuantity: 5, orderMultiple: 10, maxPerOrder: 45, stock: 100, holdStock: 0 },
    });
    expect(lineMinimum(carton)).toBe(10);
    expect(lineMaximum(carton)).toBe(40);
  });

  it('brings a line off its multiple onto it, and above the maximum per order down to it', () => {
    const off = cartItem({ quantity: 15, option: { orderMultiple: 10, stock: 100, holdStock: 0 } });
    const over = cartItem({
      quantity: 60,
      option: { orderMultiple: 10, maxPerOrder: 50, stock: 100, holdStock: 0 },
    });
    expect(stockAdjustments([off, over])).toEqual({
      patches: [
        { cartUuid: off.uuid, quantity: 20 },
        { cartUuid: over.uuid, quantity: 50 },
      ],
      removals: [],
    });
  });
});

describe('lineName', () => {
  it('names a line by its title and its option values', () => {
    expect(lineName(cartItem({ title: 'NOVA9 1st Album', option: { optionNameValue1: 'A' } }))).toBe(
      'NOVA9 1st Album (A)',
    );
    expect(
      lineName(
        cartItem({ title: 'Photo card', option: { optionNameValue1: 'B', optionNameValue2: 'NANA' } }),
      ),
    ).toBe('Photo card (B / NANA)');
    expect(lineName(cartItem({ title: 'Poster', option: { optionNameValue1: '' } }))).toBe('Poster');
  });
});
