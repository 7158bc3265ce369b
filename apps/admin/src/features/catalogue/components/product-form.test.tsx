import type { AdminProductInput } from '@kshop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders, signedIn } from '../../../test/render';
import type { AdminProduct, ArtistGroup, Category } from '../api/catalogue-api';
import { ProductForm } from './product-form';

const CATEGORIES: Category[] = [
  { id: 9, category: 'K-MERCH', parentId: null, sortOrder: 2 },
  { id: 10, category: 'LIGHT STICK', parentId: 9, sortOrder: 1 },
  { id: 13, category: 'PHOTO BOOK', parentId: 9, sortOrder: 2 },
];
const ARTISTS: ArtistGroup[] = [
  {
    category: { id: 1, category: 'BOY GROUP' },
    artists: [
      { id: 1, artistNameEN: 'NOVA9', artistNameKO: '노바나인' },
      { id: 2, artistNameEN: 'STELLAR BOYS', artistNameKO: '스텔라보이즈' },
    ],
  },
];

const OPTION_A = '11111111-1111-4111-8111-111111111111';
const OPTION_B = '22222222-2222-4222-8222-222222222222';
const EXISTING: AdminProduct = {
  uuid: '33333333-3333-4333-8333-333333333333',
  title: 'NOVA9 Official Light Stick',
  vendor: 'NEXT WAVE LABEL',
  description: '<p>Official light stick.</p>',
  categoryId: 10,
  artistIds: [1],
  tags: ['new'],
  releaseDate: '2026-11-01',
  salesStartAt: null,
  salesEndAt: null,
  preorder: false,
  shipsOn: null,
  eventType: null,
  eventApplyStartAt: null,
  eventApplyEndAt: null,
  imageUrls: ['/media/demo/nova9-light-stick-1.svg', '/media/demo/nova9-light-stick-2.svg'],
  options: [
    {
      uuid: OPTION_A,
      sku: 'KS000101',
      barcode: null,
      weightGrams: null,
      optionNameKey1: 'VERSION',
      optionNameValue1: 'Standard',
      optionNameKey2: null,
      optionNameValue2: null,
      priceKrw: 52000,
      priceUsd: 38.5,
      comparedPriceKrw: null,
      comparedPriceUsd: null,
      stock: 40,
      holdStock: 12,
      minimumOrderQuantity: 2,
      orderMultiple: 1,
      maxPerOrder: null,
      isSoldOut: false,
      isDefault: true,
      lowStockThreshold: 10,
      preorderCap: null,
      preorderBuyerCap: null,
    },
    {
      uuid: OPTION_B,
      sku: 'KS000102',
      barcode: null,
      weightGrams: null,
      optionNameKey1: 'VERSION',
      optionNameValue1: 'Special',
      optionNameKey2: null,
      optionNameValue2: null,
      priceKrw: 61000,
      priceUsd: 45,
      comparedPriceKrw: 65000,
      comparedPriceUsd: 48,
      stock: 5,
      holdStock: 0,
      minimumOrderQuantity: 1,
      orderMultiple: 1,
      maxPerOrder: null,
      isSoldOut: false,
      isDefault: false,
      lowStockThreshold: 10,
      preorderCap: null,
      preorderBuyerCap: null,
    },
  ],
  isPublished: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function setup(product: AdminProduct | null = null) {
  const user = userEvent.setup({ delay: null });
  const onSave = vi.fn(async (_input: AdminProductInput) => undefined);
  const onUpload = vi.fn(async (files: File[]) =>
    files.map((file) => `/files/product-image/id/${file.name}`),
  );
  renderWithProviders(
    <ProductForm
      product={product}
      categories={CATEGORIES}
      artistGroups={ARTISTS}
      onSave={onSave}
      onUpload={onUpload}
    />,
  );
  // Pasting stands in for typing long texts: same change events, a fraction of jsdom's time.
  const fill = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  };
  // The option's fieldset, found by its legend: getByRole over this large form is slow in jsdom.
  const option = (n: number) =>
    within(screen.getByText(new RegExp(`^Option ${n}`), { selector: 'legend' }).closest('fieldset')!);
  const imageNames = () =>
    within(screen.getByRole('list', { name: 'Product images' }))
      .getAllByRole('listitem')
      .map((item) =>
        item.textContent
          ?.replace('Thumbnail', '')
          .replace(/↑ Up.*$/, '')
          .trim(),
      );
  return { user, fill, onSave, onUpload, option, imageNames };
}

const lastInput = (onSave: ReturnType<typeof setup>['onSave']) => onSave.mock.calls.at(-1)?.[0];

describe('ProductForm', () => {
  it('creates a product with two option keys, KRW and USD prices, a chosen default and ordered images', async () => {
    const { user, fill, onSave, onUpload, option, imageNames } = setup();

    await fill(screen.getByLabelText('Title'), 'STELLAR BOYS Photo Book [Summer Diary]');
    await fill(screen.getByLabelText('Vendor'), 'STARHOUSE ENTERTAINMENT');
    await user.selectOptions(screen.getByLabelText('Category'), '13');
    await user.click(screen.getByRole('checkbox', { name: 'Pre-order' }));
    await user.click(screen.getByLabelText(/STELLAR BOYS/));
    await user.type(screen.getByLabelText('Release date'), '2026-12-24');

    await user.type(screen.getByLabelText('Option key 1'), 'COVER');
    await user.type(screen.getByLabelText('Option key 2 (optional)'), 'SIZE');
    await user.type(option(1).getByLabelText('Value 1 (COVER)'), 'Blue');
    await user.type(option(1).getByLabelText('Value 2 (SIZE)'), 'A4');
    await user.type(option(1).getByLabelText('KRW price'), '35000');
    await user.type(option(1).getByLabelText('USD price'), '25.90');
    await user.clear(option(1).getByLabelText('Stock'));
    await user.type(option(1).getByLabelText('Stock'), '120');

    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(option(2).getByLabelText('Value 1 (COVER)'), 'Red');
    await user.type(option(2).getByLabelText('Value 2 (SIZE)'), 'A5');
    await user.type(option(2).getByLabelText('KRW price'), '28000');
    await user.type(option(2).getByLabelText('USD price'), '20');
    await user.type(option(2).getByLabelText('Compared KRW price'), '30000');
    await user.type(option(2).getByLabelText('Compared USD price'), '22.5');
    await user.clear(option(2).getByLabelText('Minimum order quantity'));
    await user.type(option(2).getByLabelText('Minimum order quantity'), '5');
    await user.click(option(2).getByRole('radio', { name: 'Default option' }));

    // A third row added and removed again leaves nothing behind.
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByRole('group', { name: /^Option 3/ })).toBeTruthy();
    await user.click(screen.getByLabelText('Remove option 3'));
    expect(screen.queryByRole('group', { name: /^Option 3/ })).toBeNull();

    const files = [
      new File(['a'], 'front.png', { type: 'image/png' }),
      new File(['b'], 'back.png', { type: 'image/png' }),
      new File(['c'], 'inside.jpg', { type: 'image/jpeg' }),
    ];
    await user.upload(screen.getByLabelText('Upload images'), files);
    expect(onUpload).toHaveBeenCalledWith(files);
    await waitFor(() => expect(imageNames()).toEqual(['front.png', 'back.png', 'inside.jpg']));
    await user.click(screen.getByLabelText('Move image 3 up'));
    await user.click(screen.getByLabelText('Move image 1 down'));
    expect(imageNames()).toEqual(['inside.jpg', 'front.png', 'back.png']);
    await user.click(screen.getByLabelText('Remove image 3'));
    expect(imageNames()).toEqual(['inside.jpg', 'front.png']);
    expect((screen.getByLabelText('Move image 1 up') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const input = lastInput(onSave)!;
    expect(input).toMatchObject({
      title: 'STELLAR BOYS Photo Book [Summer Diary]',
      vendor: 'STARHOUSE ENTERTAINMENT',
      categoryId: 13,
      artistIds: [2],
      tags: ['pre'],
      releaseDate: '2026-12-24',
      imageUrls: ['/files/product-image/id/inside.jpg', '/files/product-image/id/front.png'],
    });
    expect(input.options).toEqual([
      {
        barcode: null,
        weightGrams: null,
        optionNameKey1: 'COVER',
        optionNameValue1: 'Blue',
        optionNameKey2: 'SIZE',
        optionNameValue2: 'A4',
        priceKrw: 35000,
        priceUsd: 25.9,
        comparedPriceKrw: null,
        comparedPriceUsd: null,
        stock: 120,
        minimumOrderQuantity: 1,
        orderMultiple: 1,
        maxPerOrder: null,
        isSoldOut: false,
        isDefault: false,
        lowStockThreshold: 10,
        preorderCap: null,
        preorderBuyerCap: null,
      },
      {
        barcode: null,
        weightGrams: null,
        optionNameKey1: 'COVER',
        optionNameValue1: 'Red',
        optionNameKey2: 'SIZE',
        optionNameValue2: 'A5',
        priceKrw: 28000,
        priceUsd: 20,
        comparedPriceKrw: 30000,
        comparedPriceUsd: 22.5,
        stock: 0,
        minimumOrderQuantity: 5,
        orderMultiple: 1,
        maxPerOrder: null,
        isSoldOut: false,
        isDefault: true,
        lowStockThreshold: 10,
        preorderCap: null,
        preorderBuyerCap: null,
      },
    ]);
  });

  it('checks the price fields and sends nothing while any is wrong', async () => {
    const { user, onSave, option } = setup();
    await user.type(screen.getByLabelText('Title'), 'Poster');
    await user.type(screen.getByLabelText('Vendor'), 'KSHOP');
    await user.selectOptions(screen.getByLabelText('Category'), '9');
    await user.type(screen.getByLabelText('Option key 1'), 'SIZE');
    await user.type(option(1).getByLabelText('Value 1 (SIZE)'), 'A2');
    await user.type(option(1).getByLabelText('KRW price'), '1500.5');
    await user.type(option(1).getByLabelText('USD price'), '1.999');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(option(2).getByLabelText('Value 1 (SIZE)'), 'A1');
    await user.type(option(2).getByLabelText('KRW price'), '3000');
    await user.type(option(2).getByLabelText('USD price'), '2.5');
    await user.type(option(2).getByLabelText('Compared KRW price'), '2000');
    await user.type(option(2).getByLabelText('Compared USD price'), '2');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await option(1).findByText('Enter the KRW price in whole won.')).toBeTruthy();
    expect(option(1).getByText('USD prices have at most two decimals.')).toBeTruthy();
    expect(option(2).getAllByText('A compared price is at least the price.')).toHaveLength(2);
    expect(option(1).getByLabelText('KRW price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Some fields need attention; they are marked above.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps existing options by uuid, drops a removed one, and guards the held stock', async () => {
    const { user, onSave, option } = setup(EXISTING);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('NOVA9 Official Light Stick');
    expect((option(1).getByRole('radio', { name: 'Default option' }) as HTMLInputElement).checked).toBe(true);
    expect(option(1).getByText('12 held by open orders')).toBeTruthy();

    await user.clear(option(1).getByLabelText('Stock'));
    await user.type(option(1).getByLabelText('Stock'), '10');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await option(1).findByText('Stock cannot be lower than what open orders hold (12).')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(option(1).getByLabelText('Stock'));
    await user.type(option(1).getByLabelText('Stock'), '50');
    await user.click(screen.getByLabelText('Remove option 1'));
    // The default option went away: the first remaining one becomes the default.
    expect((option(1).getByRole('radio', { name: 'Default option' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const input = lastInput(onSave)!;
    expect(input.options).toHaveLength(1);
    expect(input.options[0]).toMatchObject({ uuid: OPTION_B, optionNameValue1: 'Special', isDefault: true });
    expect(input.imageUrls).toEqual(EXISTING.imageUrls);
  });

  it('keeps a pre-order product on pre-order, with its ship date and caps, and guards what pre-orders took', async () => {
    const preorder: AdminProduct = {
      ...EXISTING,
      preorder: true,
      shipsOn: '2026-12-10',
      options: EXISTING.options.map((o, i) =>
        i === 0 ? { ...o, preorderCap: 100, preorderBuyerCap: 20, preorderTaken: 40 } : o,
      ),
    };
    const { user, fill, onSave, option } = setup(preorder);
    expect((screen.getByLabelText('On pre-order') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Planned ship date') as HTMLInputElement).value).toBe('2026-12-10');
    expect(option(1).getByText('40 taken by open pre-orders; empty is no cap.')).toBeTruthy();

    await fill(option(1).getByLabelText('Pre-order cap'), '30');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await option(1).findByText('The pre-order cap cannot be lower than what open pre-orders took (40).'),
    ).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await fill(option(1).getByLabelText('Pre-order cap'), '120');
    await fill(option(2).getByLabelText('Cap per company'), '5');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const input = lastInput(onSave)!;
    expect(input).toMatchObject({ preorder: true, shipsOn: '2026-12-10' });
    expect(input.options.map((o) => [o.preorderCap, o.preorderBuyerCap])).toEqual([
      [120, 20],
      [null, 5],
    ]);

    // Off pre-order, the caps are no longer asked for.
    await user.click(screen.getByLabelText('On pre-order'));
    expect(option(1).queryByLabelText('Pre-order cap')).toBeNull();
  });

  it("rejects description tags outside the allowed list and shows the API's refusal", async () => {
    const { user, fill, onSave } = setup(EXISTING);
    const description = screen.getByLabelText('Description');
    await fill(description, '<p>Hi</p><div>no</div><script>x</script>');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(/Remove <div>, <script>\./)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await fill(description, '<p>Hi <strong>there</strong></p>');
    onSave.mockRejectedValueOnce(
      new ApiError(409, "Option 'Standard' is held by open orders and cannot be removed."),
    );
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await screen.findByText("Option 'Standard' is held by open orders and cannot be removed."),
    ).toBeTruthy();
  });
});

describe('ProductForm back-in-stock requests', () => {
  it('shows how many members wait for each saved option, read-only', async () => {
    signedIn();
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            statusCode: 200,
            message: 'OK',
            data: { optionList: [{ optionUuid: OPTION_B, waiting: 3 }] },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ProductForm
        product={EXISTING}
        categories={CATEGORIES}
        artistGroups={ARTISTS}
        onSave={vi.fn()}
        onUpload={vi.fn()}
      />,
      { route: `/products/${EXISTING.uuid}`, path: '/products/:id' },
    );
    const option = (n: number) =>
      within(screen.getByText(new RegExp(`^Option ${n}`), { selector: 'legend' }).closest('fieldset')!);
    expect(await option(2).findByText('3 members waiting for restock')).toBeTruthy();
    expect(option(1).getByText('0 members waiting for restock')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/products/${EXISTING.uuid}/stock-alerts`);
  });
});
