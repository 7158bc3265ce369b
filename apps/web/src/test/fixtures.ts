import type { ProductDetailData, ProductListItem, ProductOptionDetail } from '@kshop/contract';

let counter = 0;

/** A product list item with guest defaults (no prices); override what a test cares about. */
export function productItem(overrides: Partial<ProductListItem> = {}): ProductListItem {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    productUuid: `00000000-0000-4000-8000-${n}`,
    optionUuid: `11111111-1111-4111-8111-${n}`,
    categoryId: 1,
    title: `Album ${counter}`,
    vendor: 'HYBE',
    thumbnailUrl: `/media/products/${counter}.svg`,
    releaseDate: '2025-03-14T00:00:00.000Z',
    tags: [],
    statusId: 1,
    nationCode2: 'KR',
    totalPrice: null,
    comparedPrice: null,
    minimumOrderQuantity: 1,
    orderMultiple: 1,
    currencyCode: null,
    currencySymbol: null,
    totalSalesQuantity: 0,
    totalSalesAmount: null,
    salesStartAt: null,
    salesEndAt: null,
    eventType: null,
    eventApplyStartAt: null,
    eventApplyEndAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    softDeletedAt: null,
    ...overrides,
  };
}

type OptionOverrides = Partial<ProductOptionDetail> & Pick<ProductOptionDetail, 'uuid' | 'optionNameValue1'>;

export function productOption(overrides: OptionOverrides): ProductOptionDetail {
  return {
    optionNameKey1: 'VERSION',
    optionNameKey2: null,
    optionNameValue2: null,
    isDefault: false,
    isSoldOut: false,
    minimumOrderQuantity: 1,
    stock: 50,
    productPrice: null,
    ...overrides,
  };
}

/** A product detail answer; prices stay null (a guest) unless the options carry them. */
export function productDetail(optionList: ProductOptionDetail[], current = optionList[0]): ProductDetailData {
  if (!current) throw new Error('a product needs at least one option');
  const price = current.productPrice?.totalPrice ?? null;
  return {
    product: {
      uuid: '22222222-2222-4222-8222-222222222222',
      categoryId: 1,
      title: 'NOVA9 1st Album',
      vendor: 'STARHOUSE',
      releaseDate: '2026-01-01',
      description: '<p>Album</p>',
      thumbnailUrlArray: '["/media/a.svg","/media/b.svg"]',
      tags: [],
    },
    optionList,
    currentOption: current,
    totalPrice: price,
    currencyCode: price === null ? null : 'USD',
    currencySymbol: price === null ? null : 'US$',
  };
}
