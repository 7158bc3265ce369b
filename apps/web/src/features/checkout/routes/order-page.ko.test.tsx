import type { CartData, UserProfile } from '@kshop/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { cartData, cartItem } from '../../cart/test/cart-fixtures';
import { OrderPage } from './order-page';

const ORDER_UUID = '0b1c2d3e-0000-4000-8000-000000000009';

const profile: UserProfile = {
  email: 'buyer@hanbit.example',
  phoneNumber: '+82 10 1234 5678',
  companyName: '한빛레코드',
  representativeName: '김민지',
  businessRegistrationNumber: '1234567890',
  companyAddress: '서울특별시 강남구 테헤란로 12',
  postalCode: '06234',
  businessCertificateUrl: '',
  businessCertificateName: '',
  marketingAgree: false,
  isKoreanCompany: true,
  status: 'APPROVED',
  addresses: [],
};

function stubApi(cart: CartData) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/user') return envelope(profile);
      if (url === '/api/v1/cart') return envelope(cart);
      if (url === '/api/v1/order' && init?.method === 'POST')
        return envelope({ uuid: ORDER_UUID, orderNumber: '20261123-1001' });
      return envelope(null, 404, 'Not Found');
    }),
  );
}

describe('checkout in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('names the missing fields in Korean, then confirms and places the order in Korean', async () => {
    const user = userEvent.setup();
    stubApi(cartData([cartItem({ title: 'NOVA9 1st Album', quantity: 2, price: 15000 })], 'KRW'));
    await act(() => activateLanguage('ko'));
    startSession('member');
    renderWithProviders(<OrderPage />, { route: '/order' });
    const orderNow = await screen.findByRole('button', { name: '주문하기' });
    expect(screen.getByRole('heading', { level: 1, name: '배송 정보' })).toBeTruthy();
    expect(screen.getByLabelText('사업자등록번호')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('업체명')).toHaveProperty('value', '한빛레코드');
    expect(screen.getByLabelText('귀사 발주번호')).toHaveProperty('required', false);
    expect(
      screen.getByText('선택. 귀사의 발주번호를 입력하시면 인보이스와 패킹리스트에 인쇄됩니다.'),
    ).toBeTruthy();
    const panel = within(screen.getByRole('complementary', { name: '상품 정보' }));
    expect(panel.getByText('2 x ₩15,000 = ₩30,000')).toBeTruthy();
    expect(document.querySelector('.checkout-line__badge')?.textContent).toBe('수량 2');
    expect(screen.getByRole('button', { name: '배송지 선택/추가' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ORDER NOW' })).toBeNull();

    await user.click(orderNow);
    const missing = await screen.findByRole('alertdialog');
    expect(missing.querySelector('.message-dialog__text')?.textContent?.split('\n')).toEqual([
      '다음 항목을 입력해 주십시오:',
      '주소를 입력해 주십시오.',
    ]);
    await user.click(within(missing).getByRole('button'));
    expect(screen.getByLabelText('주소').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('주소를 입력해 주십시오.')).toBeTruthy();

    await user.type(screen.getByLabelText('주소'), '서울특별시 강남구 테헤란로 12');
    await user.click(orderNow);
    const confirm = await screen.findByRole('alertdialog', { name: '주문하시겠습니까?' });
    const [, ok] = within(confirm).getAllByRole('button');
    await user.click(ok as HTMLElement);
    const placed = await screen.findByRole('dialog', { name: '담당자 배정 중' });
    expect(within(placed).getByText('주문이 접수되었습니다.')).toBeTruthy();
    expect(within(placed).getByText('20261123-1001')).toBeTruthy();
    expect(within(placed).getByRole('link', { name: '확인' }).getAttribute('href')).toBe(
      `/mypage/shoppingdetail/${ORDER_UUID}`,
    );
  });
});
