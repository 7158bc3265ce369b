import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import type { AdminBuyerDetail } from '../api/buyers-api';
import { BuyerDetailPage } from './buyer-detail-page';

const ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const BUYER: AdminBuyerDetail = {
  id: ID,
  email: 'pending@demo.kshop.example',
  status: 'PENDING',
  statusReason: null,
  isKoreanCompany: true,
  companyName: '케이팝상사',
  representativeName: '김민수',
  businessRegistrationNumber: '123-45-67890',
  phoneNumber: '02-555-0123',
  companyAddress: '서울시 마포구 월드컵로 1',
  postalCode: '04000',
  marketingAgree: true,
  createdAt: '2026-11-22T02:46:37.231Z',
  certificate: null,
  addresses: [],
  orderCount: 3,
  priceGroupId: 1,
};

describe('BuyerDetailPage in Korean', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the company details, the price group and the reject dialog in Korean', async () => {
    stubApi({
      [`GET /admin/buyers/${ID}`]: { data: BUYER },
      'GET /admin/price-groups': {
        data: {
          priceGroupList: [
            { id: 1, name: 'Standard', discountPercent: 0, isStandard: true, buyerCount: 1, priceCount: 0 },
          ],
        },
      },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup();
    renderWithProviders(<BuyerDetailPage />, { route: `/buyers/${ID}`, path: '/buyers/:id' });

    expect(await screen.findByRole('heading', { name: '업체명', level: 2 })).toBeTruthy();
    expect(screen.getByText('대표자명')).toBeTruthy();
    expect(screen.getByText('국내 업체, KRW 가격')).toBeTruthy();
    expect(screen.getByRole('link', { name: '주문 3건' })).toBeTruthy();
    expect(screen.getByText('등록된 사업자등록증이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '가격 그룹', level: 2 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '가격 그룹 저장' })).toBeTruthy();
    expect(screen.queryByText('Representative')).toBeNull();

    await user.click(screen.getByRole('button', { name: '반려' }));
    const dialog = within(await screen.findByRole('dialog', { name: '계정 반려' }));
    expect(
      dialog.getByText(/계정을 반려하시겠습니까\? 아래 사유가 바이어에게 이메일로 발송됩니다\./),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '계정 반려' }));
    expect(dialog.getByText('사유를 입력해 주십시오.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: '취소' })).toBeTruthy();
  });
});
