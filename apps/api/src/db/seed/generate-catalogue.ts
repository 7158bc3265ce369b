import type { ProductTag } from '@kshop/contract';
import { escapeMarkup } from '../../lib/markup.js';
import type { productOptions, products } from '../schema.js';
import { CATEGORY_DRAFTS, type OptionPlan, type ProductDraft } from './catalogue-templates.js';
import { createRandom, hashSeed, type Random } from './random.js';

export type NewProduct = typeof products.$inferInsert & { id: string };
export type NewProductOption = typeof productOptions.$inferInsert & { id: string };
export type GeneratedProduct = {
  product: NewProduct;
  options: NewProductOption[];
  /** English names of DEMO_ARTISTS; the writer maps them to database ids. */
  artistNames: string[];
};

export const DEFAULT_CATALOGUE_SEED = 20_261_122;

const DAY_MS = 86_400_000;
/** Won per dollar for the demo's USD prices. */
const KRW_PER_USD = 1350;

/** Relative share of each category; the first two rounds give every category at least two products. */
const CATEGORY_WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 4],
  [5, 18],
  [6, 7],
  [7, 4],
  [8, 4],
  [2, 8],
  [4, 8],
  [9, 8],
  [10, 5],
  [13, 5],
  [11, 2],
  [20, 5],
  [21, 3],
  [12, 2],
  [22, 4],
  [23, 3],
  [24, 3],
];

/** Chance that a product of the category is a pre-order; events are sold by their application window. */
const PRE_ORDER_CHANCE: ReadonlyMap<number, number> = new Map([
  [1, 0.2],
  [5, 0.22],
  [6, 0.2],
  [7, 0.2],
  [2, 0.25],
  [9, 0.15],
  [10, 0.2],
  [13, 0.2],
  [20, 0.6],
  [21, 0.4],
]);

const SOLD_OUT_CHANCE = 0.08;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const roundTo100 = (krw: number) => Math.round(krw / 100) * 100;
const usdCents = (krw: number) => Math.round((krw / KRW_PER_USD) * 100);

type Timeline = {
  createdAt: Date;
  daysAgo: number;
  releaseDate: string;
  isPreOrder: boolean;
  salesStartAt: Date;
  salesEndAt: Date | null;
  eventApplyStartAt: Date | null;
  eventApplyEndAt: Date | null;
};

function timeline(rng: Random, categoryId: number, now: number): Timeline {
  const isEvent = categoryId === 4;
  const isPreOrder = !isEvent && rng.chance(PRE_ORDER_CHANCE.get(categoryId) ?? 0.1);
  // Squaring skews the catalogue towards recent listings, as a live shop's is.
  const daysAgo = isPreOrder ? rng.int(0, 40) : isEvent ? rng.int(0, 90) : Math.floor(540 * rng.next() ** 2);
  const created = now - daysAgo * DAY_MS - rng.int(0, DAY_MS / 1000 - 1) * 1000;
  const createdAt = new Date(created);
  if (isPreOrder) {
    const release = now + rng.int(5, 75) * DAY_MS;
    return {
      createdAt,
      daysAgo,
      releaseDate: isoDate(release),
      isPreOrder,
      salesStartAt: createdAt,
      salesEndAt: new Date(release - 3 * DAY_MS),
      eventApplyStartAt: null,
      eventApplyEndAt: null,
    };
  }
  if (isEvent) {
    const applyEnd = created + rng.int(14, 45) * DAY_MS;
    return {
      createdAt,
      daysAgo,
      releaseDate: isoDate(applyEnd + rng.int(5, 12) * DAY_MS),
      isPreOrder,
      salesStartAt: createdAt,
      salesEndAt: new Date(applyEnd),
      eventApplyStartAt: createdAt,
      eventApplyEndAt: new Date(applyEnd),
    };
  }
  return {
    createdAt,
    daysAgo,
    releaseDate: isoDate(created - rng.int(0, 14) * DAY_MS),
    isPreOrder,
    salesStartAt: createdAt,
    salesEndAt: null,
    eventApplyStartAt: null,
    eventApplyEndAt: null,
  };
}

function optionCombinations(plan: OptionPlan): { value1: string; value2: string | null }[] {
  if (!plan.key2 || !plan.values2) return plan.values1.map((value1) => ({ value1, value2: null }));
  const values2 = plan.values2;
  return plan.values1.flatMap((value1) => values2.map((value2) => ({ value1, value2 })));
}

function description(
  draft: ProductDraft,
  releaseDate: string,
  isPreOrder: boolean,
  imageUrl: string | null,
): string {
  const [first, ...others] = draft.artists;
  const who = escapeMarkup([first, ...others].map((a) => a?.nameEn).join(' & '));
  const intro: Record<ProductDraft['kind'], string> = {
    album: `<strong>${who}</strong> returns with <em>${escapeMarkup(draft.subtitle ?? draft.title)}</em>.`,
    lp: `<strong>${who}</strong> on vinyl: <em>${escapeMarkup(draft.subtitle ?? draft.title)}</em>, pressed in Korea.`,
    ost: `The original soundtrack of <em>${escapeMarkup(draft.subtitle ?? draft.title)}</em>, sung by <strong>${who}</strong>.`,
    magazine: `The ${escapeMarkup(draft.subtitle ?? '')} issue with <strong>${who}</strong> on the cover.`,
    event: `Every album bought through this page counts as one entry to <strong>${who}</strong>'s event.`,
    merch: `Official merchandise of <strong>${who}</strong>.`,
    'light-stick': `The official light stick goods of <strong>${who}</strong>.`,
    photobook: `<strong>${who}</strong> photographed on location: <em>${escapeMarkup(draft.subtitle ?? '')}</em>.`,
    calendar: `Plan the year with <strong>${who}</strong>.`,
    character: `Official character goods from the world of <strong>${who}</strong>.`,
  };
  const parts = [
    `<p>${intro[draft.kind]}</p>`,
    '<p><strong>Components</strong></p>',
    `<ul>${draft.components.map((c) => `<li>${escapeMarkup(c)}</li>`).join('')}</ul>`,
  ];
  if (draft.eventType) {
    parts.push(
      '<ol><li>Order within the application period.</li><li>Winners are announced on the label&#39;s notice board.</li><li>Entries cannot be transferred.</li></ol>',
    );
  }
  if (imageUrl) parts.push(`<p><img src="${imageUrl}" alt="${escapeMarkup(draft.title)}"></p>`);
  parts.push(
    `<p>${isPreOrder ? 'Pre-order. Ships from' : 'Release date:'} ${releaseDate}<br>Label: ${escapeMarkup(draft.vendor)}</p>`,
    '<p><u>Contents may change without notice. Random items are packed at random and cannot be chosen.</u></p>',
  );
  return parts.join('');
}

/**
 * One product of the demo catalogue. It depends only on (index, seed, now), so any slice of a large
 * catalogue can be generated on its own.
 */
export function generateProduct(index: number, seed: number, now: number): GeneratedProduct {
  const rng = createRandom(hashSeed(seed, index), `product:${seed}:${index}`);
  const categoryId =
    index < CATEGORY_WEIGHTS.length * 2
      ? CATEGORY_WEIGHTS[index % CATEGORY_WEIGHTS.length]![0]
      : rng.weighted(CATEGORY_WEIGHTS);
  const when = timeline(rng, categoryId, now);
  const draft = CATEGORY_DRAFTS.get(categoryId)!({ rng, releaseDate: when.releaseDate });
  const productId = rng.uuid();

  const onSale = !when.isPreOrder && !draft.eventType && rng.chance(0.16);
  const hot = rng.chance(0.14);
  const soldOut = rng.chance(SOLD_OUT_CHANCE);
  const tags: ProductTag[] = [];
  if (onSale) tags.push('sale');
  if (when.isPreOrder) tags.push('pre');
  if (when.daysAgo <= 21) tags.push('new');
  if (hot) tags.push('hot');

  const basePrice = roundTo100(rng.int(draft.priceKrw[0], draft.priceKrw[1]));
  const markup = 1.1 + rng.int(0, 20) / 100;
  const minimumOrderQuantity = rng.weighted([
    [1, 6],
    [5, 3],
    [10, draft.kind === 'album' ? 3 : 1],
  ] as const);
  const combinations = optionCombinations(draft.options);
  // A product partly sold out keeps its default option orderable, so its card stays a fair example.
  const partlySoldOut = !soldOut && combinations.length > 2 && rng.chance(0.25);
  const options = combinations.map(({ value1, value2 }, i): NewProductOption => {
    const priceKrw = Math.max(8900, basePrice + (draft.options.extraKrw?.(value1, value2) ?? 0));
    const comparedKrw = onSale ? roundTo100(priceKrw * markup) : null;
    let stock = rng.int(3, 400);
    let isSoldOut = false;
    if (soldOut || (partlySoldOut && i > 0 && rng.chance(0.4))) {
      if (rng.chance(0.5)) stock = 0;
      else isSoldOut = true;
    }
    return {
      id: rng.uuid(),
      productId,
      optionNameKey1: draft.options.key1,
      optionNameValue1: value1,
      optionNameKey2: value2 === null ? null : (draft.options.key2 ?? null),
      optionNameValue2: value2,
      isDefault: i === 0,
      isSoldOut,
      minimumOrderQuantity,
      stock,
      holdStock: 0,
      priceKrw,
      priceUsd: usdCents(priceKrw),
      comparedPriceKrw: comparedKrw,
      comparedPriceUsd: comparedKrw === null ? null : usdCents(comparedKrw),
      sortOrder: i,
      createdAt: when.createdAt,
      updatedAt: when.createdAt,
    };
  });

  const imageUrls = Array.from({ length: rng.int(1, 4) }, (_, i) => `/media/demo/${draft.slug}-${i + 1}.svg`);
  const detailImage = rng.chance(0.4) ? `/media/demo/${draft.slug}-detail.svg` : null;
  const sold = hot
    ? rng.int(1500, 9000)
    : rng.int(0, when.isPreOrder ? 400 : 300) +
      Math.floor(when.daysAgo * rng.next() * 2) +
      (soldOut ? 300 : 0);
  const defaultOption = options[0]!;

  return {
    product: {
      id: productId,
      categoryId,
      title: draft.title,
      vendor: draft.vendor,
      description: description(draft, when.releaseDate, when.isPreOrder, detailImage),
      releaseDate: when.releaseDate,
      tags,
      imageUrls,
      salesStartAt: when.salesStartAt,
      salesEndAt: when.salesEndAt,
      eventType: draft.eventType ?? null,
      eventApplyStartAt: when.eventApplyStartAt,
      eventApplyEndAt: when.eventApplyEndAt,
      totalSalesQuantity: sold,
      totalSalesAmountKrw: sold * defaultOption.priceKrw,
      totalSalesAmountUsd: sold * defaultOption.priceUsd,
      createdAt: when.createdAt,
      updatedAt: when.createdAt,
    },
    options,
    artistNames: draft.artists.map((a) => a.nameEn),
  };
}

/**
 * Products `startIndex` .. `startIndex + count - 1` of the catalogue for `seed`. Dates are relative to
 * `now`, so pre-orders stay in the future; with the same `now` the rows are identical on every run.
 */
export function generateCatalogue(
  count: number,
  seed: number = DEFAULT_CATALOGUE_SEED,
  now: Date = new Date(),
  startIndex = 0,
): GeneratedProduct[] {
  const time = now.getTime();
  return Array.from({ length: count }, (_, i) => generateProduct(startIndex + i, seed, time));
}
