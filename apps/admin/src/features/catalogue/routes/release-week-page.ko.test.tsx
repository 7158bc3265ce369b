import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { NO_RELEASE_DATE, RELEASE_PRODUCT_UUID, RELEASE_WEEK } from '../../../test/release-week';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ReleaseWeekPage } from './release-week-page';

const REPORT_PATH = `GET /admin/products/${RELEASE_PRODUCT_UUID}/release-week`;
const renderPage = () =>
  renderWithProviders(<ReleaseWeekPage />, {
    route: `/products/${RELEASE_PRODUCT_UUID}/release-week`,
    path: '/products/:productUuid/release-week',
  });

afterEach(() => vi.restoreAllMocks());

describe('ReleaseWeekPage in Korean', () => {
  it('shows the summary, the table and the downloads in Korean, and asks for the file in Korean', async () => {
    signedIn('staff-token');
    const api = stubApi({
      [REPORT_PATH]: (call) =>
        call.url.includes('format=')
          ? new Response('일자(KST),SKU', {
              status: 200,
              headers: { 'Content-Disposition': 'attachment; filename="kshop-release-week.csv"' },
            })
          : { data: RELEASE_WEEK },
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:release-week');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await act(() => activateLanguage('ko'));
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: '발매 주간 · NewJeans 2nd EP' }),
    ).toBeTruthy();
    expect(
      screen.getByText('발매일 2026-03-10: 발매 주간은 한국 시간 기준 2026-03-10부터 2026-03-16까지입니다.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      '발매 주간 내',
      '발매 주간 이전',
      '발매 주간 이후',
      '전체 출고 수량',
    ]);
    const table = screen.getByRole('table', { name: '일자별 출고 수량' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['일자(KST)', 'SKU', '바코드', '옵션', '거래처', '국가', '출고 수량', '발매 주간']);
    const released = within(table).getByRole('row', { name: /2026-03-10/ });
    expect(released.textContent).toContain('대한민국');
    expect(released.textContent).toContain('발매 주간 내');
    expect(within(table).getByRole('row', { name: /2026-03-17/ }).textContent).toContain('발매 주간 이후');

    expect(screen.getByRole('button', { name: 'XLSX 다운로드' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'CSV 다운로드' }));
    await waitFor(() => expect(saved).toEqual(['kshop-release-week.csv']));
    const [file] = api.callsTo(REPORT_PATH).filter((c) => c.url.includes('format=csv'));
    expect(file!.headers).toMatchObject({ 'Accept-Language': 'ko' });
  });

  it('says in Korean when the product has no release date', async () => {
    signedIn();
    stubApi({ [REPORT_PATH]: { data: NO_RELEASE_DATE } });
    await act(() => activateLanguage('ko'));
    renderPage();
    expect(
      await screen.findByText('이 상품은 발매일이 없어 발매 주간에 포함되는 출고가 없습니다.'),
    ).toBeTruthy();
  });
});
