import { QUICK_ORDER_MESSAGES } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { checkedLine, stubQuickOrderApi, table, unknownLine } from '../test/quick-order-fixtures';
import { QuickOrderPage } from './quick-order-page';

const location = () => screen.getByTestId('location').textContent;

async function renderPage() {
  startSession('member');
  renderWithProviders(<QuickOrderPage />, { route: '/quickorder' });
  return screen.findByRole('heading', { level: 1, name: 'Quick order' });
}
const box = () => screen.getByRole('textbox', { name: 'Paste SKU or barcode and quantity, one per line' });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('QuickOrderPage', () => {
  it('sends a guest to the login page', () => {
    renderWithProviders(<QuickOrderPage />, { route: '/quickorder' });
    expect(location()).toBe('/login');
  });

  it('checks pasted lines, keeping codes as text, lists every outcome, and adds the good lines in one step', async () => {
    const user = userEvent.setup();
    const raised = checkedLine('KS000002', [3, 5], {
      askedQuantity: 3,
      quantity: 5,
      outcome: 'raisedToMinimum',
      notes: [
        { kind: 'merged', message: QUICK_ORDER_MESSAGES.merged(2) },
        { kind: 'raisedToMinimum', message: QUICK_ORDER_MESSAGES.raisedToMinimum(5) },
      ],
    });
    const calls = stubQuickOrderApi({
      '/quick-order/check': () =>
        envelope(table([checkedLine('00123', [2], { quantity: 2 }), raised, unknownLine('NOPE', 4)])),
      '/quick-order/add': () =>
        envelope({
          ...table([checkedLine('00123', [2], { quantity: 2 }), raised, unknownLine('NOPE', 4)]),
          added: [
            {
              productOptionUuid: raised.product!.productOptionUuid,
              code: '00123',
              quantity: 2,
              cartQuantity: 2,
            },
            {
              productOptionUuid: raised.product!.productOptionUuid,
              code: 'KS000002',
              quantity: 5,
              cartQuantity: 5,
            },
          ],
          refusedCount: 1,
        }),
    });
    await renderPage();
    await user.click(box());
    await user.paste('SKU\tQty\n00123\t2\nks000002, 1\nNOPE 1\nKS000002   2\nBAD x\n');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    // The result is announced in a live region.
    const announced = await screen.findByText(QUICK_ORDER_MESSAGES.checked(2, 4));
    expect(announced.getAttribute('role')).toBe('status');
    const check = calls.find((c) => c.url.endsWith('/quick-order/check'))!;
    expect(check.body).toEqual({
      lines: [
        { code: '00123', quantity: 2, line: 2 },
        { code: 'ks000002', quantity: 1, line: 3 },
        { code: 'NOPE', quantity: 1, line: 4 },
        { code: 'KS000002', quantity: 2, line: 5 },
      ],
    });
    const rows = within(screen.getByRole('table', { name: 'Checked lines' })).getAllByRole('row');
    expect(
      rows.map((r) => within(r).getAllByRole(r === rows[0] ? 'columnheader' : 'cell')[0]!.textContent),
    ).toEqual(['Line', '2', '3, 5', '4', '6']);
    expect(screen.getByText(QUICK_ORDER_MESSAGES.raisedToMinimum(5))).toBeTruthy();
    expect(screen.getByText(QUICK_ORDER_MESSAGES.unknownCode)).toBeTruthy();
    expect(screen.getByText(QUICK_ORDER_MESSAGES.badQuantity)).toBeTruthy();
    expect(screen.getAllByText('US$12.50')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Add 2 lines to cart' }));
    // The answer says two lines went in; the lines to fix stay in the text and the table.
    const added = calls.find((c) => c.url.endsWith('/quick-order/add'))!;
    expect(added.body).toEqual(check.body);
    expect(added.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText(QUICK_ORDER_MESSAGES.added(2))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect((box() as HTMLTextAreaElement).value).toBe('NOPE 1\nBAD x');
    const left = within(screen.getByRole('table', { name: 'Checked lines' })).getAllByRole('row');
    expect(left).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Add \d+ lines? to cart/ })).toBeNull();
  });

  it('refuses more than 500 lines before asking the server', async () => {
    const user = userEvent.setup();
    const calls = stubQuickOrderApi({});
    await renderPage();
    await user.click(box());
    await user.paste(Array.from({ length: 501 }, (_, i) => `C${i} 1`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(QUICK_ORDER_MESSAGES.tooManyLines(500));
    expect(calls.filter((c) => c.url.includes('quick-order'))).toEqual([]);
  });

  it('checks an uploaded file and puts its lines in the text to fix', async () => {
    const user = userEvent.setup();
    const calls = stubQuickOrderApi({
      '/quick-order/file': () =>
        envelope({ ...table([checkedLine('00042', [2], { quantity: 3 })]), text: 'sku\tqty\n00042\t3' }),
    });
    await renderPage();
    const file = new File(['sku,qty\n00042,3\n'], 'order.csv', { type: 'application/vnd.ms-excel' });
    await user.upload(screen.getByLabelText(/Or upload a CSV or Excel file/), file);
    expect(await screen.findByText(QUICK_ORDER_MESSAGES.checked(1, 1))).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/quick-order/file'))!;
    expect(sent.body).toBeInstanceOf(Blob);
    expect(sent.headers['Content-Type']).toBe('text/csv');
    expect((box() as HTMLTextAreaElement).value).toBe('sku\tqty\n00042\t3');
    expect(screen.getByRole('button', { name: 'Add 1 line to cart' })).toBeTruthy();
  });
});
