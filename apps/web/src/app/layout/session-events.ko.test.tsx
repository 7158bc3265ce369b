import { contractTextsKo } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api-client';
import { getAccessToken, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { NotFoundPage } from '../routes/not-found-page';
import { SessionEvents } from './session-events';

const ko = contractTextsKo.messages;

describe('SessionEvents in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('logs a pending account out on the Korean answer and alerts in Korean', async () => {
    await act(() => activateLanguage('ko'));
    startSession('pending-token');
    stubApi({ 'POST /cart': { statusCode: 403, message: ko.account.pendingApproval } });
    renderWithProviders(<SessionEvents />);
    await expect(apiRequest('/cart', { method: 'POST', body: {} })).rejects.toThrow(
      ko.account.pendingApproval,
    );
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByRole('alertdialog', { name: ko.account.pendingApprovalAlert })).toBeTruthy();
  });

  it('titles the not-found page in Korean', async () => {
    await act(() => activateLanguage('ko'));
    renderWithProviders(<NotFoundPage />);
    expect(document.title).toBe('페이지를 찾을 수 없습니다 | KSHOP Wholesale');
    expect(screen.getByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '홈으로 돌아가기' })).toBeTruthy();
    expect(screen.queryByText('Back to Home')).toBeNull();
  });
});
