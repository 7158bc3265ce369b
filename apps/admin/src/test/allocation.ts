import type { AllocationView } from '@kshop/contract';
import { PRODUCT_UUID } from './label-demand';

export { PRODUCT_UUID };
export const OPTION_UUID = '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0b01';

/** Bluebook: 10 on hand, two waiting pre-orders wanting 26, shared pro rata; the second buyer cuts short units. */
export const PREVIEW: AllocationView = {
  productOptionUuid: OPTION_UUID,
  productUuid: PRODUCT_UUID,
  productTitle: 'NewJeans 2nd EP',
  optionNameValue1: 'Bluebook',
  optionNameValue2: null,
  sku: 'KS000101',
  releaseDate: '2026-12-01',
  carton: 1,
  onHand: 10,
  held: 0,
  available: 10,
  wanted: 26,
  left: 0,
  rule: 'PRO_RATA',
  minimumPerBuyer: 0,
  basis: 'basis-1',
  lines: [
    {
      orderDetailUuid: '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0c01',
      orderNumber: '20261120-1001',
      orderedAt: '2026-11-20T01:00:00.000Z',
      companyName: 'Hanbit Records Co., Ltd.',
      buyerEmail: 'korea@demo.kshop.example',
      country: 'KR',
      priceGroup: 'Wholesale A',
      ordered: 16,
      allocatedBefore: 0,
      allocating: 6,
      short: 10,
      backorderChoice: 'KEEP',
      backorder: true,
    },
    {
      orderDetailUuid: '5b0e8a52-8d0b-4a57-9c53-2f3f1c1e0c02',
      orderNumber: '20261121-1002',
      orderedAt: '2026-11-21T01:00:00.000Z',
      companyName: 'Starlight Goods LLC',
      buyerEmail: 'global@demo.kshop.example',
      country: 'US',
      priceGroup: null,
      ordered: 10,
      allocatedBefore: 0,
      allocating: 4,
      short: 6,
      backorderChoice: 'CANCEL',
      backorder: false,
    },
  ],
  receipts: [{ quantity: 10, note: 'First shipment', at: '2026-11-25T03:00:00.000Z', staff: 'Jisoo' }],
};

/** The same option by order time: the first buyer gets all ten. */
export const FIRST_COME: AllocationView = {
  ...PREVIEW,
  rule: 'FIRST_COME',
  basis: 'basis-1',
  lines: [
    { ...PREVIEW.lines[0]!, allocating: 10, short: 6 },
    { ...PREVIEW.lines[1]!, allocating: 0, short: 10 },
  ],
};

/** Nothing on hand yet. */
export const NOTHING_ON_HAND: AllocationView = {
  ...PREVIEW,
  onHand: 0,
  available: 0,
  lines: PREVIEW.lines.map((l) => ({ ...l, allocating: 0, short: l.ordered })),
  receipts: [],
};
