import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NO_RELEASE_DATE,
  NOTHING_SHIPPED,
  RELEASE_PRODUCT_UUID,
  RELEASE_WEEK,
} from '../../../test/release-week';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ReleaseWeekPage } from './release-week-page';

const REPORT_PATH = `GET /admin/products/${RELEASE_PRODUCT_UUID}/release-week`;
const renderPage = () =>
  renderWithProviders(<ReleaseWeekPage />, {
    route: `/products/${RELEASE_PRODUCT_UUID}/release-week`,
    path: '/products/:productUuid/release-week',
  });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => vi.restoreAllMocks());

describe('ReleaseWeekPage', () => {
  it('sums the units in, before and after the release week and lists each day, the week marked in words', async () => {
    signedIn();
    stubApi({ [REPORT_PATH]: { data: RELEASE_WEEK } });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release week · NewJeans 2nd EP' }),
    ).toBeTruthy();
    expect(document.title).toContain('Release week: NewJeans 2nd EP');
    expect(
      screen.getByText(
        'Released on 2026-03-10: the release week runs from 2026-03-10 to 2026-03-16, Korea time.',
      ),
    ).toBeTruthy();
    const summary = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(summary).toEqual([
      ['In release week', '24'],
      ['Before release week', '1'],
      ['After release week', '3'],
      ['All units shipped', '28'],
    ]);

    const table = screen.getByRole('table', { name: 'Units shipped per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Day (KST)',
      'SKU',
      'Barcode',
      'Option',
      'Company',
      'Country',
      'Units shipped',
      'Release week',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      [
        '2026-03-09',
        'KS000101',
        '8809000000011',
        'Bluebook',
        'Hanbit Records Co., Ltd.',
        'South Korea',
        '1',
        'Before release week',
      ],
      [
        '2026-03-10',
        'KS000101',
        '8809000000011',
        'Bluebook',
        'Hanbit Records Co., Ltd.',
        'South Korea',
        '20',
        'In release week',
      ],
      [
        '2026-03-16',
        'KS000101',
        '8809000000011',
        'Bluebook',
        'Starlight Goods LLC',
        'United States',
        '4',
        'In release week',
      ],
      [
        '2026-03-17',
        'KS000102',
        '—',
        'Weverse',
        'Hanbit Records Co., Ltd.',
        'South Korea',
        '3',
        'After release week',
      ],
    ]);
  });

  it('says when the product has no release date, and marks no day in the week', async () => {
    signedIn();
    stubApi({ [REPORT_PATH]: { data: NO_RELEASE_DATE } });
    renderPage();
    expect(
      await screen.findByText('This product has no release date, so no shipment counts in a release week.'),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => cells(r).at(-1))).toEqual(['—', '—', '—', '—']);
  });

  it('downloads the CSV and the XLSX with the staff token, saved under their names', async () => {
    signedIn('staff-token');
    const api = stubApi({
      [REPORT_PATH]: (call) =>
        call.url.includes('format=')
          ? new Response('Day (KST),SKU', {
              status: 200,
              headers: {
                'Content-Disposition': `attachment; filename="kshop-release-week.${call.url.includes('csv') ? 'csv' : 'xlsx'}"`,
              },
            })
          : { data: RELEASE_WEEK },
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:release-week');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['kshop-release-week.csv']));
    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(saved).toEqual(['kshop-release-week.csv', 'kshop-release-week.xlsx']));
    const files = api.callsTo(REPORT_PATH).filter((c) => c.url.includes('format='));
    expect(files.map((c) => c.url)).toEqual([
      `/api/v1/admin/products/${RELEASE_PRODUCT_UUID}/release-week?format=csv`,
      `/api/v1/admin/products/${RELEASE_PRODUCT_UUID}/release-week?format=xlsx`,
    ]);
    expect(files[0]!.headers).toMatchObject({ Authorization: 'Bearer staff-token', 'Accept-Language': 'en' });
  });

  it('says when nothing has shipped yet, with nothing to download', async () => {
    signedIn();
    stubApi({ [REPORT_PATH]: { data: NOTHING_SHIPPED } });
    renderPage();
    expect((await screen.findByText('Nothing of this product has shipped yet.')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('says why a product cannot be shown', async () => {
    signedIn();
    stubApi({ [REPORT_PATH]: { statusCode: 404, message: 'Product not found.' } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found.');
  });
});
