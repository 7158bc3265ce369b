import { messages } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { productDetail, productOption } from '../../../test/fixtures';
import { envelope, renderWithProviders } from '../../../test/render';
import { VersionGrid } from './version-grid';

const price = (totalPrice: number) => ({ totalPrice, comparedPrice: null });
const versions = () => [
  productOption({
    uuid: 'a1',
    optionNameKey1: 'VERSION',
    optionNameValue1: 'A',
    optionNameKey2: 'MEMBER',
    optionNameValue2: 'ELLA',
    minimumOrderQuantity: 5,
    orderMultiple: 5,
    stock: 100,
    productPrice: price(2),
  }),
  productOption({
    uuid: 'a2',
    optionNameKey1: 'VERSION',
    optionNameValue1: 'A',
    optionNameKey2: 'MEMBER',
    optionNameValue2: 'NANA',
    stock: 100,
    productPrice: price(3),
  }),
  productOption({
    uuid: 'b1',
    optionNameKey1: 'VERSION',
    optionNameValue1: 'B',
    optionNameKey2: 'MEMBER',
    optionNameValue2: 'ELLA',
    stock: 0,
    productPrice: price(3),
  }),
  productOption({
    uuid: 'b2',
    optionNameKey1: 'VERSION',
    optionNameValue1: 'B',
    optionNameKey2: 'MEMBER',
    optionNameValue2: 'NANA',
    isSoldOut: true,
    productPrice: price(3),
  }),
];

/** The API as the grid meets it: the member's notices, the cart add and notice requests recorded. */
function stubApi() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/notify') && !init?.method) return envelope({ optionUuidList: [] });
    if (url.endsWith('/notify')) return envelope({ optionUuid: 'x', subscribed: true });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  const posts = (path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => url.endsWith(path) && init?.method === 'POST');
  return { posts };
}

describe('VersionGrid', () => {
  it('lists every option with its price and availability; sold-out rows take no quantity', () => {
    startSession('member');
    stubApi();
    renderWithProviders(<VersionGrid detail={productDetail(versions())} />);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'ELLA',
      'NANA',
      'ELLA',
      'NANA',
    ]);
    expect(within(rows[0]!).getByText('US$2.00')).toBeTruthy();
    expect(within(rows[0]!).getByText(/min\. 5, by 5/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Quantity of A / ELLA' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Quantity of B / ELLA' })).toBeNull();
    expect(within(rows[2]!).getByText('Sold out')).toBeTruthy();
  });

  it('adds every version typed in one request that adds to what is in the cart', async () => {
    startSession('member');
    const user = userEvent.setup();
    const { posts } = stubApi();
    renderWithProviders(<VersionGrid detail={productDetail(versions())} />);
    await user.type(screen.getByRole('textbox', { name: 'Quantity of A / ELLA' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Quantity of A / NANA' }), '3');
    expect(screen.getByText('2 versions, 13 pieces: US$29.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add these versions to cart' }));
    expect(await screen.findByRole('dialog', { name: messages.cart.added })).toBeTruthy();
    const [[, init]] = posts('/cart') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      productOptionAndQuantityList: [
        { productOptionUuid: 'a1', quantity: 10 },
        { productOptionUuid: 'a2', quantity: 3 },
      ],
      addToExisting: true,
    });
  });

  it('marks a quantity its rules refuse beside its box, and sends nothing', async () => {
    startSession('member');
    const user = userEvent.setup();
    const { posts } = stubApi();
    renderWithProviders(<VersionGrid detail={productDetail(versions())} />);
    const box = screen.getByRole('textbox', { name: 'Quantity of A / ELLA' });
    await user.type(box, '7');
    await user.click(screen.getByRole('button', { name: 'Add these versions to cart' }));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(messages.cart.multiple(5))).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(posts('/cart')).toEqual([]);
  });

  it('asks to be told about every sold-out version with one click', async () => {
    startSession('member');
    const user = userEvent.setup();
    const { posts } = stubApi();
    renderWithProviders(<VersionGrid detail={productDetail(versions())} />);
    await user.click(await screen.findByRole('button', { name: 'Notify me about every sold-out version' }));
    expect(
      await screen.findByText('We will e-mail you when each sold-out version can be ordered again.'),
    ).toBeTruthy();
    expect(posts('/notify').map(([url]) => url)).toEqual([
      '/api/v1/product/option/b1/notify',
      '/api/v1/product/option/b2/notify',
    ]);
    expect(screen.queryByRole('button', { name: 'Notify me about every sold-out version' })).toBeNull();
  });
});
