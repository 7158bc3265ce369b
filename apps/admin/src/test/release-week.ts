import type { ReleaseWeek } from '@kshop/contract';

export const RELEASE_PRODUCT_UUID = '6c1f9b63-9e1c-4b68-8d64-3a4a2d2f1b01';
const BLUEBOOK = '6c1f9b63-9e1c-4b68-8d64-3a4a2d2f1c01';
const WEVERSE = '6c1f9b63-9e1c-4b68-8d64-3a4a2d2f1c02';

const row = (
  day: string,
  optionUuid: string,
  companyName: string,
  country: string | null,
  units: number,
  inReleaseWeek: boolean,
) => ({
  day,
  optionUuid,
  sku: optionUuid === BLUEBOOK ? 'KS000101' : 'KS000102',
  barcode: optionUuid === BLUEBOOK ? '8809000000011' : null,
  optionNameValue1: optionUuid === BLUEBOOK ? 'Bluebook' : 'Weverse',
  optionNameValue2: null,
  companyName,
  country,
  units,
  inReleaseWeek,
});

/** An album released on 10 March: shipped the day before, on the release day, the sixth day and the seventh. */
export const RELEASE_WEEK: ReleaseWeek = {
  productUuid: RELEASE_PRODUCT_UUID,
  title: 'NewJeans 2nd EP',
  releaseDate: '2026-03-10',
  releaseWeekEnd: '2026-03-16',
  rows: [
    row('2026-03-09', BLUEBOOK, 'Hanbit Records Co., Ltd.', 'KR', 1, false),
    row('2026-03-10', BLUEBOOK, 'Hanbit Records Co., Ltd.', 'KR', 20, true),
    row('2026-03-16', BLUEBOOK, 'Starlight Goods LLC', 'US', 4, true),
    row('2026-03-17', WEVERSE, 'Hanbit Records Co., Ltd.', 'KR', 3, false),
  ],
  totals: { inReleaseWeek: 24, before: 1, after: 3, shipped: 28 },
};

/** The same shipments of a product without a release date. */
export const NO_RELEASE_DATE: ReleaseWeek = {
  ...RELEASE_WEEK,
  releaseDate: null,
  releaseWeekEnd: null,
  rows: RELEASE_WEEK.rows.map((r) => ({ ...r, inReleaseWeek: false })),
  totals: { inReleaseWeek: 0, before: 0, after: 0, shipped: 28 },
};

export const NOTHING_SHIPPED: ReleaseWeek = {
  ...RELEASE_WEEK,
  rows: [],
  totals: { inReleaseWeek: 0, before: 0, after: 0, shipped: 0 },
};
