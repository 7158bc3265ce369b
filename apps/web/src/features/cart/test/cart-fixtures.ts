import type { CartData, CartItem } from '@kshop/contract';
import { vi } from 'vitest';
import { envelope } from '../../../test/render';

let counter = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

type ItemOverrides = {
  quantity?: number;
  title?: string;
  price?: number;
  option?: Partial<CartItem['productOption']>;
  /** The product's order window and pre-order facts (issue 34), for example `{ orderWindow: 'CLOSED' }`. */
  product?: Partial<CartItem['product']>;
};

/** A cart line: 50 in stock, minimum 1, US$2.50 unless told otherwise. */
export function cartItem({
  quantity = 1,
  title,
  price = 2.5,
  option = {},
  product = {},
}: ItemOverrides = {}): CartItem {
  counter += 1;
  return {
    uuid: uuid('cccccccc', counter),
    quantity,
    product: {
      uuid: uuid('pppppppp', counter),
      title: title ?? `Album ${counter}`,
      vendor: 'STARHOUSE',
      thumbnailUrl: `/media/products/${counter}.svg`,
      releaseDate: '2026-01-01',
      ...product,
    },
    productOption: {
      uuid: uuid('oooooooo', counter),
      optionNameKey1: 'VERSION',
      optionNameKey2: null,
      optionNameValue1: 'A',
      optionNameValue2: null,
      stock: 50,
      holdStock: 0,
      minimumOrderQuantity: 1,
      isSoldOut: false,
      ...option,
    },
    productPrice: { price },
  };
}

export const cartData = (cartList: CartItem[], currencyCode: CartData['currencyCode'] = 'USD'): CartData => ({
  cartList,
  totalPrice: cartList.reduce((sum, item) => sum + item.productPrice.price * item.quantity, 0),
  currencyCode,
  currencySymbol: currencyCode === 'USD' ? 'US$' : '₩',
});

export type ApiCall = { method: string; url: string; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch with a tiny API: `routes` answer first (return undefined to pass), then GET /cart answers `cart`
 * and every other call succeeds with null. Returns the list of calls made.
 */
export function stubApi(cart: CartData | (() => Response), routes: Handler[] = []): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      for (const route of routes) {
        const answer = route(call);
        if (answer) return answer;
      }
      if (call.method === 'GET' && url.startsWith('/api/v1/cart'))
        return typeof cart === 'function' ? cart() : envelope(cart);
      return envelope(null);
    }),
  );
  return calls;
}

export const writes = (calls: readonly ApiCall[], method: string) => calls.filter((c) => c.method === method);
