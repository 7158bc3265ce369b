import type { ProductDetailData } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateTime } from '../../../components/ui/order-window';
import { startSession } from '../../../lib/session';
import { productDetail, productOption } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { ProductDetailPage } from '../routes/product-detail-page';
import { ProductPurchase } from './product-purchase';

const NOW = new Date('2026-11-27T00:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Product = ProductDetailData['product'];

/** A product detail answer with an order window and pre-order facts over the fixture's. */
function windowed(
  product: Partial<Product>,
  option: Parameters<typeof productOption>[0] = { uuid: 'a', optionNameValue1: 'A' },
) {
  const detail = productDetail([productOption(option)]);
  return { ...detail, product: { ...detail.product, ...product } };
}

const addToCart = () => screen.getByRole('button', { name: 'Add to Cart' });
/** What the Add to Cart button names as the reason it is disabled. */
const reasonOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the order window on the product page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('before it opens: the opening in Korea time, Add to Cart disabled with that reason, then open at the start', () => {
    const start = new Date(NOW.getTime() + 2 * HOUR).toISOString();
    renderWithProviders(<ProductPurchase detail={windowed({ salesStartAt: start, salesEndAt: null })} />);
    const reason = 'Orders open 2026-11-27 11:00 (Korea time)';
    expect(screen.getByText(reason)).toBeTruthy();
    expect(addToCart()).toHaveProperty('disabled', true);
    expect(reasonOf(addToCart())).toBe(reason);
    for (let minute = 0; minute < 120; minute += 1) act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.queryByText(reason)).toBeNull();
    expect(addToCart()).toHaveProperty('disabled', false);
    expect(addToCart().getAttribute('aria-describedby')).toBeNull();
  });

  it('while open with a far deadline: the deadline in Korea time and the reader’s, no countdown', () => {
    const end = '2026-12-10T09:00:00.000Z';
    renderWithProviders(<ProductPurchase detail={windowed({ salesStartAt: null, salesEndAt: end })} />);
    const local = localDateTime(end, 'en');
    expect(
      screen.getByText(`Order deadline: 2026-12-10 18:00 (Korea time) · ${local} your time`),
    ).toBeTruthy();
    expect(screen.queryByText(/Closes in/)).toBeNull();
    expect(addToCart()).toHaveProperty('disabled', false);
  });

  it('counts down in its last 48 hours, minute by minute, and shows closed at the deadline', () => {
    const left = 28 * HOUR + 12 * MINUTE;
    const end = new Date(NOW.getTime() + left).toISOString();
    renderWithProviders(
      <ProductPurchase detail={windowed({ salesEndAt: end, preorder: true, shipsOn: '2026-12-20' })} />,
    );
    expect(screen.getByText('Closes in 1 d 4 h 12 min')).toBeTruthy();
    // Not a live region: a screen reader is not told every minute.
    expect(screen.getByText('Closes in 1 d 4 h 12 min').closest('[aria-live]')).toBeNull();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('Closes in 1 d 4 h 11 min')).toBeTruthy();
    // The clock jumps, as a sleeping laptop's does; the next tick (at most a minute away) catches up.
    act(() => vi.setSystemTime(new Date(NOW.getTime() + left - 2 * MINUTE)));
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('Closes in 1 min')).toBeTruthy();
    expect(addToCart()).toHaveProperty('disabled', false);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.queryByText(/Closes in/)).toBeNull();
    expect(screen.getByText('Pre-order closed')).toBeTruthy();
    expect(addToCart()).toHaveProperty('disabled', true);
    expect(reasonOf(addToCart())).toBe('Pre-order closed');
  });

  it('after the end: Orders closed for a product not on pre-order, and Add to Cart disabled', () => {
    const end = new Date(NOW.getTime() - HOUR).toISOString();
    renderWithProviders(<ProductPurchase detail={windowed({ salesEndAt: end })} />);
    expect(screen.getByText('Orders closed')).toBeTruthy();
    expect(screen.queryByText('Pre-order closed')).toBeNull();
    expect(addToCart()).toHaveProperty('disabled', true);
  });

  it('shows nothing of a window to a product without one', () => {
    renderWithProviders(<ProductPurchase detail={windowed({})} />);
    expect(screen.queryByText(/Order deadline|Orders open|closed/)).toBeNull();
    expect(addToCart()).toHaveProperty('disabled', false);
  });
});

describe('a pre-order on the product page', () => {
  it('names the chosen option’s cap per company and what is left', () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ optionUuidList: [] })),
    );
    const detail = windowed(
      { preorder: true, shipsOn: '2026-12-20' },
      {
        uuid: 'a',
        optionNameValue1: 'A',
        stock: 7,
        preorderLeft: 120,
        preorderBuyerCap: 7,
        productPrice: { totalPrice: 10, comparedPrice: null },
      },
    );
    renderWithProviders(<ProductPurchase detail={detail} />);
    expect(screen.getByText('At most 7 per company')).toBeTruthy();
    expect(screen.getByText('120 left')).toBeTruthy();
  });

  it('shows a guest the PRE-ORDER marker, release date, ship date and deadline, and no price', async () => {
    const end = '2026-12-10T09:00:00.000Z';
    const detail = windowed({
      preorder: true,
      shipsOn: '2026-12-20',
      releaseDate: '2026-12-18',
      salesEndAt: end,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/product/detail/')
          ? envelope(detail)
          : envelope({ productOptionList: [], totalCount: 0 }),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route path="/productdetail/:optionUuid" element={<ProductDetailPage />} />
      </Routes>,
      { route: '/productdetail/a' },
    );
    expect(await screen.findByText('PRE-ORDER')).toBeTruthy();
    expect(screen.getByText('Ships from 2026-12-20')).toBeTruthy();
    expect(screen.getByText('2026-12-18')).toBeTruthy();
    expect(screen.getByText(/^Order deadline: 2026-12-10 18:00 \(Korea time\)/)).toBeTruthy();
    expect(screen.queryByText(/US\$/)).toBeNull();
    expect(screen.getAllByText('Members Only').length).toBeGreaterThan(0);
  });
});
