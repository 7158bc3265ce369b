import {
  availableStock,
  type CartData,
  type CartItem,
  type CurrencyCode,
  DEFAULT_MINIMUM_ORDER_QUANTITY,
  fitQuantity,
  fromMinorUnits,
  largestQuantity,
  smallestQuantity,
  toMinorUnits,
} from '@kshop/contract';
import { optionValuesText } from '../../lib/option-text';

/** The rules of one cart line (spec sections 5, 8 and 9), kept free of React so they are easy to test. */

/** The line's quantity rules (issue 12): minimum, order multiple, maximum per order, available stock. */
export const lineRules = (item: CartItem) => ({
  minimum:
    item.productOption.minimumOrderQuantity > 0
      ? item.productOption.minimumOrderQuantity
      : DEFAULT_MINIMUM_ORDER_QUANTITY,
  multiple: item.productOption.orderMultiple ?? 1,
  max: item.productOption.maxPerOrder ?? null,
  // Stock minus what open orders hold; an option flagged sold out has nothing available (as the API says).
  available: item.productOption.isSoldOut
    ? 0
    : availableStock(item.productOption.stock, item.productOption.holdStock),
});

/** The smallest quantity: the minimum order quantity, rounded up to the order multiple. */
export const lineMinimum = (item: CartItem): number => smallestQuantity(lineRules(item));

/** The largest quantity: what is available, within the maximum per order, rounded down to the multiple. */
export const lineMaximum = (item: CartItem): number => largestQuantity(lineRules(item));

/** Amounts are added in minor units, so US$0.10 x 3 is exactly US$0.30 and matches the server's sum. */
export const lineAmount = (item: CartItem, currencyCode: CurrencyCode): number =>
  fromMinorUnits(toMinorUnits(item.productPrice.price, currencyCode) * item.quantity, currencyCode);

export const cartTotal = (cart: Pick<CartData, 'cartList' | 'currencyCode'>): number =>
  fromMinorUnits(
    cart.cartList.reduce(
      (sum, item) => sum + toMinorUnits(item.productPrice.price, cart.currencyCode) * item.quantity,
      0,
    ),
    cart.currencyCode,
  );

export type StockAdjustments = {
  /** Lines asking for more than is available, with the quantity they are lowered to. */
  patches: { cartUuid: string; quantity: number }[];
  /** Lines that cannot be ordered at all: less available than the minimum, or already below the minimum. */
  removals: string[];
};

/**
 * Inside its product's order window (issue 34), as the server found when it answered: a line outside it stays in
 * the cart, to be removed or to wait for the window, but checkout leaves it out.
 */
export const isInOrderWindow = (item: CartItem): boolean => (item.product.orderWindow ?? 'OPEN') === 'OPEN';

/** The cart as checkout takes it: the lines inside their order window, with their total. */
export const orderableCart = (cart: CartData): CartData =>
  withoutLines(
    cart,
    cart.cartList.filter((item) => !isInOrderWindow(item)).map((item) => item.uuid),
  );

/**
 * What the cart must change when it loads (spec section 8, 'Cart load'). A line outside its order window is left
 * as it is: the server refuses to change its quantity, and checkout does not take it.
 */
export function stockAdjustments(items: readonly CartItem[]): StockAdjustments {
  const patches: StockAdjustments['patches'] = [];
  const removals: string[] = [];
  for (const item of items) {
    if (!isInOrderWindow(item)) continue;
    const minimum = lineMinimum(item);
    const maximum = lineMaximum(item);
    const multiple = lineRules(item).multiple;
    if (maximum < minimum || item.quantity < minimum) removals.push(item.uuid);
    else if (item.quantity > maximum) patches.push({ cartUuid: item.uuid, quantity: maximum });
    else if (item.quantity % multiple !== 0)
      patches.push({ cartUuid: item.uuid, quantity: fitQuantity(item.quantity, lineRules(item)) });
  }
  return { patches, removals };
}

/** The cart with one line's quantity replaced; the total follows. */
export function withQuantity(cart: CartData, cartUuid: string, quantity: number): CartData {
  const cartList = cart.cartList.map((item) => (item.uuid === cartUuid ? { ...item, quantity } : item));
  return { ...cart, cartList, totalPrice: cartTotal({ cartList, currencyCode: cart.currencyCode }) };
}

export function withoutLines(cart: CartData, cartUuids: readonly string[]): CartData {
  const cartList = cart.cartList.filter((item) => !cartUuids.includes(item.uuid));
  return { ...cart, cartList, totalPrice: cartTotal({ cartList, currencyCode: cart.currencyCode }) };
}

/** A line as the buyer recognises it in a notice: its title, and its option when it has one. */
export function lineName(item: CartItem): string {
  const option = optionValuesText(item.productOption.optionNameValue1, item.productOption.optionNameValue2);
  return option ? `${item.product.title} (${option})` : item.product.title;
}
