import { contractTextsKo, messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { renderWithProviders } from '../../../test/render';
import { AddressList } from './address-list';

const ko = contractTextsKo.messages;
const TOKYO = {
  addressUuid: '11111111-1111-4111-8111-111111111111',
  postalCode: '100-0001',
  addressDetail: '1-1 Chiyoda, Tokyo',
  isDefault: false,
  country: 'JP',
};
const SEOUL = {
  addressUuid: '22222222-2222-4222-8222-222222222222',
  postalCode: '06234',
  addressDetail: '서울특별시 강남구 테헤란로 12',
  isDefault: true,
  country: 'KR',
};

describe('Shipping addresses in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('lists the addresses with Korean titles, buttons and country names', async () => {
    stubApi({ 'GET /user': { data: userProfileFixture({ addresses: [TOKYO, SEOUL] }) } });
    renderWithProviders(<AddressList onSelect={() => {}} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '기본 배송지',
      '배송지',
    ]);
    expect(items[1]?.textContent).toContain(', 일본');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: '선택' })).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByRole('button', { name: '수정' })).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByRole('button', { name: '삭제' })).toBeTruthy();
    expect(screen.queryByText('Default')).toBeNull();
  });

  it('adds an address in a Korean dialog that checks the address in Korean', async () => {
    const api = stubApi({ 'GET /user': { data: userProfileFixture({ isKoreanCompany: false }) } });
    const user = userEvent.setup();
    renderWithProviders(<AddressList />);
    await user.click(await screen.findByRole('button', { name: '배송지 추가' }));

    const dialog = screen.getByRole('dialog', { name: '배송지 추가' });
    expect(dialog.textContent).toContain(ko.address.notice);
    expect(dialog.textContent).not.toContain(messages.address.notice);
    expect(within(dialog).getByLabelText('우편번호')).toBeTruthy();
    expect(within(dialog).getByText('선택')).toBeTruthy();
    const country = within(dialog).getByRole('combobox', { name: '국가' }) as HTMLSelectElement;
    expect(country.options[0]?.textContent).toBe('국가 선택');
    expect(within(dialog).getByRole('checkbox', { name: '기본 배송지로 설정' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText(ko.address.required)).toBeTruthy();
    expect(within(dialog).getByLabelText('배송지 주소').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /user/address')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
