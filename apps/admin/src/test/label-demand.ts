import type { LabelDemand } from '@kshop/contract';

export const PRODUCT_UUID = '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0a01';

/** Two versions of an album ordered by two buyers, and a third version nobody ordered. */
export const DEMAND: LabelDemand = {
  productUuid: PRODUCT_UUID,
  title: 'NewJeans 2nd EP',
  options: [
    {
      optionUuid: '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0b01',
      optionNameValue1: 'Bluebook',
      optionNameValue2: null,
      sku: 'KS000101',
      ordered: 30,
      shipped: 4,
      open: 26,
      stock: 10,
      toOrder: 16,
      buyers: [
        {
          companyName: 'Hanbit Records Co., Ltd.',
          email: 'korea@demo.kshop.example',
          country: 'KR',
          ordered: 20,
          open: 16,
          orderCount: 2,
          firstOrderedAt: '2026-11-20T01:00:00.000Z',
        },
        {
          companyName: 'Starlight Goods LLC',
          email: 'global@demo.kshop.example',
          country: 'US',
          ordered: 10,
          open: 10,
          orderCount: 1,
          firstOrderedAt: '2026-11-21T01:00:00.000Z',
        },
      ],
    },
    {
      optionUuid: '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0b02',
      optionNameValue1: 'Weverse',
      optionNameValue2: null,
      sku: 'KS000102',
      ordered: 0,
      shipped: 0,
      open: 0,
      stock: 5,
      toOrder: 0,
      buyers: [],
    },
  ],
  totals: { ordered: 30, shipped: 4, open: 26, stock: 15, toOrder: 16 },
};

export const NOTHING_ORDERED: LabelDemand = {
  ...DEMAND,
  options: DEMAND.options.map((o) => ({ ...o, ordered: 0, shipped: 0, open: 0, toOrder: 0, buyers: [] })),
  totals: { ordered: 0, shipped: 0, open: 0, stock: 15, toOrder: 0 },
};
