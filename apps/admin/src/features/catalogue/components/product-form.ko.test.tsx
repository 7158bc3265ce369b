import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import type { AdminProduct, ArtistGroup, Category } from '../api/catalogue-api';
import { ProductForm } from './product-form';

const CATEGORIES: Category[] = [{ id: 10, category: 'LIGHT STICK', parentId: null, sortOrder: 1 }];
const ARTISTS: ArtistGroup[] = [
  {
    category: { id: 1, category: 'BOY GROUP' },
    artists: [{ id: 1, artistNameEN: 'NOVA9', artistNameKO: '노바나인' }],
  },
];
const PRODUCT: AdminProduct = {
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
  imageUrls: ['/media/demo/nova9-light-stick-1.svg'],
  options: [
    {
      uuid: '11111111-1111-4111-8111-111111111111',
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
  ],
  isPublished: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('ProductForm in Korean', () => {
  it('labels the product, its windows, images and options in Korean', async () => {
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <ProductForm
        product={PRODUCT}
        categories={CATEGORIES}
        artistGroups={ARTISTS}
        onSave={vi.fn(async () => undefined)}
        onUpload={vi.fn(async () => [])}
      />,
    );

    for (const heading of ['상품', '판매 및 이벤트 기간', '이미지', '옵션'])
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeTruthy();
    expect((screen.getByLabelText('상품명') as HTMLInputElement).value).toBe('NOVA9 Official Light Stick');
    expect(screen.getByLabelText('제조사')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '예약 주문' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: '신상품' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: '쇼핑몰에서 보기 (새 탭에서 열림)' })).toBeTruthy();
    expect(screen.getByText('선택한 아티스트: NOVA9')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '상품 이미지' })).getByText('대표 이미지')).toBeTruthy();

    const option = within(screen.getByText(/^옵션 1/, { selector: 'legend' }).closest('fieldset')!);
    expect(option.getByText('기본')).toBeTruthy();
    expect(option.getByLabelText('옵션값 1 (VERSION)')).toBeTruthy();
    expect(option.getByLabelText('최소 주문 수량')).toBeTruthy();
    expect(option.getByLabelText('박스 단위')).toBeTruthy();
    expect(option.getByText('진행 중인 주문에 12개 배정됨')).toBeTruthy();
    expect(option.getByRole('button', { name: '옵션 1의 수량별 할인' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '옵션 일괄 생성' })).toBeTruthy();

    await user.clear(screen.getByLabelText('상품명'));
    await user.click(screen.getByRole('button', { name: '상품 저장' }));
    expect(
      await screen.findByText('확인이 필요한 항목이 있습니다. 위에 표시된 항목을 확인해 주십시오.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save product' })).toBeNull();
  });
});
