import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { InquiryDetailPage } from './inquiry-detail-page';

const INQUIRY = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  status: 'NEW',
  email: 'guest@example.com',
  companyName: '케이팝상사',
  representativeName: '김민수',
  phoneNumber: '02-555-0123',
  businessRegistrationNumber: '123-45-67890',
  content: '앨범 도매 가격을 알고 싶습니다.',
  member: true,
  answerNote: null,
  answeredAt: null,
  createdAt: '2026-11-22T05:05:00.000Z',
};

describe('InquiryDetailPage in Korean', () => {
  it('shows the message, the sender and the answer form in Korean', async () => {
    stubApi({ [`GET /admin/inquiries/${INQUIRY.id}`]: { data: INQUIRY } });
    signedIn();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<InquiryDetailPage />, {
      route: `/inquiries/${INQUIRY.id}`,
      path: '/inquiries/:id',
    });

    expect(await screen.findByRole('heading', { name: /케이팝상사 문의/, level: 1 })).toBeTruthy();
    expect(document.title).toContain('케이팝상사 문의');
    expect(screen.getByRole('heading', { name: '작성자 정보' })).toBeTruthy();
    expect(screen.getByText('로그인한 회원')).toBeTruthy();
    expect(screen.getByLabelText('답변 메모')).toBeTruthy();
    expect(screen.getByRole('button', { name: '답변 완료 처리' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark answered' })).toBeNull();
  });
});
