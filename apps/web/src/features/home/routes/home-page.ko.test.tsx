import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { productItem } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from './home-page';

describe('Home in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('shows the hero, the sections and the contact banner in Korean; the catalogue names stay', async () => {
    stubApi({
      'GET /product/list': (call) =>
        new URL(call.url, 'http://shop.test').searchParams.has('categoryId')
          ? { data: { productOptionList: [], totalCount: 0 } }
          : { data: { productOptionList: [productItem(), productItem()], totalCount: 2 } },
    });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: '매장에 필요한 K-pop 앨범과 굿즈' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '예약 주문 상품 보기' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '사업자 회원가입' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('heading', { level: 2, name: '예약 주문' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'K-MERCH' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'PRE-ORDER' })).toBeNull();
    expect(screen.getAllByRole('link', { name: '전체 보기' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: '이전 상품' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '다음 상품' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: '예약 주문 상품' })).toBeTruthy();
    expect(await screen.findAllByText('등록된 상품이 아직 없습니다.')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: '찾으시는 상품이 없습니까?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '문의하기' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByText('VIEW ALL')).toBeNull();
    expect(screen.queryByText('No products yet.')).toBeNull();
  });
});
