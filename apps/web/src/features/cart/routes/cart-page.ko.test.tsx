import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { useCartCount } from '../components/cart-count';
import { cartData, cartItem, stubApi } from '../test/cart-fixtures';
import { CartPage } from './cart-page';

async function renderKoreanCart() {
  await act(() => activateLanguage('ko'));
  startSession('member');
  renderWithProviders(<CartPage />, { route: '/cart' });
  await screen.findByRole('heading', { level: 1, name: '장바구니' });
}

function CartLink() {
  const { describedBy, badge } = useCartCount();
  return (
    <a href="/cart" aria-describedby={describedBy}>
      {badge}
    </a>
  );
}

describe('the cart in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('says an empty cart is empty, in Korean', async () => {
    stubApi(cartData([]));
    await renderKoreanCart();
    expect(await screen.findByText('장바구니가 비어 있습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '쇼핑 계속하기' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Your cart is empty')).toBeNull();
    expect(document.title).toContain('장바구니');
  });

  it('shows the lines, summary, stock notice and quantity controls in Korean', async () => {
    const kept = cartItem({ title: 'NOVA9 1st Album', quantity: 2, price: 15000 });
    const gone = cartItem({ title: 'Light Stick', quantity: 1, option: { minimumOrderQuantity: 5 } });
    stubApi(cartData([kept, gone], 'KRW'));
    await renderKoreanCart();
    expect(await screen.findByText('재고가 부족하여 일부 상품의 수량이 조정되었습니다.')).toBeTruthy();
    const removed = screen.getByRole('list', { name: '삭제된 상품' });
    expect(within(removed).getByText('Light Stick (A)')).toBeTruthy();
    const line = screen.getByRole('heading', { name: 'NOVA9 1st Album' }).closest('li') as HTMLElement;
    expect(within(line).getByRole('group', { name: 'NOVA9 1st Album A 수량' })).toBeTruthy();
    expect(within(line).getByRole('textbox', { name: '수량' })).toHaveProperty('value', '2');
    expect(within(line).getByRole('button', { name: '수량 줄이기' })).toBeTruthy();
    expect(within(line).getByRole('button', { name: 'NOVA9 1st Album A 삭제' })).toBeTruthy();
    expect(within(line).getByText('소계')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '주문 요약' })).toBeTruthy();
    expect(screen.getByText('합계')).toBeTruthy();
    expect(screen.getByRole('link', { name: '주문서 작성' }).getAttribute('href')).toBe('/order');
    expect(screen.getByRole('link', { name: '쇼핑 계속하기' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'CHECKOUT' })).toBeNull();
  });

  it('counts the cart lines beside the header icon in Korean', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(cartData([cartItem(), cartItem(), cartItem()]))),
    );
    await act(() => activateLanguage('ko'));
    renderWithProviders(<CartLink />);
    expect(await screen.findByText('장바구니 상품 3개')).toBeTruthy();
    expect(screen.queryByText('3 items in cart')).toBeNull();
  });
});
