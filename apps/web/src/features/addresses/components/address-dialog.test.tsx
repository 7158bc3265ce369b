import { ADDRESS_RULES, messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AddressDialog } from './address-dialog';

const SAVED = {
  addressUuid: '3f1c2a9e-8f7b-4c1d-9a2e-0b6d5c4e3f21',
  postalCode: '06234',
  addressDetail: '12 Teheran-ro, Gangnam-gu, Seoul',
  isDefault: false,
};

describe('AddressDialog', () => {
  it("adds: 'Add Address', SAVE, the notice, and the shipping address is required", async () => {
    const api = stubApi({ 'POST /user/address': { data: SAVED, message: messages.address.added } });
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog isKoreanCompany onClose={onClose} onSaved={onSaved} />);

    const dialog = screen.getByRole('dialog', { name: 'Add Address' });
    expect(dialog.textContent).toContain(messages.address.notice);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(messages.address.required)).toBeTruthy();
    expect(screen.getByLabelText('Shipping address').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    // Postal codes keep what is typed (they used to lose every non-digit; overseas codes have letters).
    await user.type(screen.getByLabelText('Postal code'), '06234');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('06234');
    // A Korean company's address is in Korea unless the buyer picks another country.
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('KR');
    await user.type(screen.getByLabelText('Shipping address'), SAVED.addressDetail);
    await user.click(screen.getByRole('checkbox', { name: 'Set as default address' }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByRole('alertdialog', { name: messages.address.added })).toBeTruthy();
    expect(api.callsTo('POST /user/address')[0]?.body).toEqual({
      postalCode: '06234',
      addressDetail: SAVED.addressDetail,
      isDefault: true,
      country: 'KR',
    });
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith(SAVED);
  });

  it("edits: 'Edit Address' with the address filled in, UPDATE sends a PATCH", async () => {
    const api = stubApi({
      [`PATCH /user/address/${SAVED.addressUuid}`]: { data: { ...SAVED, postalCode: '' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog isKoreanCompany address={SAVED} onClose={() => {}} />);

    expect(screen.getByRole('dialog', { name: 'Edit Address' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'SAVE' })).toBeNull();
    expect((screen.getByLabelText('Shipping address') as HTMLTextAreaElement).value).toBe(
      SAVED.addressDetail,
    );
    await user.clear(screen.getByLabelText('Postal code'));
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await screen.findByRole('alertdialog', { name: messages.address.updated })).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({
      postalCode: '',
      addressDetail: SAVED.addressDetail,
      isDefault: false,
      country: 'KR',
    });
  });

  it('keeps a Canadian postal code as typed and asks a Global company for the country, by the keyboard', async () => {
    const toronto = {
      addressUuid: SAVED.addressUuid,
      postalCode: 'M5V 2T6',
      addressDetail: '200 Front St W, Toronto, ON',
      isDefault: false,
      country: 'CA',
    };
    const api = stubApi({ 'POST /user/address': { data: toronto, message: messages.address.added } });
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog isKoreanCompany={false} onClose={() => {}} />);

    const postal = screen.getByLabelText('Postal code') as HTMLInputElement;
    await user.type(postal, 'M5V 2T6');
    expect(postal.value).toBe('M5V 2T6');
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('');
    await user.type(screen.getByLabelText('Shipping address'), toronto.addressDetail);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(ADDRESS_RULES.countryRequired)).toBeTruthy();
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    // Options read as country names; the keyboard picks one.
    expect(within(country).getByRole('option', { name: 'Canada' })).toBeTruthy();
    await user.selectOptions(country, 'Canada');
    expect(country.value).toBe('CA');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByRole('alertdialog', { name: messages.address.added })).toBeTruthy();
    expect(api.callsTo('POST /user/address')[0]?.body).toEqual({
      postalCode: 'M5V 2T6',
      addressDetail: toronto.addressDetail,
      isDefault: false,
      country: 'CA',
    });
  });

  it('names the postal code limit beside the field', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog isKoreanCompany onClose={() => {}} />);
    await user.type(screen.getByLabelText('Postal code'), 'M5V 2T6 000');
    await user.type(screen.getByLabelText('Shipping address'), 'Somewhere 1');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(ADDRESS_RULES.postalCodeTooLong)).toBeTruthy();
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('alerts the failure and stays open', async () => {
    stubApi({ 'POST /user/address': { statusCode: 500, message: 'boom' } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog isKoreanCompany onClose={onClose} />);
    await user.type(screen.getByLabelText('Shipping address'), 'Somewhere 1');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByRole('alertdialog', { name: messages.address.addFailed })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
