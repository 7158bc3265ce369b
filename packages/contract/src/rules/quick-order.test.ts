import { describe, expect, it } from 'vitest';
import { quickOrderRequest } from '../schemas/quick-order.js';
import { QUICK_ORDER_MESSAGES } from '../shop-messages.js';
import { parseQuickOrderText, QUICK_ORDER_MAX_LINES, quickOrderRows } from './quick-order.js';

describe('quick-order lines from pasted text', () => {
  it('splits at tabs, commas or runs of spaces, keeps line numbers and codes as text', () => {
    const text = 'SKU\tQty\n00123\t5\n\n  KS000001 ,  2\n8809123456789    12\n="00042";3\n';
    expect(parseQuickOrderText(text)).toEqual({
      rows: [
        { line: 2, code: '00123', quantity: 5 },
        { line: 4, code: 'KS000001', quantity: 2 },
        { line: 5, code: '8809123456789', quantity: 12 },
        { line: 6, code: '00042', quantity: 3 },
      ],
      bad: [],
    });
  });

  it('skips a header only on the first line, and names lines whose quantity is not a whole number', () => {
    expect(parseQuickOrderText('ABC 2\nSKU Qty\nDEF 0\nGHI 1.5\nJKL')).toEqual({
      rows: [{ line: 1, code: 'ABC', quantity: 2 }],
      bad: [
        { line: 2, code: 'SKU', quantityText: 'Qty' },
        { line: 3, code: 'DEF', quantityText: '0' },
        { line: 4, code: 'GHI', quantityText: '1.5' },
        { line: 5, code: 'JKL', quantityText: '' },
      ],
    });
    // A first line whose quantity is a mistyped number is not taken for a header.
    expect(quickOrderRows([['ABC', '-3']]).bad).toEqual([{ line: 1, code: 'ABC', quantityText: '-3' }]);
  });

  it('takes 500 lines and refuses 501 with a sentence saying so', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ code: `C${i}`, quantity: 1 }));
    expect(quickOrderRequest.safeParse({ lines: lines(QUICK_ORDER_MAX_LINES) }).success).toBe(true);
    const refused = quickOrderRequest.safeParse({ lines: lines(QUICK_ORDER_MAX_LINES + 1) });
    expect(refused.error?.issues[0]?.message).toBe(QUICK_ORDER_MESSAGES.tooManyLines(500));
    expect(quickOrderRequest.parse({ lines: [{ code: ' 00123 ', quantity: 1 }] }).lines[0]?.code).toBe(
      '00123',
    );
  });
});
