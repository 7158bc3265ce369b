import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { productDetail, productOption } from '../../../test/fixtures';
import { envelope, renderWithI18n, renderWithProviders } from '../../../test/render';
import { MustRead } from './must-read';
import { ProductPurchase } from './product-purchase';
import { ShippingInfo } from './shipping-info';
import { StockAlertPanel } from './stock-alert-panel';
import { VolumeTierTable } from './volume-tiers';

const price = (totalPrice: number) => ({ totalPrice, comparedPrice: null });

describe('the product page in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('asks a guest in Korean to log in, with the option dropdown, TOTAL and Add to Cart in Korean', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    await act(() => activateLanguage('ko'));
    const options = [
      productOption({ uuid: 'a', optionNameValue1: 'X' }),
      productOption({ uuid: 'b', optionNameValue1: 'Y', isSoldOut: true }),
    ];
    renderWithProviders(<ProductPurchase detail={productDetail(options)} />);
    const select = screen.getByLabelText('VERSION');
    expect(within(select).getByRole('option', { name: '- 선택 -' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Y (품절)' })).toHaveProperty('disabled', true);
    expect(screen.getByText('합계')).toBeTruthy();
    expect(screen.getAllByText('회원 전용').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '구매 전 반드시 읽고 동의해 주십시오' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '장바구니 담기' }));
    expect(screen.getByRole('alertdialog', { name: '장바구니에 담으려면 로그인해 주십시오.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it("says the quantity rule's message in Korean and, after adding, 'Added to Cart!' in Korean", async () => {
    startSession('member');
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
    await act(() => activateLanguage('ko'));
    const a = productOption({ uuid: 'a', optionNameValue1: 'X', stock: 3, productPrice: price(1) });
    renderWithProviders(<ProductPurchase detail={productDetail([a])} />);
    const input = screen.getByRole('textbox', { name: '수량' });
    await user.clear(input);
    await user.type(input, '9{Enter}');
    expect(screen.getByText('주문 가능한 최대 수량은 3개입니다.')).toBeTruthy();
    expect(screen.getByText('개당 US$1.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: '수량 줄이기' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '장바구니 담기' }));
    const dialog = await screen.findByRole('dialog', { name: '장바구니에 담았습니다!' });
    expect(within(dialog).getByRole('link', { name: '쇼핑 계속하기' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '장바구니 보기' })).toBeTruthy();
  });

  it('offers the back-in-stock notice in Korean', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ optionUuidList: ['b'] })),
    );
    await act(() => activateLanguage('ko'));
    const options = [
      productOption({ uuid: 'a', optionNameValue1: 'X', stock: 0 }),
      productOption({ uuid: 'b', optionNameValue1: 'Y', stock: 0 }),
    ];
    renderWithProviders(<StockAlertPanel openedUuid="a" options={options} />);
    expect(screen.getByRole('heading', { name: '재입고 알림' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Y 재입고 알림 해제' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'X 재입고 알림 신청' })).toBeTruthy();
    expect(screen.queryByText('Back in stock notice')).toBeNull();
  });

  it('shows the must-read, shipping information and volume prices in Korean', async () => {
    await act(() => activateLanguage('ko'));
    renderWithProviders(
      <>
        <MustRead />
        <ShippingInfo />
      </>,
    );
    expect(
      screen.getByText('지류 상품(앨범, 포토북, 잡지, 포스터)은 개봉 후 교환 및 환불이 불가합니다.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: '배송 및 반품' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '반품 및 환불 정책' }).getAttribute('href')).toBe(
      '/guide/returns',
    );
    expect(screen.queryByText('SHIPPING & RETURNS')).toBeNull();
    // Drawn on its own, outside the I18nProvider, the table follows the storefront's language as well.
    renderWithI18n(
      <VolumeTierTable
        option={productOption({
          uuid: 'c',
          optionNameValue1: 'A',
          productPrice: {
            totalPrice: 9000,
            comparedPrice: null,
            volumeTiers: [{ minQuantity: 50, discountPercent: 5, price: 8550 }],
          },
        })}
        currencyCode="KRW"
      />,
    );
    expect(screen.getByRole('heading', { name: '수량별 할인 가격' })).toBeTruthy();
    expect(screen.getByText('₩8,550').closest('li')?.textContent).toBe('50개 이상: 개당 ₩8,550 (5% 할인)');
  });
});
