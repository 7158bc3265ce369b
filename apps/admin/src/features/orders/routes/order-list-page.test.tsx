import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { OrderListPage } from './order-list-page';

const order = (n: number, poReference: string | null) => ({
  uuid: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  orderNumber: `20261122-100${n}`,
  createdAt: '2026-11-22T05:05:00.000Z',
  companyName: 'Hanbit Records',
  buyerEmail: 'korea@demo.kshop.example',
  lineCount: 2,
  finalPaymentAmount: 134000,
  currencyCode: 'KRW',
  status: 'PENDING',
  personInCharge: null,
  takenBy: null,
  poReference,
});

describe("the order list and the buyer's PO number", () => {
  it('shows it under the order number and finds orders by it in the order-number box', async () => {
    signedIn();
    const api = stubApi({
      'GET /admin/orders': {
        data: { orderList: [order(1, 'HB-4500012345'), order(2, null)], totalCount: 2 },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderListPage />, { route: '/orders' });

    const table = await screen.findByRole('table', { name: 'Orders' });
    const withPo = within(table).getByRole('row', { name: /20261122-1001/ });
    expect(within(withPo).getByText('PO HB-4500012345')).toBeTruthy();
    const withoutPo = within(table).getByRole('row', { name: /20261122-1002/ });
    expect(within(withoutPo).queryByText(/^PO /)).toBeNull();

    const filters = screen.getByRole('form', { name: 'Filter orders' });
    await user.type(within(filters).getByRole('searchbox', { name: 'Order or PO number' }), '4500012');
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(api.callsTo('GET /admin/orders').some((c) => c.url.includes('orderNumber=4500012'))).toBe(true),
    );
  });
});

describe("the order list's quick views", () => {
  it('offers all, today, assigned to me and needs action with their counts, each keeping the other filters', async () => {
    signedIn();
    const api = stubApi({
      'GET /admin/orders': {
        data: {
          orderList: [order(1, null)],
          totalCount: 1,
          viewCounts: { all: 40, today: 3, mine: 7, needsAction: 12 },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderListPage />, { route: '/orders?status=PENDING' });
    const views = screen.getByRole('navigation', { name: 'Order views' });
    const link = (name: RegExp) => within(views).getByRole('link', { name });
    await within(views).findByText('12');
    expect(
      within(views)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All orders 40', 'Today 3', 'Assigned to me 7', 'Needs action 12']);
    expect(link(/^All orders/).getAttribute('aria-current')).toBe('page');
    expect(link(/^Needs action/).getAttribute('href')).toBe('/orders?status=PENDING&view=needs-action');

    await user.click(link(/^Today/));
    await vi.waitFor(() =>
      expect(
        api
          .callsTo('GET /admin/orders')
          .some((c) => /view=today/.test(c.url) && /status=PENDING/.test(c.url)),
      ).toBe(true),
    );
    expect(link(/^Today/).getAttribute('aria-current')).toBe('page');
    expect(link(/^Assigned to me/).getAttribute('href')).toBe('/orders?status=PENDING&assigned=me');
  });
});
