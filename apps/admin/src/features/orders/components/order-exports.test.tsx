import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { OrderExports } from './order-exports';

const file = (type: string, fileName: string) =>
  new Response('Order number,Order date', {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${fileName}"` },
  });

afterEach(() => vi.restoreAllMocks());

function savedFiles() {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:orders');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('OrderExports', () => {
  it("asks for the list's filters, per order or per line, as CSV or Excel, and saves each file under its name", async () => {
    signedIn('staff-token');
    const api = stubApi({
      'GET /admin/orders.csv': () => file('text/csv', 'kshop-orders-2026-11-23.csv'),
      'GET /admin/orders.xlsx': () => file('application/octet-stream', 'kshop-orders-2026-11-23.xlsx'),
      'GET /admin/order-lines.csv': () => file('text/csv', 'kshop-order-lines-2026-11-23.csv'),
      'GET /admin/order-lines.xlsx': () =>
        file('application/octet-stream', 'kshop-order-lines-2026-11-23.xlsx'),
    });
    const saved = savedFiles();
    renderWithProviders(
      <OrderExports filter={{ status: 'SHIPPED', from: '2026-11-01', to: '2026-11-23' }} />,
    );
    const orders = within(screen.getByRole('group', { name: 'Orders (one row per order)' }));
    const lines = within(screen.getByRole('group', { name: 'Order lines (one row per line)' }));

    await userEvent.click(orders.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['kshop-orders-2026-11-23.csv']));
    const [csv] = api.callsTo('GET /admin/orders.csv');
    expect(csv!.url).toBe('/api/v1/admin/orders.csv?status=SHIPPED&from=2026-11-01&to=2026-11-23');
    expect(csv!.headers).toMatchObject({ Authorization: 'Bearer staff-token' });

    await userEvent.click(orders.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('kshop-orders-2026-11-23.xlsx');

    await userEvent.click(lines.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).toBe('kshop-order-lines-2026-11-23.csv');
    const [lineCsv] = api.callsTo('GET /admin/order-lines.csv');
    expect(lineCsv!.url).toBe('/api/v1/admin/order-lines.csv?status=SHIPPED&from=2026-11-01&to=2026-11-23');
    expect(lineCsv!.headers).toMatchObject({ Authorization: 'Bearer staff-token' });

    await userEvent.click(lines.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(saved).toHaveLength(4));
    expect(saved[3]).toBe('kshop-order-lines-2026-11-23.xlsx');
  });

  it('says why an export was refused', async () => {
    signedIn('staff-token');
    stubApi({
      'GET /admin/order-lines.csv': {
        statusCode: 400,
        message: 'More than 50,000 order lines match: choose a shorter date range.',
        data: null,
      },
    });
    renderWithProviders(<OrderExports filter={{}} />);
    const lines = within(screen.getByRole('group', { name: 'Order lines (one row per line)' }));
    await userEvent.click(lines.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'More than 50,000 order lines match: choose a shorter date range.',
    );
  });
});
