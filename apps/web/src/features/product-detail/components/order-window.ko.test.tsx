import type { ProductDetailData } from '@kshop/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateTime } from '../../../components/ui/order-window';
import { activateLanguage } from '../../../i18n/i18n';
import { startSession } from '../../../lib/session';
import { productDetail, productOption } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { ProductPurchase } from './product-purchase';

const NOW = new Date('2026-11-27T00:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function windowed(
  product: Partial<ProductDetailData['product']>,
  option: Parameters<typeof productOption>[0] = { uuid: 'a', optionNameValue1: 'A' },
) {
  const detail = productDetail([productOption(option)]);
  return { ...detail, product: { ...detail.product, ...product } };
}

const addToCart = () => screen.getByRole('button', { name: '장바구니 담기' });

describe('the order window on the product page in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
  });
  afterEach(async () => {
    vi.useRealTimers();
    await act(() => activateLanguage('en'));
  });

  it('says when orders open, in Korea time, beside a disabled Add to Cart', () => {
    const start = new Date(NOW.getTime() + 2 * HOUR).toISOString();
    renderWithProviders(<ProductPurchase detail={windowed({ salesStartAt: start })} />);
    expect(screen.getByText('주문 시작: 2026-11-27 11:00 (한국 시간)')).toBeTruthy();
    expect(addToCart()).toHaveProperty('disabled', true);
  });

  it('writes the deadline in Korea time and the reader’s, in Korean', () => {
    const end = '2026-12-10T09:00:00.000Z';
    renderWithProviders(<ProductPurchase detail={windowed({ salesEndAt: end })} />);
    const local = localDateTime(end, 'ko');
    expect(
      screen.getByText(`주문 마감: 2026-12-10 18:00 (한국 시간) · 현재 지역 시간 ${local}`),
    ).toBeTruthy();
  });

  it('counts down in Korean and shows the pre-order closed at the deadline', () => {
    const end = new Date(NOW.getTime() + 28 * HOUR + 12 * MINUTE).toISOString();
    renderWithProviders(<ProductPurchase detail={windowed({ salesEndAt: end, preorder: true })} />);
    expect(screen.getByText('마감까지 1일 4시간 12분')).toBeTruthy();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('마감까지 1일 4시간 11분')).toBeTruthy();
    act(() => vi.setSystemTime(new Date(end).getTime() - 2 * MINUTE));
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('마감까지 1분')).toBeTruthy();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('예약 주문 마감')).toBeTruthy();
    expect(addToCart()).toHaveProperty('disabled', true);
  });

  it('says Orders closed in Korean for a product not on pre-order', () => {
    const end = new Date(NOW.getTime() - HOUR).toISOString();
    renderWithProviders(<ProductPurchase detail={windowed({ salesEndAt: end })} />);
    expect(screen.getByText('주문 마감')).toBeTruthy();
  });
});

describe('a pre-order on the product page in Korean', () => {
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('names the cap per company and what is left in Korean', async () => {
    startSession('member');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ optionUuidList: [] })),
    );
    await act(() => activateLanguage('ko'));
    const detail = windowed(
      { preorder: true, shipsOn: '2026-12-20' },
      { uuid: 'a', optionNameValue1: 'A', stock: 5, preorderLeft: 40, preorderBuyerCap: 5 },
    );
    renderWithProviders(<ProductPurchase detail={detail} />);
    expect(screen.getByText('업체당 최대 5개')).toBeTruthy();
    expect(screen.getByText('40개 남음')).toBeTruthy();
  });
});
