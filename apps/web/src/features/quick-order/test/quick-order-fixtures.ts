import { QUICK_ORDER_MESSAGES, type QuickOrderCheckedLine } from '@kshop/contract';
import { vi } from 'vitest';
import { envelope } from '../../../test/render';

export type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

/** A checked line naming an option of 'NOVA9 1st Album', US$12.50, as the API answers it. */
export function checkedLine(
  code: string,
  lineNumbers: number[],
  overrides: Partial<QuickOrderCheckedLine> = {},
): QuickOrderCheckedLine {
  return {
    code,
    lineNumbers,
    product: {
      productUuid: '11111111-0000-4000-8000-000000000001',
      productOptionUuid: `22222222-0000-4000-8000-${String(lineNumbers[0]).padStart(12, '0')}`,
      title: 'NOVA9 1st Album',
      optionNameValue1: 'A',
      optionNameValue2: null,
      sku: code.toUpperCase(),
      barcode: null,
      minimumOrderQuantity: 1,
      orderMultiple: 1,
      maxPerOrder: null,
      price: 12.5,
    },
    askedQuantity: 1,
    quantity: 1,
    outcome: 'ok',
    notes: [{ kind: 'ok', message: QUICK_ORDER_MESSAGES.ok }],
    message: QUICK_ORDER_MESSAGES.ok,
    ...overrides,
  };
}

export const unknownLine = (code: string, line: number): QuickOrderCheckedLine => ({
  ...checkedLine(code, [line]),
  product: null,
  quantity: 0,
  outcome: 'unknownCode',
  notes: [{ kind: 'unknownCode', message: QUICK_ORDER_MESSAGES.unknownCode }],
  message: QUICK_ORDER_MESSAGES.unknownCode,
});

export const table = (lines: QuickOrderCheckedLine[]) => ({
  lines,
  addableCount: lines.filter((l) => l.quantity > 0).length,
  currencyCode: 'USD' as const,
  currencySymbol: 'US$',
});

/** Stubs fetch: each route answers its path's calls; GET /cart an empty cart. Returns the calls made. */
export function stubQuickOrderApi(routes: Record<string, (call: Call) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const raw = init?.body;
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const path = url.replace(/^\/api\/v1/, '').split('?')[0]!;
      const route = routes[path];
      if (route) return route(call);
      if (path === '/cart')
        return envelope({ cartList: [], totalPrice: 0, currencyCode: 'USD', currencySymbol: 'US$' });
      return envelope(null);
    }),
  );
  return calls;
}
