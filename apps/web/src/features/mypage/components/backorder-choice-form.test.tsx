import { SESSION_KEYS } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BackorderChoiceForm } from './backorder-choice-form';

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the choice for pre-orders that arrive short', () => {
  beforeEach(() => sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token'));

  it('shows the saved choice, saves a new one with PUT and confirms', async () => {
    let saved = 'KEEP';
    const api = stubApi({
      'GET /user/backorder-choice': () => ({ data: { choice: saved } }),
      'PUT /user/backorder-choice': (call) => {
        saved = (call.body as { choice: string }).choice;
        return { data: { choice: saved } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BackorderChoiceForm />);

    const group = await screen.findByRole('group', { name: 'When a pre-order arrives short' });
    expect(group).toBeTruthy();
    expect(radio('Keep the rest on backorder').checked).toBe(true);
    expect(radio('Cancel the rest').checked).toBe(false);

    await user.click(radio('Cancel the rest'));
    await user.click(screen.getByRole('button', { name: 'Save choice' }));

    expect(await screen.findByRole('alertdialog', { name: 'Your backorder choice is saved.' })).toBeTruthy();
    expect(api.callsTo('PUT /user/backorder-choice').map((call) => call.body)).toEqual([
      { choice: 'CANCEL' },
    ]);
    expect(radio('Cancel the rest').checked).toBe(true);
  });

  it('starts from CANCEL when the member chose it before', async () => {
    stubApi({ 'GET /user/backorder-choice': { data: { choice: 'CANCEL' } } });
    renderWithProviders(<BackorderChoiceForm />);
    await screen.findByRole('group', { name: 'When a pre-order arrives short' });
    expect(radio('Cancel the rest').checked).toBe(true);
    expect(radio('Keep the rest on backorder').checked).toBe(false);
  });

  it('alerts when saving fails and keeps what the member picked', async () => {
    stubApi({
      'GET /user/backorder-choice': { data: { choice: 'KEEP' } },
      'PUT /user/backorder-choice': { statusCode: 500, message: 'x' },
    });
    const user = userEvent.setup();
    renderWithProviders(<BackorderChoiceForm />);
    await user.click(await screen.findByRole('radio', { name: 'Cancel the rest' }));
    await user.click(screen.getByRole('button', { name: 'Save choice' }));
    expect(
      await screen.findByRole('alertdialog', {
        name: 'Could not save your backorder choice. Please try again.',
      }),
    ).toBeTruthy();
    expect(radio('Cancel the rest').checked).toBe(true);
  });

  it('says so when the choice cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /user/backorder-choice': () =>
        fail ? { statusCode: 500, message: 'x' } : { data: { choice: 'KEEP' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<BackorderChoiceForm />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your backorder choice.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      ((await screen.findByRole('radio', { name: 'Keep the rest on backorder' })) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });
});
