import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { OrderExports } from './order-exports';

const file = (type: string, fileName: string) =>
  new Response('order_number,order_date', {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${fileName}"` },
  });

afterEach(() => vi.restoreAllMocks());

describe('OrderExports', () => {
  it("asks for the list's filters as CSV or Excel with the staff token, and saves the file under its name", async () => {
    signedIn('staff-token');
    const api = stubApi({
      'GET /admin/orders.csv': () => file('text/csv', 'kshop-orders-2026-11-23.csv'),
      'GET /admin/orders.xlsx': () => file('application/octet-stream', 'kshop-orders-2026-11-23.xlsx'),
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(
      <OrderExports filter={{ status: 'SHIPPED', from: '2026-11-01', to: '2026-11-23' }} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['kshop-orders-2026-11-23.csv']));
    const [csv] = api.callsTo('GET /admin/orders.csv');
    expect(csv!.url).toBe('/api/v1/admin/orders.csv?status=SHIPPED&from=2026-11-01&to=2026-11-23');
    expect(csv!.headers).toMatchObject({ Authorization: 'Bearer staff-token' });

    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('kshop-orders-2026-11-23.xlsx');
  });

  it('says why an export was refused', async () => {
    signedIn('staff-token');
    stubApi({
      'GET /admin/orders.csv': {
        statusCode: 400,
        message: 'More than 50,000 order lines match: choose a shorter date range.',
        data: null,
      },
    });
    renderWithProviders(<OrderExports filter={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'More than 50,000 order lines match: choose a shorter date range.',
    );
  });
});
