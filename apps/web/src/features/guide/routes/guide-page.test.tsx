import { contractTextsKo, messages, OFFICE_HOURS } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { GuidePage } from './guide-page';

/** The page reads its topic from the route, as the app's router gives it. */
const renderGuide = (topic: string) =>
  renderWithProviders(
    <Routes>
      <Route path="guide/:topic" element={<GuidePage />} />
    </Routes>,
    { route: `/guide/${topic}` },
  );

describe('GuidePage', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it("shows a guide with the spec's texts among its own", () => {
    renderGuide('returns');
    expect(screen.getByRole('heading', { level: 1, name: 'Return & Refund Policy' })).toBeTruthy();
    expect(document.title).toBe('Return & Refund Policy | KSHOP Wholesale');
    for (const disclaimer of messages.productDetail.disclaimers)
      expect(screen.getByText(disclaimer)).toBeTruthy();
    expect(screen.getByText(messages.productDetail.unboxingTip)).toBeTruthy();
    expect(screen.getByText(/^Report missing or damaged items within 7 days/)).toBeTruthy();
  });

  it('shows the guides in Korean, the contract texts included', async () => {
    await act(() => activateLanguage('ko'));
    renderGuide('shipping');
    expect(screen.getByRole('heading', { level: 1, name: '배송 안내' })).toBeTruthy();
    expect(document.title).toBe('배송 안내 | KSHOP Wholesale');
    expect(screen.getByText(contractTextsKo.messages.address.notice)).toBeTruthy();
    expect(
      screen.getByText(`배송에 관해 궁금한 점은 운영 시간(${OFFICE_HOURS}) 중에 문의해 주십시오.`),
    ).toBeTruthy();
    expect(screen.queryByText(messages.address.notice)).toBeNull();
    expect(screen.queryByText(/^Orders ship from our warehouse/)).toBeNull();
  });

  it('shows the returns, terms and privacy guides in Korean', async () => {
    await act(() => activateLanguage('ko'));
    const { unmount } = renderGuide('returns');
    expect(screen.getByRole('heading', { level: 1, name: '반품 및 환불 정책' })).toBeTruthy();
    for (const disclaimer of contractTextsKo.messages.productDetail.disclaimers)
      expect(screen.getByText(disclaimer)).toBeTruthy();
    expect(screen.getByText(contractTextsKo.messages.productDetail.unboxingTip)).toBeTruthy();
    unmount();
    const terms = renderGuide('terms');
    expect(screen.getByRole('heading', { level: 1, name: '이용약관' })).toBeTruthy();
    expect(screen.getByText(/^이 쇼핑몰은 사업자등록을 한 업체에만 판매합니다/)).toBeTruthy();
    terms.unmount();
    renderGuide('privacy');
    expect(screen.getByRole('heading', { level: 1, name: '개인정보처리방침' })).toBeTruthy();
    expect(screen.getByText('사업자등록증은 회원 본인과 당사 직원만 볼 수 있습니다.')).toBeTruthy();
  });
});
