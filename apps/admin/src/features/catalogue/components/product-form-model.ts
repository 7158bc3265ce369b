import {
  type AdminProductInput,
  adminProductInput,
  CATALOGUE_MESSAGES,
  DESCRIPTION_ALLOWED_TAGS,
  PRODUCT_TAGS,
  type ProductTag,
} from '@kshop/contract';
import { z } from 'zod';
import { fromLocalInput, toLocalInput } from '../../../lib/format';
import type { AdminProduct } from '../api/catalogue-api';

/**
 * The product form edits text (what inputs hold); this module turns it into the contract's adminProductInput and
 * back. The rules the API applies to options are checked here first, with the API's own wording, so staff see
 * every problem at its field instead of the server's first one.
 */
export type OptionRow = {
  /** Kept for an existing option so the API updates it; an option left out is removed. */
  uuid: string | null;
  /** Reserved by open orders: stock may not go below it. */
  holdStock: number;
  /** Unique across the shop; left empty on a new option, the shop gives the next KS number. */
  sku: string;
  barcode: string;
  weightGrams: string;
  value1: string;
  value2: string;
  priceKrw: string;
  priceUsd: string;
  comparedPriceKrw: string;
  comparedPriceUsd: string;
  stock: string;
  minimumOrderQuantity: string;
  /** Quantity rules (issue 12): ordered in multiples of this; at most maxPerOrder ('' for no limit). */
  orderMultiple: string;
  maxPerOrder: string;
  isSoldOut: boolean;
  /** Available stock at or below this shows as low in the back office. */
  lowStockThreshold: string;
  /** On a pre-order product (issue 34): the units taken in all and per company ('' for no cap). */
  preorderCap: string;
  preorderBuyerCap: string;
  /** What open pre-orders took: the cap cannot go below it. */
  preorderTaken: number;
};

export type ProductFormValues = {
  title: string;
  vendor: string;
  description: string;
  categoryId: string;
  artistIds: string[];
  tags: ProductTag[];
  releaseDate: string;
  salesStartAt: string;
  salesEndAt: string;
  /** On pre-order: orders are taken against each option's caps, not its stock; shipped from `shipsOn`. */
  preorder: boolean;
  shipsOn: string;
  eventType: string;
  eventApplyStartAt: string;
  eventApplyEndAt: string;
  images: { url: string }[];
  optionKey1: string;
  optionKey2: string;
  /** Index of the default option in `options`, as the radio group's value. */
  defaultOption: string;
  options: OptionRow[];
  /** False keeps the product a draft, unseen in the storefront. */
  isPublished: boolean;
};

export const emptyOption = (): OptionRow => ({
  uuid: null,
  holdStock: 0,
  sku: '',
  barcode: '',
  weightGrams: '',
  value1: '',
  value2: '',
  priceKrw: '',
  priceUsd: '',
  comparedPriceKrw: '',
  comparedPriceUsd: '',
  stock: '0',
  minimumOrderQuantity: '1',
  orderMultiple: '1',
  maxPerOrder: '',
  isSoldOut: false,
  lowStockThreshold: '10',
  preorderCap: '',
  preorderBuyerCap: '',
  preorderTaken: 0,
});

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function toFormValues(product: AdminProduct | null): ProductFormValues {
  if (!product) {
    return {
      title: '',
      vendor: '',
      description: '',
      categoryId: '',
      artistIds: [],
      tags: [],
      releaseDate: '',
      salesStartAt: '',
      salesEndAt: '',
      preorder: false,
      shipsOn: '',
      eventType: '',
      eventApplyStartAt: '',
      eventApplyEndAt: '',
      images: [],
      optionKey1: '',
      optionKey2: '',
      defaultOption: '0',
      options: [emptyOption()],
      isPublished: true,
    };
  }
  const first = product.options[0];
  const defaultIndex = Math.max(
    0,
    product.options.findIndex((option) => option.isDefault),
  );
  return {
    title: product.title,
    vendor: product.vendor,
    description: product.description,
    categoryId: String(product.categoryId),
    artistIds: product.artistIds.map(String),
    tags: product.tags,
    releaseDate: product.releaseDate ?? '',
    salesStartAt: toLocalInput(product.salesStartAt),
    salesEndAt: toLocalInput(product.salesEndAt),
    preorder: product.preorder ?? false,
    shipsOn: product.shipsOn ?? '',
    eventType: product.eventType ?? '',
    eventApplyStartAt: toLocalInput(product.eventApplyStartAt),
    eventApplyEndAt: toLocalInput(product.eventApplyEndAt),
    images: product.imageUrls.map((url) => ({ url })),
    optionKey1: first?.optionNameKey1 ?? '',
    optionKey2: first?.optionNameKey2 ?? '',
    defaultOption: String(defaultIndex),
    options: product.options.map((option) => ({
      uuid: option.uuid,
      holdStock: option.holdStock,
      sku: option.sku ?? '',
      barcode: option.barcode ?? '',
      weightGrams: text(option.weightGrams),
      value1: option.optionNameValue1,
      value2: option.optionNameValue2 ?? '',
      priceKrw: text(option.priceKrw),
      priceUsd: text(option.priceUsd),
      comparedPriceKrw: text(option.comparedPriceKrw),
      comparedPriceUsd: text(option.comparedPriceUsd),
      stock: text(option.stock),
      minimumOrderQuantity: text(option.minimumOrderQuantity),
      orderMultiple: text(option.orderMultiple ?? 1),
      maxPerOrder: text(option.maxPerOrder),
      isSoldOut: option.isSoldOut,
      lowStockThreshold: text(option.lowStockThreshold ?? 10),
      preorderCap: text(option.preorderCap),
      preorderBuyerCap: text(option.preorderBuyerCap),
      preorderTaken: option.preorderTaken ?? 0,
    })),
    isPublished: product.isPublished ?? true,
  };
}

const TAG_PATTERN = /<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g;

/** Tags in a description that the storefront would strip (only DESCRIPTION_ALLOWED_TAGS survive). */
export function disallowedTags(html: string): string[] {
  const allowed = new Set<string>(DESCRIPTION_ALLOWED_TAGS);
  const found = new Set<string>();
  for (const match of html.matchAll(TAG_PATTERN)) {
    const name = match[1]!.toLowerCase();
    if (!allowed.has(name)) found.add(name);
  }
  return [...found];
}

const WHOLE = /^\d+$/;
const DECIMAL_2 = /^\d+(\.\d{1,2})?$/;
const DECIMAL = /^\d+(\.\d+)?$/;

const datetimeOrder = (start: string, end: string) => !start || !end || start <= end;

export const productFormSchema = z
  .object({
    title: adminProductInput.shape.title,
    vendor: adminProductInput.shape.vendor,
    description: z.string().max(50_000),
    categoryId: z.string().min(1, 'Choose a category.'),
    artistIds: z.array(z.string()).max(20, 'Choose at most 20 artists.'),
    tags: z.array(z.enum(PRODUCT_TAGS)),
    releaseDate: z.string(),
    salesStartAt: z.string(),
    salesEndAt: z.string(),
    preorder: z.boolean(),
    shipsOn: z.string(),
    eventType: z.string().max(50),
    eventApplyStartAt: z.string(),
    eventApplyEndAt: z.string(),
    images: z.array(z.object({ url: z.string() })).max(20, 'A product has at most 20 images.'),
    optionKey1: z.string().trim().min(1, 'Option key 1 is required.').max(50),
    optionKey2: z.string().trim().max(50),
    defaultOption: z.string(),
    options: z
      .array(
        z.object({
          uuid: z.string().nullable(),
          holdStock: z.number(),
          sku: z
            .string()
            .trim()
            .regex(
              /^([A-Za-z0-9][A-Za-z0-9._\-/]{0,63})?$/,
              'SKU is letters, digits and . _ - / (at most 64, starting with a letter or digit).',
            ),
          barcode: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9-]{0,64}$/, 'barcode is letters, digits and - (at most 64).'),
          weightGrams: z
            .string()
            .trim()
            .regex(/^(\d+)?$/, 'Weight is in whole grams, or leave it empty.'),
          value1: z.string().trim().min(1, 'Option value 1 is required.').max(100),
          value2: z.string().trim().max(100),
          priceKrw: z.string().trim().regex(WHOLE, 'Enter the KRW price in whole won.'),
          priceUsd: z.string().trim().regex(DECIMAL_2, 'USD prices have at most two decimals.'),
          comparedPriceKrw: z
            .string()
            .trim()
            .regex(/^(\d+)?$/, 'Enter the compared KRW price in whole won, or leave it empty.'),
          comparedPriceUsd: z
            .string()
            .trim()
            .regex(/^(\d+(\.\d{1,2})?)?$/, 'USD prices have at most two decimals.'),
          stock: z.string().trim().regex(WHOLE, 'stock must be a whole number.'),
          minimumOrderQuantity: z
            .string()
            .trim()
            .regex(/^[1-9]\d*$/, 'minimumOrderQuantity is at least 1.'),
          orderMultiple: z
            .string()
            .trim()
            .regex(/^[1-9]\d*$/, 'orderMultiple is at least 1.'),
          maxPerOrder: z
            .string()
            .trim()
            .regex(/^([1-9]\d*)?$/, 'maxPerOrder is at least 1 (leave it empty for no limit).'),
          isSoldOut: z.boolean(),
          lowStockThreshold: z.string().trim().regex(WHOLE, 'lowStockThreshold must be a whole number.'),
          preorderCap: z
            .string()
            .trim()
            .regex(/^(\d+)?$/, CATALOGUE_MESSAGES.preorderCapWhole),
          preorderBuyerCap: z
            .string()
            .trim()
            .regex(/^([1-9]\d*)?$/, CATALOGUE_MESSAGES.buyerCapAtLeastOne),
          preorderTaken: z.number(),
        }),
      )
      .min(1, 'A product needs at least one option.')
      .max(200),
    isPublished: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const bad = disallowedTags(values.description);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['description'],
        message: `Only these tags are allowed: ${DESCRIPTION_ALLOWED_TAGS.join(', ')}. Remove <${bad.join('>, <')}>.`,
      });
    }
    if (values.releaseDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.releaseDate))
      ctx.addIssue({
        code: 'custom',
        path: ['releaseDate'],
        message: 'releaseDate must be a date (YYYY-MM-DD).',
      });
    if (values.shipsOn && !/^\d{4}-\d{2}-\d{2}$/.test(values.shipsOn))
      ctx.addIssue({ code: 'custom', path: ['shipsOn'], message: 'shipsOn must be a date (YYYY-MM-DD).' });
    if (!datetimeOrder(values.salesStartAt, values.salesEndAt))
      ctx.addIssue({
        code: 'custom',
        path: ['salesEndAt'],
        message: 'The sales window ends before it starts.',
      });
    if (!datetimeOrder(values.eventApplyStartAt, values.eventApplyEndAt))
      ctx.addIssue({
        code: 'custom',
        path: ['eventApplyEndAt'],
        message: 'The event window ends before it starts.',
      });

    const hasKey2 = values.optionKey2.trim() !== '';
    const seen = new Map<string, number>();
    const skus = new Set<string>();
    values.options.forEach((option, index) => {
      const at = (field: keyof OptionRow, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['options', index, field], message });
      if (hasKey2 && !option.value2.trim()) at('value2', 'Option value 2 is required.');
      const sku = option.sku.trim().toUpperCase();
      if (sku && skus.has(sku)) at('sku', 'Two options have the same SKU.');
      skus.add(sku);
      const price = (raw: string) => (DECIMAL.test(raw.trim()) ? Number(raw) : null);
      const krw = price(option.priceKrw);
      const usd = price(option.priceUsd);
      const comparedKrw = price(option.comparedPriceKrw);
      const comparedUsd = price(option.comparedPriceUsd);
      if (krw !== null && comparedKrw !== null && comparedKrw < krw)
        at('comparedPriceKrw', 'A compared price is at least the price.');
      if (usd !== null && comparedUsd !== null && comparedUsd < usd)
        at('comparedPriceUsd', 'A compared price is at least the price.');
      const cap = option.preorderCap.trim();
      if (WHOLE.test(cap) && Number(cap) < option.preorderTaken)
        at('preorderCap', CATALOGUE_MESSAGES.capBelowTaken(option.preorderTaken));
      if (WHOLE.test(option.stock.trim()) && Number(option.stock) < option.holdStock)
        at('stock', `Stock cannot be lower than what open orders hold (${option.holdStock}).`);
      const valueKey = `${option.value1.trim()}\u0000${hasKey2 ? option.value2.trim() : ''}`;
      if (seen.has(valueKey)) at('value1', 'Two options have the same values.');
      else seen.set(valueKey, index);
    });
  });

const orNull = (raw: string) => (raw.trim() === '' ? null : raw.trim());
const numberOrNull = (raw: string) => (raw.trim() === '' ? null : Number(raw));

/** The request body for POST/PUT /products, checked against the contract's own schema. */
export function toProductInput(values: ProductFormValues): AdminProductInput {
  const key2 = orNull(values.optionKey2);
  const defaultIndex = Number(values.defaultOption);
  return adminProductInput.parse({
    title: values.title,
    vendor: values.vendor,
    description: values.description,
    categoryId: Number(values.categoryId),
    artistIds: values.artistIds.map(Number),
    tags: PRODUCT_TAGS.filter((tag) => values.tags.includes(tag)),
    releaseDate: orNull(values.releaseDate),
    salesStartAt: fromLocalInput(values.salesStartAt),
    salesEndAt: fromLocalInput(values.salesEndAt),
    preorder: values.preorder,
    shipsOn: orNull(values.shipsOn),
    eventType: orNull(values.eventType),
    eventApplyStartAt: fromLocalInput(values.eventApplyStartAt),
    eventApplyEndAt: fromLocalInput(values.eventApplyEndAt),
    imageUrls: values.images.map((image) => image.url),
    options: values.options.map((option, index) => ({
      ...(option.uuid ? { uuid: option.uuid } : {}),
      ...(option.sku.trim() ? { sku: option.sku.trim() } : {}),
      barcode: orNull(option.barcode),
      weightGrams: numberOrNull(option.weightGrams),
      optionNameKey1: values.optionKey1,
      optionNameValue1: option.value1,
      optionNameKey2: key2,
      optionNameValue2: key2 ? option.value2.trim() : null,
      priceKrw: Number(option.priceKrw),
      priceUsd: Number(option.priceUsd),
      comparedPriceKrw: numberOrNull(option.comparedPriceKrw),
      comparedPriceUsd: numberOrNull(option.comparedPriceUsd),
      stock: Number(option.stock),
      minimumOrderQuantity: Number(option.minimumOrderQuantity),
      orderMultiple: Number(option.orderMultiple),
      maxPerOrder: option.maxPerOrder.trim() ? Number(option.maxPerOrder) : null,
      isSoldOut: option.isSoldOut,
      isDefault: index === (Number.isInteger(defaultIndex) ? defaultIndex : 0),
      lowStockThreshold: Number(option.lowStockThreshold),
      preorderCap: numberOrNull(option.preorderCap),
      preorderBuyerCap: numberOrNull(option.preorderBuyerCap),
    })),
    isPublished: values.isPublished,
  });
}
