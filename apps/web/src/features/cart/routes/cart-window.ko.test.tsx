import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cartData, cartItem, stubApi } from '../test/cart-fixtures';
import { CartPage } from './cart-page';

const lineOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('cart lines and the order window in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('says in Korean why a line is left out of checkout, and a pre-order line’s dates', async () => {
    stubApi(
      cartData([
        cartItem({
          title: 'Pre-order Album',
          product: { preorder: true, orderWindow: 'OPEN', releaseDate: '2026-12-18', shipsOn: '2026-12-20' },
        }),
        cartItem({ title: 'Closed Pre-order', product: { orderWindow: 'CLOSED', preorder: true } }),
        cartItem({ title: 'Closed Album', product: { orderWindow: 'CLOSED' } }),
        cartItem({
          title: 'Coming Album',
          product: { orderWindow: 'NOT_YET', salesStartAt: '2026-12-01T01:00:00.000Z' },
        }),
      ]),
    );
    await act(() => activateLanguage('ko'));
    startSession('member');
    renderWithProviders(<CartPage />, { route: '/cart' });
    await screen.findByRole('heading', { name: 'Pre-order Album' });
    const preorder = within(lineOf('Pre-order Album'));
    expect(preorder.getByText('예약 주문')).toBeTruthy();
    expect(preorder.getByText('발매일: 2026-12-18')).toBeTruthy();
    expect(preorder.getByText('출고 예정일: 2026-12-20')).toBeTruthy();
    expect(within(lineOf('Closed Pre-order')).getByText('예약 주문 마감')).toBeTruthy();
    expect(within(lineOf('Closed Album')).getByText('주문 마감')).toBeTruthy();
    expect(within(lineOf('Coming Album')).getByText('주문 시작: 2026-12-01 10:00 (한국 시간)')).toBeTruthy();
    expect(
      screen.getByText('주문이 마감되었거나 아직 시작되지 않은 상품은 결제에서 제외됩니다.'),
    ).toBeTruthy();
  });
});
