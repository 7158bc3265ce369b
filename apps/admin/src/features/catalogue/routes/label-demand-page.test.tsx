import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMAND, NOTHING_ORDERED, PRODUCT_UUID } from '../../../test/label-demand';
import { renderWithProviders, signedIn } from '../../../test/render';
import { LabelDemandPage } from './label-demand-page';

const DEMAND_PATH = `GET /admin/products/${PRODUCT_UUID}/demand`;
const renderPage = () =>
  renderWithProviders(<LabelDemandPage />, {
    route: `/products/${PRODUCT_UUID}/demand`,
    path: '/products/:productUuid/demand',
  });

afterEach(() => vi.restoreAllMocks());

describe('LabelDemandPage', () => {
  it('lists each option with its sums and a total, its buyers behind a disclosure button', async () => {
    signedIn();
    stubApi({ [DEMAND_PATH]: { data: DEMAND } });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Label order · NewJeans 2nd EP' }),
    ).toBeTruthy();
    expect(document.title).toContain('Label order: NewJeans 2nd EP');
    expect(screen.getByRole('link', { name: '‹ NewJeans 2nd EP' }).getAttribute('href')).toBe(
      `/products/${PRODUCT_UUID}`,
    );
    const table = screen.getAllByRole('table')[0]!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Option', 'SKU', 'Ordered', 'Shipped', 'Open', 'Stock', 'To order', 'Goods receipt']);
    const bluebook = screen.getByRole('row', { name: /Bluebook/ });
    expect(
      within(bluebook)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['KS000101', '30', '4', '26', '10', '16', 'Receive and allocate Bluebook']);
    expect(
      within(bluebook).getByRole('link', { name: 'Receive and allocate Bluebook' }).getAttribute('href'),
    ).toBe(`/products/${PRODUCT_UUID}/options/${DEMAND.options[0]!.optionUuid}/allocation`);
    const total = screen.getByRole('row', { name: /Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['30', '4', '26', '15', '16', '']);
    // Nobody ordered Weverse: its row has no buyers to open.
    const weverse = screen.getByRole('row', { name: /Weverse/ });
    expect(within(weverse).queryByRole('button')).toBeNull();
    // Every option, ordered or not, leads to its goods receipt and allocation.
    expect(within(weverse).getByRole('link', { name: 'Receive and allocate Weverse' })).toBeTruthy();

    const disclosure = screen.getByRole('button', { name: /Bluebook/ });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table', { name: 'Buyers of Bluebook' })).toBeNull();
    // Keyboard: focus the button and press Enter.
    disclosure.focus();
    await userEvent.keyboard('{Enter}');
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    const buyers = screen.getByRole('table', { name: 'Buyers of Bluebook' });
    expect(document.getElementById(disclosure.getAttribute('aria-controls')!)?.contains(buyers)).toBe(true);
    expect(
      within(buyers)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Company', 'col'],
      ['Email', 'col'],
      ['Country', 'col'],
      ['Ordered', 'col'],
      ['Open', 'col'],
      ['Orders', 'col'],
      ['First ordered', 'col'],
    ]);
    const hanbit = within(buyers).getByRole('row', { name: /Hanbit Records/ });
    expect(
      within(hanbit)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['korea@demo.kshop.example', 'South Korea', '20', '16', '2']);
    expect(
      within(buyers)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Hanbit Records Co., Ltd.', 'Starlight Goods LLC']);
    await userEvent.keyboard(' ');
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table', { name: 'Buyers of Bluebook' })).toBeNull();
  });

  it('downloads the CSV and the XLSX with the staff token, saved under their names', async () => {
    signedIn('staff-token');
    const file = (fileName: string) => () =>
      new Response('Row,Option', {
        status: 200,
        headers: { 'Content-Disposition': `attachment; filename="${fileName}"` },
      });
    const api = stubApi({
      [DEMAND_PATH]: (call) =>
        call.url.includes('format=csv')
          ? file('kshop-label-order.csv')()
          : call.url.includes('format=xlsx')
            ? file('kshop-label-order.xlsx')()
            : { data: DEMAND },
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:label-order');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['kshop-label-order.csv']));
    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(saved).toEqual(['kshop-label-order.csv', 'kshop-label-order.xlsx']));
    const files = api.callsTo(DEMAND_PATH).filter((c) => c.url.includes('format='));
    expect(files.map((c) => c.url)).toEqual([
      `/api/v1/admin/products/${PRODUCT_UUID}/demand?format=csv`,
      `/api/v1/admin/products/${PRODUCT_UUID}/demand?format=xlsx`,
    ]);
    expect(files[0]!.headers).toMatchObject({ Authorization: 'Bearer staff-token', 'Accept-Language': 'en' });
  });

  it('says when nothing has been ordered yet, with nothing to download', async () => {
    signedIn();
    stubApi({ [DEMAND_PATH]: { data: NOTHING_ORDERED } });
    renderPage();
    expect(
      (await screen.findByText('Nothing has been ordered for this product yet.')).getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('says why a product cannot be shown', async () => {
    signedIn();
    stubApi({ [DEMAND_PATH]: { statusCode: 404, message: 'Product not found.' } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found.');
  });
});
