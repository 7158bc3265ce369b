import { REORDER_SKIPS } from '@kshop/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { envelope, renderWithProviders } from '../../../test/render';
import { OrderAgain } from './order-again';

const ORDER_UUID = '0b1c2d3e-0000-4000-8000-000000000001';
const line = (n: number, title: string) => ({
  productOptionUuid: `0c000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productTitle: title,
  optionNameValue1: 'NANA',
  optionNameValue2: null,
  orderedQuantity: 8,
});

describe('ORDER AGAIN', () => {
  it("sends the order's id and says what went into the cart, at which quantity, and what did not and why", async () => {
    startSession('member');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      envelope({
        added: [
          { ...line(1, 'NOVA9 1st Album'), quantity: 8 },
          { ...line(2, 'Light Stick'), quantity: 5 },
        ],
        skipped: [{ ...line(3, 'Photo Book'), reason: REORDER_SKIPS.soldOut }],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OrderAgain orderUuid={ORDER_UUID} />);

    await user.click(screen.getByRole('button', { name: 'ORDER AGAIN' }));

    expect(await screen.findByText('NOVA9 1st Album (NANA) × 8')).toBeTruthy();
    expect(screen.getByText('Light Stick (NANA) × 5 (ordered 8)')).toBeTruthy();
    expect(screen.getByText('Photo Book (NANA): sold out')).toBeTruthy();
    const notAdded = screen.getByText('Not added:');
    expect(notAdded.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('/cart');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/cart/reorder');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ orderUuid: ORDER_UUID });
  });

  it('says so when nothing could be added, with no link to the cart', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope({ added: [], skipped: [{ ...line(3, 'Photo Book'), reason: REORDER_SKIPS.gone }] }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<OrderAgain orderUuid={ORDER_UUID} />);
    await user.click(screen.getByRole('button', { name: 'ORDER AGAIN' }));
    expect(await screen.findByText('Nothing from this order could be added to your cart.')).toBeTruthy();
    expect(screen.getByText('Photo Book (NANA): no longer sold')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to cart' })).toBeNull();
  });
});
