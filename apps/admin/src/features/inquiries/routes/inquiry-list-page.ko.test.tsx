import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { InquiryListPage } from './inquiry-list-page';

const INQUIRY = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  status: 'NEW' as const,
  email: 'guest@example.com',
  companyName: '케이팝상사',
  representativeName: '김민수',
  phoneNumber: '02-555-0123',
  businessRegistrationNumber: '123-45-67890',
  content: '앨범 도매 가격을 알고 싶습니다.',
  member: false,
  answerNote: null,
  answeredAt: null,
  createdAt: '2026-11-22T05:05:00.000Z',
};

describe('InquiryListPage in Korean', () => {
  it('shows its heading, status filter and table headers in Korean', async () => {
    stubApi({ 'GET /admin/inquiries': { data: { inquiryList: [INQUIRY], totalCount: 1 } } });
    signedIn();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<InquiryListPage />, { route: '/inquiries' });

    expect(screen.getByRole('heading', { name: '문의', level: 1 })).toBeTruthy();
    const filters = within(screen.getByRole('form', { name: '문의 검색 조건' }));
    expect(filters.getByRole('option', { name: '답변 완료' })).toBeTruthy();
    expect(filters.getByRole('button', { name: '조회' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['접수일시', '업체명', '이메일', '문의 내용', '회원 구분', '상태']);
    expect(within(table).getByText('비회원')).toBeTruthy();
    expect(screen.queryByText('Received')).toBeNull();
  });
});
