import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { AuditPage } from './audit-page';

describe('the audit log in Korean', () => {
  it('shows its heading, table headers and change details in Korean', async () => {
    signedIn();
    stubApi({
      'GET /admin/me': {
        data: { mustChangePassword: false, role: 'OWNER', email: 'owner@kshop.example', name: 'Ha-eun' },
      },
      'GET /admin/audit': {
        data: {
          auditList: [
            {
              id: 1,
              createdAt: '2026-11-22T05:05:00.000Z',
              staffEmail: null,
              staffName: null,
              action: 'order.status',
              entity: 'order',
              entityId: 'f1f1f1f1-0000-4000-8000-000000000001',
              subject: '20261122-1001',
              productId: null,
              before: { status: 'PENDING' },
              after: { status: 'CONFIRMED' },
            },
          ],
          totalCount: 1,
        },
      },
    });
    await act(() => activateLanguage('ko'));
    renderWithProviders(<AuditPage />, { route: '/audit' });

    const table = await screen.findByRole('table', { name: '감사 로그' });
    expect(screen.getByRole('heading', { level: 1, name: '감사 로그' })).toBeTruthy();
    for (const name of ['일시', '내용', '대상']) {
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(within(table).getByText('시스템: 주문 20261122-1001의 상태를 변경했습니다')).toBeTruthy();
    expect(within(table).getByRole('link', { name: '20261122-1001' }).getAttribute('href')).toBe(
      '/orders/20261122-1001',
    );
    expect(within(table).getByText('변경 내용 보기')).toBeTruthy();
    expect(within(table).getByText('변경 전')).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'When' })).toBeNull();
  });
});
