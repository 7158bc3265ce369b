import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PriceGroupsPage } from './price-groups-page';

describe('PriceGroupsPage in Korean', () => {
  it('shows the groups, the explicit prices and their buttons in Korean', async () => {
    stubApi({
      'GET /admin/price-groups': {
        data: {
          priceGroupList: [
            { id: 1, name: 'Standard', discountPercent: 0, isStandard: true, buyerCount: 3, priceCount: 0 },
          ],
        },
      },
      'GET /admin/price-groups/1/prices': { data: { priceList: [] } },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    renderWithProviders(<PriceGroupsPage />, { route: '/price-groups' });

    expect(screen.getByRole('heading', { name: '가격 그룹', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '가격 그룹 추가' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['이름', '정가 대비 할인율(%)', '바이어', '지정 가격', '관리']);
    expect(within(table).getByRole('button', { name: 'Standard 삭제' }).getAttribute('title')).toBe(
      'Standard 그룹은 삭제할 수 없습니다.',
    );
    expect(screen.getByRole('heading', { name: '그룹 지정 가격' })).toBeTruthy();
    expect(
      await screen.findByText('지정 가격이 없습니다. 모든 옵션에 그룹 할인율이 적용됩니다.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add price group' })).toBeNull();
  });
});
