import { messages, OFFICE_HOURS, SESSION_KEYS } from '@kshop/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { PendingAccountRedirect } from '../components/pending-account-redirect';
import { AccountReviewPage } from './account-review-page';

describe('AccountReviewPage', () => {
  it('explains the review and offers CONTACT US with the office hours', () => {
    renderWithProviders(<AccountReviewPage />, { route: '/account-review' });
    expect(screen.getByRole('heading', { level: 1, name: 'ACCOUNT UNDER REVIEW' })).toBeTruthy();
    expect(screen.getByText(messages.account.pendingApproval)).toBeTruthy();
    expect(screen.getByText(OFFICE_HOURS)).toBeTruthy();
    expect(OFFICE_HOURS).toBe('10:00-19:00 GMT+9');
    expect(screen.getByRole('link', { name: 'CONTACT US' }).getAttribute('href')).toBe('/contact');
  });
});

describe('PendingAccountRedirect', () => {
  it('goes to the review page when a call logs a pending account out', async () => {
    startSession('pending-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        (init?.headers as Record<string, string> | undefined)?.Authorization
          ? envelope(null, 403, messages.account.pendingApproval)
          : envelope({ productOptionList: [], totalCount: 0 }),
      ),
    );
    renderWithProviders(<PendingAccountRedirect />, { route: '/productlist/9' });
    expect(screen.getByTestId('location').textContent).toBe('/productlist/9');
    await apiRequest('/product/list');
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account-review'));
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
  });

  it('stays put for any other refusal', async () => {
    startSession('member-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, 403, 'Forbidden')),
    );
    renderWithProviders(<PendingAccountRedirect />, { route: '/cart' });
    await expect(apiRequest('/cart')).rejects.toThrow();
    expect(screen.getByTestId('location').textContent).toBe('/cart');
  });
});
