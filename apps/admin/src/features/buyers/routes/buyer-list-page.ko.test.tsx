import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { BuyerListPage } from './buyer-list-page';

const BUYER = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  email: 'buyer@demo.kshop.example',
  status: 'PENDING',
  statusReason: null,
  isKoreanCompany: true,
  companyName: '케이팝상사',
  representativeName: '김민수',
  businessRegistrationNumber: '123-45-67890',
  phoneNumber: '02-555-0123',
  companyAddress: '서울시 마포구',
  postalCode: '04000',
  marketingAgree: false,
  createdAt: '2026-11-22T02:46:37.231Z',
};

describe('BuyerListPage in Korean', () => {
  it('shows its heading, filters and table headers in Korean', async () => {
    stubApi({ 'GET /admin/buyers': { data: { buyerList: [BUYER], totalCount: 1 } } });
    signedIn();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<BuyerListPage />, { route: '/buyers' });

    expect(screen.getByRole('heading', { name: '바이어', level: 1 })).toBeTruthy();
    const filters = within(screen.getByRole('form', { name: '바이어 검색 조건' }));
    expect(filters.getByRole('option', { name: '승인 대기' })).toBeTruthy();
    expect(filters.getByRole('option', { name: '국내 업체' })).toBeTruthy();
    expect(filters.getByRole('button', { name: '검색' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['업체명', '이메일', '사업자등록번호', '업체 소재지', '상태', '가입일']);
    expect(within(table).getByText('국내 (KRW)')).toBeTruthy();
    expect(screen.queryByText('Company')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });
});
