import { ALLOCATION_MESSAGES } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { OPTION_UUID, PREVIEW, PRODUCT_UUID } from '../../../test/allocation';
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

describe('AllocationPage in Korean', () => {
  it('shows the page, the rules and the preview in Korean, and records a receipt', async () => {
    signedIn();
    const api = stubApi({
      [PREVIEW_PATH]: { data: PREVIEW },
      [RECEIPT_PATH]: { data: { ...PREVIEW, allocatedOnReceipt: null } },
    });
    const user = userEvent.setup();
    await act(() => activateLanguage('ko'));
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: '입고 및 배분 · NewJeans 2nd EP · Bluebook' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: '입고 기록' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '비례 배분 (박스 단위, 나머지는 주문 시각순)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '선착순' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '가격 그룹 우선, 다음은 주문 시각순' })).toBeTruthy();
    expect(screen.getByLabelText('업체당 최소 수량')).toBeTruthy();
    const preview = screen.getByRole('table', { name: '배분 미리보기' });
    expect(within(preview).getByRole('row', { name: /Hanbit/ }).textContent).toContain(
      '이월 주문(백오더)으로 유지',
    );
    expect(within(preview).getByRole('row', { name: /Starlight/ }).textContent).toContain('취소');

    await user.type(screen.getByLabelText('입고 수량'), '4');
    await user.click(screen.getByRole('button', { name: '입고 기록' }));
    expect(await screen.findByText('입고를 기록했습니다.')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '입고 기록' })).getByRole('status').textContent,
    ).toContain('기다리는 예약 주문을 모두 채우지 못해 자동으로 배분하지 않았습니다.');
    expect(api.callsTo(RECEIPT_PATH)[0]!.headers).toMatchObject({ 'Accept-Language': 'ko' });
  });

  it('confirms the commit in Korean and shows the stale message in Korean', async () => {
    signedIn();
    const api = stubApi({
      [PREVIEW_PATH]: { data: PREVIEW },
      [COMMIT_PATH]: { statusCode: 409, message: ALLOCATION_MESSAGES.stale },
    });
    const user = userEvent.setup();
    await act(() => activateLanguage('ko'));
    renderPage();

    await user.click(await screen.findByRole('button', { name: '배분 확정' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('예약 주문 품목 2건에 10개를 배분합니다');
    await user.click(within(dialog).getByRole('button', { name: '배분 확정' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '미리보기 이후 예약 주문이나 재고가 바뀌었습니다. 새 미리보기를 확인하고 다시 확정해 주십시오.',
    );
    await waitFor(() => expect(api.callsTo(PREVIEW_PATH)).toHaveLength(2));
  });

  it('says in Korean that a receipt filled every waiting pre-order', async () => {
    signedIn();
    stubApi({
      [PREVIEW_PATH]: { data: PREVIEW },
      [RECEIPT_PATH]: {
        data: { ...PREVIEW, lines: [], allocatedOnReceipt: { lines: 2, units: 26 } },
        message: ALLOCATION_MESSAGES.allocatedOnReceipt(2, 26),
      },
    });
    const user = userEvent.setup();
    await act(() => activateLanguage('ko'));
    renderPage();

    await user.type(await screen.findByLabelText('입고 수량'), '16');
    await user.click(screen.getByRole('button', { name: '입고 기록' }));
    expect(
      (await within(screen.getByRole('region', { name: '입고 기록' })).findByRole('status')).textContent,
    ).toBe(
      '입고를 기록했습니다. 기다리던 예약 주문을 모두 채울 수 있어 2건(26개)을 전량 배분했으며, 각 바이어에게 메일을 보냅니다.',
    );
  });
});
