import { stubApi } from '@kshop/ui/test/api-stub';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ReportsPage } from '../routes/reports-page';
import { SalesChart } from './sales-chart';

afterEach(() => vi.restoreAllMocks());

const points = [
  { period: '2026-03-01', amount: 0, quantity: 0, orders: 0 },
  { period: '2026-03-02', amount: 150000, quantity: 5, orders: 1 },
  { period: '2026-03-03', amount: 30000, quantity: 1, orders: 1 },
];

describe('SalesChart', () => {
  it('draws a bar per period, names the chart by its total and best period, and gives the figures as a table', () => {
    render(
      <I18nProvider i18n={i18n}>
        <SalesChart currency="KRW" interval="day" points={points} />
      </I18nProvider>,
    );
    const chart = screen.getByRole('img', {
      name: 'Sales in KRW per day from 2026-03-01 to 2026-03-03: ₩180,000 in all, most in the 2026-03-02 (₩150,000).',
    });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(heights[0]).toBe(0);
    expect(heights[1]).toBeGreaterThan(heights[2]!);
    expect(heights[2]! / heights[1]!).toBeCloseTo(30000 / 150000);

    const table = screen.getByRole('table', { name: /^Sales in KRW per day/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['0', '0', '₩0'],
      ['1', '5', '₩150,000'],
      ['1', '1', '₩30,000'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(points.map((p) => p.period));
  });

  it('names weeks and never mixes currencies', () => {
    render(
      <I18nProvider i18n={i18n}>
        <SalesChart
          currency="USD"
          interval="week"
          points={[{ period: '2026-03-09', amount: 48.5, quantity: 4, orders: 1 }]}
        />
      </I18nProvider>,
    );
    expect(
      screen.getByRole('img', {
        name: /^Sales in USD per week .*\$48\.50 in all, most in the week of 2026-03-09/,
      }),
    ).toBeTruthy();
    expect(screen.queryByText(/₩/)).toBeNull();
  });
});

describe('ReportsPage', () => {
  it('asks for the chosen group and range, shows a chart and a table per currency, and downloads the CSV', async () => {
    signedIn('staff-token');
    const api = stubApi({
      'GET /admin/sales/report': ({ url }) => {
        const by = new URL(url, 'http://x').searchParams.get('by');
        return {
          data: {
            from: '2026-03-01',
            to: '2026-03-31',
            by,
            currencies: [
              {
                currency: 'KRW',
                rows: [
                  { key: '1', label: 'Hanbit Records', amount: 150000, quantity: 5, orders: 2 },
                  { key: '2', label: 'Seoul Music', amount: 30000, quantity: 1, orders: 1 },
                ],
              },
              {
                currency: 'USD',
                rows: [{ key: '3', label: 'Global Beats', amount: 48.5, quantity: 4, orders: 1 }],
              },
            ],
          },
        };
      },
      'GET /admin/sales/report.csv': () =>
        new Response('currency,group', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="sales.csv"' },
        }),
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:sales');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<ReportsPage />, { route: '/reports?from=2026-03-01&to=2026-03-31&by=buyer' });

    const krw = await screen.findByRole('region', { name: 'KRW by buyer' });
    expect(api.callsTo('GET /admin/sales/report')[0]!.url).toBe(
      '/api/v1/admin/sales/report?from=2026-03-01&to=2026-03-31&by=buyer',
    );
    within(krw).getByRole('img', { name: /led by Hanbit Records with ₩150,000/ });
    const table = within(krw).getByRole('table', { name: 'Sales in KRW by buyer' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Hanbit Records', 'Seoul Music', 'Total']);
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('₩180,000');
    const usd = screen.getByRole('region', { name: 'USD by buyer' });
    expect(within(usd).getByRole('table').textContent).toContain('$48.50');

    await userEvent.selectOptions(screen.getByLabelText('By'), 'artist');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('region', { name: 'KRW by artist' });
    expect(api.callsTo('GET /admin/sales/report').at(-1)!.url).toContain('by=artist');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['sales.csv']));
    expect(api.callsTo('GET /admin/sales/report.csv')[0]!.url).toBe(
      '/api/v1/admin/sales/report.csv?from=2026-03-01&to=2026-03-31&by=artist',
    );
  });

  it('checks the range before asking', async () => {
    signedIn('staff-token');
    const api = stubApi({
      'GET /admin/sales/report': { data: { from: '', to: '', by: 'buyer', currencies: [] } },
    });
    renderWithProviders(<ReportsPage />, { route: '/reports?from=2026-03-01&to=2026-03-31' });
    await screen.findByText('No sales in this range.');
    const asked = api.calls.length;
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe('to must be on or after from.');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.length).toBe(asked);
  });
});
