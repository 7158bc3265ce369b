import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
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

describe('LabelDemandPage in Korean', () => {
  it('shows the table, the buyers and the downloads in Korean, and asks for the file in Korean', async () => {
    signedIn('staff-token');
    const api = stubApi({
      [DEMAND_PATH]: (call) =>
        call.url.includes('format=')
          ? new Response('구분,옵션', {
              status: 200,
              headers: { 'Content-Disposition': 'attachment; filename="kshop-label-order.csv"' },
            })
          : { data: DEMAND },
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:label-order');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await act(() => activateLanguage('ko'));
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: '라벨 발주 · NewJeans 2nd EP' }),
    ).toBeTruthy();
    expect(
      within(screen.getAllByRole('table')[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['옵션', 'SKU', '주문 수량', '출고 수량', '미출고', '재고', '발주 필요 수량', '입고']);
    expect(screen.getByRole('link', { name: '입고 및 배분 Bluebook' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '합계' })).toBeTruthy();

    const disclosure = screen.getByRole('button', { name: /Bluebook.*거래처 2곳/ });
    await userEvent.click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    const buyers = screen.getByRole('table', { name: 'Bluebook 주문 거래처' });
    expect(
      within(buyers)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['거래처', '이메일', '국가', '주문 수량', '미출고', '주문 건수', '최초 주문 일시']);
    expect(within(buyers).getByRole('row', { name: /Hanbit/ }).textContent).toContain('대한민국');

    expect(screen.getByRole('button', { name: 'XLSX 다운로드' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'CSV 다운로드' }));
    await waitFor(() => expect(saved).toEqual(['kshop-label-order.csv']));
    const [file] = api.callsTo(DEMAND_PATH).filter((c) => c.url.includes('format=csv'));
    expect(file!.headers).toMatchObject({ 'Accept-Language': 'ko' });
  });

  it('says in Korean when nothing has been ordered yet', async () => {
    signedIn();
    stubApi({ [DEMAND_PATH]: { data: NOTHING_ORDERED } });
    await act(() => activateLanguage('ko'));
    renderPage();
    expect(await screen.findByText('아직 이 상품의 주문이 없습니다.')).toBeTruthy();
  });
});
