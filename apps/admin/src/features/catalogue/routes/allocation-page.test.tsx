import { ALLOCATION_MESSAGES } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_COME, NOTHING_ON_HAND, OPTION_UUID, PREVIEW, PRODUCT_UUID } from '../../../test/allocation';
import { renderWithProviders, signedIn } from '../../../test/render';
import { AllocationPage } from './allocation-page';

const PREVIEW_PATH = `GET /admin/product-options/${OPTION_UUID}/allocation`;
const RECEIPT_PATH = `POST /admin/product-options/${OPTION_UUID}/receipts`;
const COMMIT_PATH = `POST /admin/product-options/${OPTION_UUID}/allocation`;
const renderPage = () =>
  renderWithProviders(<AllocationPage />, {
    route: `/products/${PRODUCT_UUID}/options/${OPTION_UUID}/allocation`,
    path: '/products/:productUuid/options/:optionId/allocation',
  });

afterEach(() => vi.restoreAllMocks());

describe('AllocationPage', () => {
  it('shows the figures, the receipts and the preview line by line', async () => {
    signedIn();
    stubApi({ [PREVIEW_PATH]: { data: PREVIEW } });
    renderPage();

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Goods receipt and allocation · NewJeans 2nd EP · Bluebook',
      }),
    ).toBeTruthy();
    expect(screen.getByText('On hand').nextSibling?.textContent).toBe('10');
    expect(screen.getByText('Wanted by waiting pre-orders').nextSibling?.textContent).toBe('26');
    expect(screen.getByRole('row', { name: /First shipment/ }).textContent).toContain('Jisoo');
    const preview = screen.getByRole('table', { name: 'Allocation preview' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Order number',
      'Company',
      'Country',
      'Price group',
      'Ordered',
      'Allocated before',
      'This allocation',
      'Short',
      'Short units',
    ]);
    const hanbit = within(preview).getByRole('row', { name: /Hanbit/ });
    expect(within(hanbit).getByRole('link', { name: '20261120-1001' }).getAttribute('href')).toBe(
      '/orders/20261120-1001',
    );
    expect(
      within(hanbit)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Hanbit Records Co., Ltd.',
      'South Korea',
      'Wholesale A',
      '16',
      '0',
      '6',
      '10',
      'Kept on backorder',
    ]);
    expect(within(preview).getByRole('row', { name: /Starlight/ }).textContent).toContain('Cancelled');
  });

  it('records a goods receipt, checked first, and shows the refreshed preview', async () => {
    signedIn();
    let onHand = 10;
    const api = stubApi({
      [PREVIEW_PATH]: () => ({ data: { ...PREVIEW, onHand, available: onHand } }),
      [RECEIPT_PATH]: (call) => {
        onHand += (call.body as { quantity: number }).quantity;
        return {
          data: { ...PREVIEW, onHand, available: onHand, allocatedOnReceipt: null },
          message: ALLOCATION_MESSAGES.receiptRecorded,
        };
      },
    });
    const user = userEvent.setup();
    renderPage();

    const quantity = await screen.findByLabelText('Quantity received');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(RECEIPT_PATH)).toHaveLength(0);

    await user.type(quantity, '5');
    await user.type(screen.getByLabelText('Note'), 'Second shipment');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    expect(await screen.findByText(ALLOCATION_MESSAGES.receiptRecorded)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Record goods receipt' })).getByRole('status').textContent,
    ).toContain(
      'It does not fill every waiting pre-order, so nothing was allocated: choose a rule below and commit.',
    );
    expect(api.callsTo(RECEIPT_PATH)[0]!.body).toEqual({ quantity: 5, note: 'Second shipment' });
    await waitFor(() => expect(screen.getByText('On hand').nextSibling?.textContent).toBe('15'));
    expect(api.callsTo(PREVIEW_PATH).length).toBeGreaterThanOrEqual(2);
    expect((quantity as HTMLInputElement).value).toBe('');
  });

  it('says when a receipt filled every waiting pre-order and allocated them all', async () => {
    signedIn();
    let allocated = false;
    const filled = { ...PREVIEW, onHand: 26, held: 26, available: 0, wanted: 0, left: 0, lines: [] };
    const api = stubApi({
      [PREVIEW_PATH]: () => ({ data: allocated ? filled : PREVIEW }),
      [RECEIPT_PATH]: () => {
        allocated = true;
        return {
          data: { ...filled, allocatedOnReceipt: { lines: 2, units: 26 } },
          message: ALLOCATION_MESSAGES.allocatedOnReceipt(2, 26),
        };
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByLabelText('Quantity received'), '16');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    expect(
      (await within(screen.getByRole('region', { name: 'Record goods receipt' })).findByRole('status'))
        .textContent,
    ).toBe(ALLOCATION_MESSAGES.allocatedOnReceipt(2, 26));
    expect(api.callsTo(RECEIPT_PATH)).toHaveLength(1);
    // The page shows the figures after it: nothing waits any more.
    expect(await screen.findByText(ALLOCATION_MESSAGES.nothingWaiting)).toBeTruthy();
    expect(screen.getByText('On hand').nextSibling?.textContent).toBe('26');
  });

  it('asks for a new preview when the rule or the minimum changes', async () => {
    signedIn();
    const api = stubApi({
      [PREVIEW_PATH]: (call) => ({ data: call.url.includes('rule=FIRST_COME') ? FIRST_COME : PREVIEW }),
    });
    const user = userEvent.setup();
    renderPage();

    const proRata = await screen.findByRole('radio', {
      name: 'Pro rata (whole cartons, remainder by order time)',
    });
    expect((proRata as HTMLInputElement).checked).toBe(true);
    expect(api.callsTo(PREVIEW_PATH)[0]!.url).toContain('rule=PRO_RATA');
    await user.click(screen.getByRole('radio', { name: 'First come, first served' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Hanbit/ }))
          .getAllByRole('cell')
          .map((c) => c.textContent)[5],
      ).toBe('10'),
    );
    expect(api.callsTo(PREVIEW_PATH).at(-1)!.url).toContain('rule=FIRST_COME');
    expect(screen.getByRole('radio', { name: 'By price group, then order time' })).toBeTruthy();

    const minimum = screen.getByLabelText('Minimum per company');
    await user.clear(minimum);
    await user.type(minimum, '3');
    await waitFor(() =>
      expect(api.callsTo(PREVIEW_PATH).at(-1)!.url).toContain('rule=FIRST_COME&minimumPerBuyer=3'),
    );
  });

  it("commits after confirming, with the preview's basis, and gives focus back to the button", async () => {
    signedIn();
    const api = stubApi({
      [PREVIEW_PATH]: { data: PREVIEW },
      [COMMIT_PATH]: { data: PREVIEW, message: ALLOCATION_MESSAGES.committed },
    });
    const user = userEvent.setup();
    renderPage();

    const commit = await screen.findByRole('button', { name: 'Commit allocation' });
    await user.click(commit);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('10 units among 2 pre-order lines');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo(COMMIT_PATH)).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(commit));

    await user.click(commit);
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Commit allocation' }),
    );
    expect(await screen.findByText(ALLOCATION_MESSAGES.committed)).toBeTruthy();
    expect(api.callsTo(COMMIT_PATH)[0]!.body).toEqual({
      rule: 'PRO_RATA',
      minimumPerBuyer: 0,
      basis: 'basis-1',
    });
  });

  it('says when the figures changed since the preview, and shows the new preview', async () => {
    signedIn();
    let basis = 'basis-1';
    const api = stubApi({
      [PREVIEW_PATH]: () => ({ data: { ...PREVIEW, basis } }),
      [COMMIT_PATH]: () => {
        basis = 'basis-2';
        return { statusCode: 409, message: ALLOCATION_MESSAGES.stale };
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Commit allocation' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Commit allocation' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(ALLOCATION_MESSAGES.stale);
    await waitFor(() => expect(api.callsTo(PREVIEW_PATH)).toHaveLength(2));
    // Commit waits for the new preview to be on screen.
    const commit = screen.getByRole('button', { name: 'Commit allocation' }) as HTMLButtonElement;
    await waitFor(() => expect(commit.disabled).toBe(false));

    await user.click(commit);
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Commit allocation' }),
    );
    await waitFor(() => expect(api.callsTo(COMMIT_PATH)).toHaveLength(2));
    expect((api.callsTo(COMMIT_PATH)[1]!.body as { basis: string }).basis).toBe('basis-2');
  });

  it('cannot commit with nothing on hand or nothing waiting, and says why', async () => {
    signedIn();
    stubApi({ [PREVIEW_PATH]: { data: NOTHING_ON_HAND } });
    renderPage();
    const commit = await screen.findByRole('button', { name: 'Commit allocation' });
    expect((commit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(ALLOCATION_MESSAGES.nothingOnHand)).toBeTruthy();
  });

  it('says nothing waits when no pre-order line wants the option', async () => {
    signedIn();
    stubApi({ [PREVIEW_PATH]: { data: { ...PREVIEW, wanted: 0, lines: [] } } });
    renderPage();
    const commit = await screen.findByRole('button', { name: 'Commit allocation' });
    expect((commit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(ALLOCATION_MESSAGES.nothingWaiting)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Allocation preview' })).toBeNull();
  });
});
