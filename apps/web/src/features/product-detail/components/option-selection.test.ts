import { describe, expect, it } from 'vitest';
import { productOption } from '../../../test/fixtures';
import {
  chosenOption,
  displayedPrice,
  isAllSoldOut,
  isOptionSoldOut,
  newSelection,
  unitPrice,
} from './option-selection';

const price = (totalPrice: number) => ({ totalPrice, comparedPrice: null });
const cheap = productOption({ uuid: 'a', optionNameValue1: 'A', productPrice: price(10) });
const dear = productOption({ uuid: 'b', optionNameValue1: 'B', productPrice: price(25) });
const twoKeys = [
  productOption({
    uuid: 'x1',
    optionNameValue1: 'X',
    optionNameKey2: 'SIZE',
    optionNameValue2: 'S',
    productPrice: price(5),
  }),
  productOption({
    uuid: 'x2',
    optionNameValue1: 'X',
    optionNameKey2: 'SIZE',
    optionNameValue2: 'L',
    productPrice: price(7),
  }),
];

describe('sold out', () => {
  it('counts an option sold out when flagged, empty, or below its minimum', () => {
    expect(isOptionSoldOut(productOption({ uuid: '1', optionNameValue1: '1', isSoldOut: true }))).toBe(true);
    expect(isOptionSoldOut(productOption({ uuid: '2', optionNameValue1: '2', stock: 0 }))).toBe(true);
    expect(
      isOptionSoldOut(productOption({ uuid: '3', optionNameValue1: '3', stock: 4, minimumOrderQuantity: 5 })),
    ).toBe(true);
    expect(isOptionSoldOut(cheap)).toBe(false);
  });

  it('calls a product sold out only when every option is', () => {
    const gone = productOption({ uuid: 'g', optionNameValue1: 'G', stock: 0 });
    expect(isAllSoldOut([gone, { ...gone, uuid: 'h', isSoldOut: true }])).toBe(true);
    expect(isAllSoldOut([gone, cheap])).toBe(false);
    expect(isAllSoldOut([])).toBe(false);
  });
});

describe('the Price line', () => {
  it("shows the chosen option's unit price, not the first option's", () => {
    const chosen = chosenOption([cheap, dear], 'B', '', [newSelection(cheap), newSelection(dear)]);
    expect(chosen?.uuid).toBe('b');
    expect(displayedPrice({ totalPrice: 10 }, chosen)).toBe(25);
  });

  it('follows the dropdown over the selections, and the last selection when the dropdown is cleared', () => {
    expect(chosenOption([cheap, dear], 'A', '', [newSelection(dear)])?.uuid).toBe('a');
    expect(chosenOption([cheap, dear], '', '', [newSelection(cheap), newSelection(dear)])?.uuid).toBe('b');
    expect(chosenOption([cheap, dear], '', '', [])).toBeNull();
    expect(displayedPrice({ totalPrice: 10 }, null)).toBe(10);
  });

  it('needs both values when options have two keys', () => {
    expect(chosenOption(twoKeys, 'X', '', [])).toBeNull();
    expect(chosenOption(twoKeys, 'X', 'L', [])?.uuid).toBe('x2');
    expect(displayedPrice({ totalPrice: 5 }, chosenOption(twoKeys, 'X', 'L', []))).toBe(7);
  });

  it('never shows a price to a guest', () => {
    const guestOption = productOption({ uuid: 'z', optionNameValue1: 'Z' });
    expect(unitPrice(guestOption)).toBeNull();
    expect(displayedPrice({ totalPrice: null }, dear)).toBeNull();
    expect(displayedPrice({ totalPrice: null }, guestOption)).toBeNull();
  });
});

describe('quantity rules of an option (issue 12)', () => {
  it('starts a selection at the minimum rounded up to the order multiple', () => {
    const carton = productOption({
      uuid: 'c',
      optionNameValue1: 'C',
      minimumOrderQuantity: 5,
      orderMultiple: 10,
      stock: 100,
    });
    expect(newSelection(carton).quantity).toBe(10);
  });

  it('cannot order an option with less stock than one multiple', () => {
    expect(
      isOptionSoldOut(productOption({ uuid: 'd', optionNameValue1: 'D', orderMultiple: 10, stock: 9 })),
    ).toBe(true);
    expect(
      isOptionSoldOut(productOption({ uuid: 'e', optionNameValue1: 'E', orderMultiple: 10, stock: 10 })),
    ).toBe(false);
  });
});
