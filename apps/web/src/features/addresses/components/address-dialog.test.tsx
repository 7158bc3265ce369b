import { messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen } from '@testing-library/react';
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
    renderWithProviders(<AddressDialog onClose={onClose} onSaved={onSaved} />);

    const dialog = screen.getByRole('dialog', { name: 'Add Address' });
    expect(dialog.textContent).toContain(messages.address.notice);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(messages.address.required)).toBeTruthy();
    expect(screen.getByLabelText('Shipping address').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Postal code'), 'ab06-234');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('06234');
    await user.type(screen.getByLabelText('Shipping address'), SAVED.addressDetail);
    await user.click(screen.getByRole('checkbox', { name: 'Set as default address' }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByRole('alertdialog', { name: messages.address.added })).toBeTruthy();
    expect(api.callsTo('POST /user/address')[0]?.body).toEqual({
      postalCode: '06234',
      addressDetail: SAVED.addressDetail,
      isDefault: true,
    });
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith(SAVED);
  });

  it("edits: 'Edit Address' with the address filled in, UPDATE sends a PATCH", async () => {
    const api = stubApi({
      [`PATCH /user/address/${SAVED.addressUuid}`]: { data: { ...SAVED, postalCode: '' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog address={SAVED} onClose={() => {}} />);

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
    });
  });

  it('alerts the failure and stays open', async () => {
    stubApi({ 'POST /user/address': { statusCode: 500, message: 'boom' } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddressDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Shipping address'), 'Somewhere 1');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByRole('alertdialog', { name: messages.address.addFailed })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
