import { messages } from '@kshop/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductGrid } from '../../../components/ui/product-grid';
import { startSession } from '../../../lib/session';
import { productItem } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { AddFromCard } from './add-from-card';

const memberItem = (overrides = {}) =>
  productItem({
    title: 'NOVA9 Mini',
    totalPrice: 12,
    currencyCode: 'USD',
    currencySymbol: 'US$',
    ...overrides,
  });
const grid = (products: ReturnType<typeof productItem>[]) => (
  <ProductGrid products={products} cardAction={(product) => <AddFromCard product={product} />} />
);

describe('adding from a product card', () => {
  it("starts at the option's minimum in its multiples, says the rule, and adds to what the cart holds", async () => {
    startSession('member');
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    const item = memberItem({ minimumOrderQuantity: 10, orderMultiple: 5 });
    renderWithProviders(grid([item]));
    const box = screen.getByRole('textbox', { name: 'Quantity of NOVA9 Mini' });
    expect(box).toHaveProperty('value', '10');
    expect(screen.getByText('min. 10, by 5')).toBeTruthy();
    await user.clear(box);
    await user.type(box, '15');
    await user.click(screen.getByRole('button', { name: 'Add NOVA9 Mini to cart' }));
    expect(await screen.findByText(messages.cart.added)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      productOptionAndQuantityList: [{ productOptionUuid: item.optionUuid, quantity: 15 }],
      addToExisting: true,
    });
  });

  it('refuses a quantity off its rules beside the box, sending nothing', async () => {
    startSession('member');
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(grid([memberItem({ minimumOrderQuantity: 10, orderMultiple: 5 })]));
    const box = screen.getByRole('textbox', { name: 'Quantity of NOVA9 Mini' });
    await user.clear(box);
    await user.type(box, '12');
    await user.click(screen.getByRole('button', { name: 'Add NOVA9 Mini to cart' }));
    expect(screen.getByText(messages.cart.multiple(5)).getAttribute('role')).toBe('status');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers nothing to a guest or for a sold-out product', () => {
    vi.stubGlobal('fetch', vi.fn());
    const { unmount } = renderWithProviders(grid([productItem({ title: 'Guest view' })]));
    expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
    unmount();
    startSession('member');
    renderWithProviders(grid([memberItem({ tags: ['sold out'] })]));
    expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
  });
});
