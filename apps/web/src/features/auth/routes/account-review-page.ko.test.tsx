import { contractTextsKo, OFFICE_HOURS, SESSION_KEYS } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { PendingAccountRedirect } from '../components/pending-account-redirect';
import { AccountReviewPage } from './account-review-page';

const ko = contractTextsKo.messages;

describe('Account review in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('explains the review in Korean', () => {
    renderWithProviders(<AccountReviewPage />, { route: '/account-review' });
    expect(screen.getByRole('heading', { level: 1, name: '계정 심사 중' })).toBeTruthy();
    expect(screen.getByText(ko.account.pendingApproval)).toBeTruthy();
    expect(screen.getByText(OFFICE_HOURS)).toBeTruthy();
    expect(screen.getByRole('link', { name: '문의하기' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: '계속 둘러보기' })).toBeTruthy();
    expect(screen.queryByText('ACCOUNT UNDER REVIEW')).toBeNull();
  });

  it('logs a pending account out when the API says so in Korean', async () => {
    startSession('pending-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        (init?.headers as Record<string, string> | undefined)?.Authorization
          ? envelope(null, 403, ko.account.pendingApproval)
          : envelope({ productOptionList: [], totalCount: 0 }),
      ),
    );
    renderWithProviders(<PendingAccountRedirect />, { route: '/productlist/9' });
    await apiRequest('/product/list');
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account-review'));
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
  });
});
