import { SESSION_KEYS } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { BackorderChoiceForm } from './backorder-choice-form';

describe('the choice for pre-orders that arrive short, in Korean', () => {
  beforeEach(async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('offers, saves and confirms the choice in Korean', async () => {
    const api = stubApi({
      'GET /user/backorder-choice': { data: { choice: 'KEEP' } },
      'PUT /user/backorder-choice': { data: { choice: 'CANCEL' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<BackorderChoiceForm />);
    expect(await screen.findByRole('group', { name: '예약 상품이 부족하게 입고되면' })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: '나머지는 이월 주문으로 유지' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: '나머지는 취소' }));
    await user.click(screen.getByRole('button', { name: '선택 저장' }));
    expect(await screen.findByRole('alertdialog', { name: '이월 주문 설정을 저장했습니다.' })).toBeTruthy();
    expect(api.callsTo('PUT /user/backorder-choice')[0]?.body).toEqual({ choice: 'CANCEL' });
  });

  it('says in Korean that saving failed', async () => {
    stubApi({
      'GET /user/backorder-choice': { data: { choice: 'KEEP' } },
      'PUT /user/backorder-choice': { statusCode: 500, message: 'x' },
    });
    const user = userEvent.setup();
    renderWithProviders(<BackorderChoiceForm />);
    await user.click(await screen.findByRole('button', { name: '선택 저장' }));
    expect(
      await screen.findByRole('alertdialog', {
        name: '이월 주문 설정을 저장하지 못했습니다. 다시 시도해 주세요.',
      }),
    ).toBeTruthy();
  });
});
