import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { StaffPage } from './staff-page';

const CLERK_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const OWNER_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

function stubStaff() {
  return stubApi({
    'GET /admin/me': {
      data: {
        role: 'OWNER',
        email: 'owner@kshop.example',
        name: '',
        mustChangePassword: false,
        language: 'en',
      },
    },
    'GET /admin/staff': {
      data: {
        staffList: [
          {
            id: OWNER_ID,
            email: 'owner@kshop.example',
            name: '',
            role: 'OWNER',
            disabled: false,
            createdAt: '2026-11-01T00:00:00.000Z',
          },
          {
            id: CLERK_ID,
            email: 'clerk@kshop.example',
            name: '',
            role: 'STAFF',
            disabled: false,
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      },
    },
    [`PATCH /admin/staff/${CLERK_ID}`]: { data: null },
    [`POST /admin/staff/${CLERK_ID}/password`]: {
      data: { id: CLERK_ID, email: 'clerk@kshop.example', password: 'Tmp-7Kq2Lm9P' },
    },
  });
}

describe('StaffPage', () => {
  it('renames a member of staff from a dialog that returns focus', async () => {
    const { calls } = stubStaff();
    signedIn();
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />, { route: '/staff' });
    const table = await screen.findByRole('table');
    const rename = within(table).getByRole('button', { name: 'Rename clerk@kshop.example' });
    await user.click(rename);
    const dialog = await screen.findByRole('dialog', { name: 'Rename clerk@kshop.example' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Kim Jiwoo');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Renamed clerk@kshop.example to Kim Jiwoo.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Kim Jiwoo' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(rename);
  });

  it("resets another member's password after asking, shows the one-time password once, and never offers it for oneself", async () => {
    const { calls } = stubStaff();
    signedIn();
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />, { route: '/staff' });
    const table = await screen.findByRole('table');
    expect(
      within(table).queryByRole('button', { name: 'Reset the password of owner@kshop.example' }),
    ).toBeNull();
    await user.click(
      within(table).getByRole('button', { name: 'Reset the password of clerk@kshop.example' }),
    );
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Reset the password of clerk@kshop.example?');
    await user.click(within(question).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(within(shown).getByText('Tmp-7Kq2Lm9P')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/admin/staff/${CLERK_ID}/password`,
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Tmp-7Kq2Lm9P')).toBeNull();
  });
});
