import { messages } from '@kshop/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordDialog } from './change-password-dialog';

function setup(onChange = vi.fn(async () => null)) {
  const onChanged = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordDialog onClose={onClose} onChanged={onChanged} onChange={onChange} />);
  const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  return { user, save, onChange, onChanged, onClose };
}

describe('ChangePasswordDialog', () => {
  it('keeps Save disabled while a field is empty or an error shows', async () => {
    const { user, save } = setup();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    expect(save().disabled).toBe(true);

    await user.type(screen.getByLabelText('Password'), 'short1!');
    expect(screen.getByText(messages.password.length)).toBeTruthy();
    expect(save().disabled).toBe(true);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'longenough');
    expect(screen.getByText(messages.password.pattern)).toBeTruthy();
    expect(save().disabled).toBe(true);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'NewPass#2026');
    expect(screen.queryByRole('alert')).toBeNull();
    // A valid password with an empty confirmation: no message, but Save stays disabled.
    expect(save().disabled).toBe(true);

    await user.type(screen.getByLabelText('Confirm password'), 'NewPass#20');
    expect(screen.getByText(messages.password.mismatch)).toBeTruthy();
    expect(save().disabled).toBe(true);

    await user.type(screen.getByLabelText('Confirm password'), '26');
    expect(screen.queryByText(messages.password.mismatch)).toBeNull();
    expect(save().disabled).toBe(false);

    // Breaking the password again after a match blocks again.
    await user.type(screen.getByLabelText('Password'), '~');
    expect(save().disabled).toBe(true);
  });

  it('sends the new password and reports success', async () => {
    const { user, save, onChange, onChanged } = setup();
    await user.type(screen.getByLabelText('Password'), 'NewPass#2026');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass#2026');
    await user.click(save());
    expect(onChange).toHaveBeenCalledWith('NewPass#2026');
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows the server's refusal and stays open; Cancel closes", async () => {
    const { user, save, onChanged, onClose } = setup(
      vi.fn(async () => {
        throw new ApiError(429, messages.http.tooManyRequests);
      }),
    );
    await user.type(screen.getByLabelText('Password'), 'NewPass#2026');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass#2026');
    await user.click(save());
    expect(await screen.findByText(messages.http.tooManyRequests)).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
