import { stubApi } from '@kshop/ui/test/api-stub';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import type { AdminProduct } from '../api/catalogue-api';
import { ProductEditPage } from './product-edit-page';

const PRODUCT = '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0c01';
const product: AdminProduct = {
  uuid: PRODUCT,
  title: 'Winter Photobook',
  vendor: 'Label Entertainment',
  description: '',
  categoryId: 13,
  artistIds: [],
  tags: ['pre'],
  releaseDate: null,
  salesStartAt: null,
  salesEndAt: null,
  preorder: true,
  shipsOn: null,
  eventType: null,
  eventApplyStartAt: null,
  eventApplyEndAt: null,
  imageUrls: [],
  isPublished: true,
  options: [
    {
      uuid: '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0c02',
      sku: 'KS000201',
      holdStock: 0,
      optionNameKey1: 'VERSION',
      optionNameValue1: 'A ver.',
      optionNameKey2: null,
      optionNameValue2: null,
      priceKrw: 30000,
      priceUsd: 24,
      comparedPriceKrw: null,
      comparedPriceUsd: null,
      stock: 10,
      minimumOrderQuantity: 1,
      orderMultiple: 1,
      maxPerOrder: null,
      isSoldOut: false,
      isDefault: true,
      lowStockThreshold: 10,
      preorderCap: null,
      preorderBuyerCap: null,
      barcode: null,
      weightGrams: null,
    },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('ProductEditPage', () => {
  it('links an existing product to what to order from the label', async () => {
    signedIn();
    stubApi({
      [`GET /admin/products/${PRODUCT}`]: { data: product },
      [`GET /admin/products/${PRODUCT}/stock-alerts`]: { data: { options: [] } },
      'GET /admin/categories': {
        data: { categoryList: [{ id: 13, category: 'PHOTO BOOK', parentId: null, sortOrder: 1 }] },
      },
      'GET /artist/category': { data: { artistCategoryList: [] } },
    });
    renderWithProviders(<ProductEditPage />, { route: `/products/${PRODUCT}`, path: '/products/:id' });

    await userEvent.click(await screen.findByRole('link', { name: 'Label order' }));
    expect(screen.getByTestId('location').textContent).toBe(`/products/${PRODUCT}/demand`);
  });
});
