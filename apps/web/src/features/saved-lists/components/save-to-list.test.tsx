import { SAVED_LIST_MESSAGES } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { LIST_UUID, stubApi, summary } from '../test/saved-lists-fixtures';
import { SaveToList } from './save-to-list';

const LINES = [
  { productOptionUuid: '22222222-0000-4000-8000-000000000001', quantity: 5 },
  { productOptionUuid: '22222222-0000-4000-8000-000000000002', quantity: 2 },
];

function renderButton(lines = () => LINES) {
  startSession('member');
  renderWithProviders(<SaveToList label="Save cart as a list" lines={lines} />);
  return screen.getByRole('button', { name: 'Save cart as a list' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('SaveToList', () => {
  it('opens a form in place, asks for a name, and saves the lines as a new list once per click', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      '/lists': (call) =>
        call.method === 'POST' ? envelope(summary({ name: 'Friday' })) : envelope({ lists: [] }),
    });
    const button = renderButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SAVED_LIST_MESSAGES.nameRequired);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name of the new list' }));

    await user.type(screen.getByRole('textbox', { name: 'Name of the new list' }), 'Friday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const status = await screen.findByText('2 lines saved to “Friday”.', { exact: false });
    expect(within(status).getByRole('link', { name: 'Open the list' }).getAttribute('href')).toBe(
      `/mypage/lists/${LIST_UUID}`,
    );
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.body)).toEqual([{ name: 'Friday', lines: LINES }]);
    expect(posted[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('adds the lines to a list the member already has', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      '/lists': () => envelope({ lists: [summary()] }),
      [`/lists/${LIST_UUID}/lines`]: () => envelope(summary({ lineCount: 4 })),
    });
    await user.click(renderButton());
    const target = screen.getByRole('combobox', { name: 'Save to' });
    await within(target).findByRole('option', { name: 'Weekly restock' });
    await user.selectOptions(target, 'Weekly restock');
    expect(screen.queryByRole('textbox', { name: 'Name of the new list' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 lines saved to “Weekly restock”.', { exact: false })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ lines: LINES }]);
  });

  it('says so when nothing is chosen, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    stubApi({
      '/lists': (call) =>
        call.method === 'POST' ? envelope(null, 409, SAVED_LIST_MESSAGES.nameTaken) : envelope({ lists: [] }),
    });
    let chosen: typeof LINES = [];
    await user.click(renderButton(() => chosen));
    await user.type(screen.getByRole('textbox', { name: 'Name of the new list' }), 'Friday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SAVED_LIST_MESSAGES.noLines);
    chosen = LINES;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_LIST_MESSAGES.nameTaken)).toBeTruthy();
  });
});
