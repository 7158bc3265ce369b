import { QUICK_ORDER_MESSAGES } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { checkedLine, stubQuickOrderApi, table, unknownLine } from '../test/quick-order-fixtures';
import { QuickOrderPage } from './quick-order-page';

describe('quick order in Korean', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    await act(() => activateLanguage('en'));
  });

  it('labels the page in Korean and says each outcome in Korean', async () => {
    const user = userEvent.setup();
    stubQuickOrderApi({
      '/quick-order/check': () =>
        envelope(
          table([
            checkedLine('00123', [1], {
              quantity: 12,
              outcome: 'roundedToMultiple',
              notes: [{ kind: 'roundedToMultiple', message: QUICK_ORDER_MESSAGES.roundedToMultiple(6) }],
            }),
            unknownLine('NOPE', 2),
          ]),
        ),
    });
    await act(() => activateLanguage('ko'));
    startSession('member');
    renderWithProviders(<QuickOrderPage />, { route: '/quickorder' });
    expect(await screen.findByRole('heading', { level: 1, name: '빠른 주문' })).toBeTruthy();
    expect(document.title).toContain('빠른 주문');
    const box = screen.getByRole('textbox', {
      name: 'SKU 또는 바코드와 수량을 한 줄에 하나씩 붙여 넣으십시오',
    });
    expect(screen.getByLabelText(/CSV·엑셀 파일/)).toBeTruthy();
    await user.click(box);
    await user.paste('00123\t7\nNOPE\t1\nBAD\tx');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('3줄 중 1줄을 담을 수 있습니다.')).toBeTruthy();
    expect(screen.getByRole('table', { name: '확인한 줄' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '담을 수량' })).toBeTruthy();
    expect(screen.getByText('박스 단위(6개)에 맞춰 올렸습니다.')).toBeTruthy();
    expect(screen.getByText('이 SKU 또는 바코드의 상품이 없습니다.')).toBeTruthy();
    expect(screen.getByText('코드 뒤에 1 이상의 정수로 수량을 입력해 주십시오.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1줄 장바구니에 담기' })).toBeTruthy();
    expect(screen.queryByText(QUICK_ORDER_MESSAGES.unknownCode)).toBeNull();
  });
});
