import { messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { renderWithProviders } from '../../../test/render';
import { AddressList } from './address-list';

const HOME = {
  addressUuid: '11111111-1111-4111-8111-111111111111',
  postalCode: '06234',
  addressDetail: '12 Teheran-ro, Seoul',
  isDefault: false,
};
const OFFICE = {
  addressUuid: '22222222-2222-4222-8222-222222222222',
  postalCode: '',
  addressDetail: '1 Market St, San Francisco',
  isDefault: true,
};

describe('AddressList', () => {
  it("titles the default address 'Default', the others 'Address'", async () => {
    stubApi({ 'GET /user': { data: userProfileFixture({ addresses: [HOME, OFFICE] }) } });
    renderWithProviders(<AddressList />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Default',
      'Address',
    ]);
    expect(items[0]?.textContent).toContain(OFFICE.addressDetail);
    expect(items[1]?.textContent).toContain('[06234]');
  });

  it("says 'No saved addresses.' and offers Add Address, which opens the dialog", async () => {
    stubApi({ 'GET /user': { data: userProfileFixture() } });
    const user = userEvent.setup();
    renderWithProviders(<AddressList />);
    expect(await screen.findByText(messages.address.empty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(screen.getByRole('dialog', { name: 'Add Address' })).toBeTruthy();
  });

  it("starts a Global company's dialog without a country, shows each address's country, and returns focus on Escape", async () => {
    const toronto = {
      ...HOME,
      postalCode: 'M5V 2T6',
      addressDetail: '200 Front St W, Toronto',
      country: 'CA',
    };
    stubApi({
      'GET /user': { data: userProfileFixture({ isKoreanCompany: false, addresses: [toronto] }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddressList />);
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('[M5V 2T6] 200 Front St W, Toronto, Canada');

    const add = screen.getByRole('button', { name: 'Add Address' });
    await user.click(add);
    const dialog = screen.getByRole('dialog', { name: 'Add Address' });
    expect((within(dialog).getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Address' })).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  it('deletes after the confirm, then alerts', async () => {
    const api = stubApi({
      'GET /user': { data: userProfileFixture({ addresses: [HOME] }) },
      [`DELETE /user/address/${HOME.addressUuid}`]: { message: messages.address.deleted },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddressList />);
    const item = await screen.findByRole('listitem');

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: messages.address.confirmDelete });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /user/address/${HOME.addressUuid}`)).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: messages.address.deleted })).toBeTruthy();
    expect(api.callsTo(`DELETE /user/address/${HOME.addressUuid}`)).toHaveLength(1);
  });

  it("alerts 'Failed to delete address...' when the server refuses", async () => {
    stubApi({
      'GET /user': { data: userProfileFixture({ addresses: [HOME] }) },
      [`DELETE /user/address/${HOME.addressUuid}`]: { statusCode: 404, message: 'Address not found.' },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddressList />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: messages.address.deleteFailed })).toBeTruthy();
  });

  it('offers Select on each address when picking one', async () => {
    stubApi({ 'GET /user': { data: userProfileFixture({ addresses: [HOME, OFFICE] }) } });
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddressList onSelect={onSelect} selectedAddressUuid={OFFICE.addressUuid} />);
    const [first, second] = await screen.findAllByRole('button', { name: 'Select' });
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    await user.click(second as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(HOME);
  });
});
