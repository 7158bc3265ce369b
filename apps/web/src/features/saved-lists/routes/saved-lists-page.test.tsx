import { SAVED_LIST_MESSAGES } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { LIST_UUID, listData, listLine, soldOutLine, stubApi, summary } from '../test/saved-lists-fixtures';
import { SavedListPage } from './saved-list-page';
import { SavedListsPage } from './saved-lists-page';

const location = () => screen.getByTestId('location').textContent;

function renderAt(route: string) {
  startSession('member');
  return renderWithProviders(
    <Routes>
      <Route path="/mypage/lists" element={<SavedListsPage />} />
      <Route path="/mypage/lists/:listUuid" element={<SavedListPage />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('SavedListsPage', () => {
  it("lists the member's lists with their lines, pieces and last change", async () => {
    stubApi({
      '/lists': () => envelope({ lists: [summary(), summary({ uuid: 'x', name: 'Fan signing' })] }),
    });
    renderAt('/mypage/lists');
    const lists = await screen.findByRole('list', { name: 'Your lists' });
    const items = within(lists).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Weekly restock2 lines, 7 pieces · changed 2026. 11. 27.',
      'Fan signing2 lines, 7 pieces · changed 2026. 11. 27.',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Weekly restock' }).getAttribute('href')).toBe(
      `/mypage/lists/${LIST_UUID}`,
    );
  });

  it('says how lists are made when there are none, and makes a named list once per click', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      '/lists': (call) =>
        call.method === 'POST' ? envelope(summary({ lineCount: 0, pieceCount: 0 })) : envelope({ lists: [] }),
      [`/lists/${LIST_UUID}`]: () => envelope(listData([])),
    });
    renderAt('/mypage/lists');
    expect(await screen.findByText(/You have no saved lists yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SAVED_LIST_MESSAGES.nameRequired);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'New list' }), '  Weekly restock ');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly restock' })).toBeTruthy();
    expect(location()).toBe(`/mypage/lists/${LIST_UUID}`);
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.body)).toEqual([{ name: 'Weekly restock' }]);
    expect(posted[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('SavedListPage', () => {
  it('shows each line with what putting it into the cart would do now', async () => {
    stubApi({
      [`/lists/${LIST_UUID}`]: () => envelope(listData([listLine('A', 1, 5), soldOutLine('B', 2, 2)])),
    });
    renderAt(`/mypage/lists/${LIST_UUID}`);
    const table = await screen.findByRole('table', { name: 'Lines of the list' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Ready to add.',
      'Sold out.',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'NOVA9 1st Album' })).toBeTruthy();
    expect(
      (within(rows[0]!).getByRole('textbox', { name: 'Quantity of NOVA9 1st Album A' }) as HTMLInputElement)
        .value,
    ).toBe('5');
    // Only the line that can go in is counted on the button.
    expect(screen.getByRole('button', { name: 'Put 1 line in the cart' })).toBeTruthy();
  });

  it('saves a changed quantity on Enter, refuses one that is not a whole number, and takes a line out', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      [`/lists/${LIST_UUID}`]: () => envelope(listData([listLine('A', 1, 5), listLine('B', 2, 2)])),
      [`/lists/${LIST_UUID}/lines/${listLine('A', 1, 5).productOptionUuid}`]: () => envelope(summary()),
      [`/lists/${LIST_UUID}/lines/${listLine('B', 2, 2).productOptionUuid}`]: () => envelope(summary()),
    });
    renderAt(`/mypage/lists/${LIST_UUID}`);
    const box = await screen.findByRole('textbox', { name: 'Quantity of NOVA9 1st Album A' });
    await user.clear(box);
    await user.type(box, '2.5{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a whole number of at least 1 for NOVA9 1st Album.',
    );
    await user.clear(box);
    await user.type(box, '12{Enter}');
    expect(await screen.findByText(SAVED_LIST_MESSAGES.lineChanged)).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.body)).toEqual([{ quantity: 12 }]);

    await user.click(screen.getByRole('button', { name: 'Remove NOVA9 1st Album B from the list' }));
    expect(await screen.findByText(SAVED_LIST_MESSAGES.lineRemoved)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/lists/${LIST_UUID}/lines/${listLine('B', 2, 2).productOptionUuid}`,
    ]);
  });

  it('puts the whole list into the cart in one step and shows what became of each line', async () => {
    const user = userEvent.setup();
    const lines = [listLine('A', 1, 5), soldOutLine('B', 2, 2)];
    const calls = stubApi({
      [`/lists/${LIST_UUID}`]: () => envelope(listData(lines)),
      [`/lists/${LIST_UUID}/cart`]: () =>
        envelope(
          {
            lines: lines.map((l) => l.check),
            addableCount: 1,
            currencyCode: 'USD',
            currencySymbol: 'US$',
            added: [
              {
                productOptionUuid: lines[0]!.productOptionUuid,
                code: 'KS000001',
                quantity: 5,
                cartQuantity: 5,
              },
            ],
            refusedCount: 1,
          },
          200,
        ),
    });
    renderAt(`/mypage/lists/${LIST_UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Put 1 line in the cart' }));
    expect(await screen.findByText('1 lines added to your cart.')).toBeTruthy();
    const result = screen.getByRole('table', { name: 'Checked lines' });
    expect(within(result).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'CHECKOUT' }).getAttribute('href')).toBe('/order');
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('renames the list, and deletes it after asking', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      [`/lists/${LIST_UUID}`]: (call) =>
        call.method === 'PATCH'
          ? envelope(summary({ name: 'Fan signing' }))
          : envelope(listData([listLine('A', 1, 5)])),
      '/lists': () => envelope({ lists: [] }),
    });
    renderAt(`/mypage/lists/${LIST_UUID}`);
    const name = await screen.findByRole('textbox', { name: 'List name' });
    await user.clear(name);
    await user.type(name, 'Fan signing');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText(SAVED_LIST_MESSAGES.renamed)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Fan signing' });

    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Delete the list “Weekly restock”?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/You have no saved lists yet/)).toBeTruthy();
    expect(location()).toBe('/mypage/lists');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("answers a list that is not the member's as one that does not exist", async () => {
    stubApi({ [`/lists/${LIST_UUID}`]: () => envelope(null, 404, SAVED_LIST_MESSAGES.notFound) });
    renderAt(`/mypage/lists/${LIST_UUID}`);
    expect((await screen.findByRole('alert')).textContent).toContain(SAVED_LIST_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: 'Back to saved lists' })).toBeTruthy();
  });
});
