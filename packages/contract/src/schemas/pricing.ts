import { z } from 'zod';
import { basisPointsFromPercent } from '../rules/pricing.js';
import { envelope, queryInt } from './common.js';
import { boundedInt, moneyAmount, safeText, uuidText } from './primitives.js';

/** Back office: price groups, their explicit prices and options' volume tiers (decision 0021). */

const percent = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number.` })
    .min(min, { error: `${field} must be at least ${min}.` })
    .max(100, { error: `${field} must be at most 100.` })
    .refine((p) => basisPointsFromPercent(p) !== null, {
      error: `${field} has at most two decimals.`,
    });

export const priceGroupName = safeText({
  max: 60,
  label: 'name',
  required: 'Enter the group name.',
  tooLong: 'The group name is at most 60 characters.',
});

export const priceGroupCreateRequest = z.object({
  name: priceGroupName,
  discountPercent: percent('discountPercent', 0).default(0),
});
export type PriceGroupCreateRequest = z.infer<typeof priceGroupCreateRequest>;

export const priceGroupUpdateRequest = z
  .object({ name: priceGroupName.optional(), discountPercent: percent('discountPercent', 0).optional() })
  .refine((b) => b.name !== undefined || b.discountPercent !== undefined, {
    error: 'Give a name or a discountPercent.',
  });
export type PriceGroupUpdateRequest = z.infer<typeof priceGroupUpdateRequest>;

export const priceGroupParams = z.object({ id: queryInt('id', 1) });

export const priceGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  discountPercent: z.number(),
  /** The Standard group: every buyer's group until staff choose another; it cannot be deleted. */
  isStandard: z.boolean(),
  buyerCount: z.number().int(),
  priceCount: z.number().int(),
});
export type PriceGroup = z.infer<typeof priceGroup>;

export const priceGroupResponse = envelope(priceGroup);
export const priceGroupListResponse = envelope(z.object({ priceGroupList: z.array(priceGroup) }));

export const priceGroupPriceParams = z.object({
  id: queryInt('id', 1),
  optionId: uuidText({ label: 'optionId' }),
});

/** The group's own prices for an option, major units; null in both removes the explicit price. */
export const priceGroupPriceRequest = z.object({
  priceKrw: moneyAmount('KRW', { label: 'priceKrw' }).nullable(),
  priceUsd: moneyAmount('USD', { label: 'priceUsd' }).nullable(),
});
export type PriceGroupPriceRequest = z.infer<typeof priceGroupPriceRequest>;

export const priceGroupPrice = z.object({
  productOptionUuid: z.uuid(),
  productTitle: z.string(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  listPriceKrw: z.number(),
  listPriceUsd: z.number(),
  priceKrw: z.number().nullable(),
  priceUsd: z.number().nullable(),
});
export type PriceGroupPrice = z.infer<typeof priceGroupPrice>;
export const priceGroupPriceListResponse = envelope(z.object({ priceList: z.array(priceGroupPrice) }));

export const volumeTierInput = z.object({
  minQuantity: boundedInt({ min: 2, max: 1_000_000, label: 'minQuantity' }),
  discountPercent: percent('discountPercent', 0.01),
});
export const volumeTiersRequest = z.object({
  volumeTiers: z
    .array(volumeTierInput)
    .max(20, { error: 'At most 20 volume tiers per option.' })
    .refine((tiers) => new Set(tiers.map((t) => t.minQuantity)).size === tiers.length, {
      error: 'Each volume tier needs its own minimum quantity.',
    }),
});
export type VolumeTiersRequest = z.infer<typeof volumeTiersRequest>;
export const volumeTiersParams = z.object({ optionId: uuidText({ label: 'optionId' }) });
export const volumeTiersResponse = envelope(
  z.object({
    volumeTiers: z.array(z.object({ minQuantity: z.number().int(), discountPercent: z.number() })),
  }),
);

export const buyerPriceGroupRequest = z.object({
  priceGroupId: boundedInt({ min: 1, max: 2_147_483_647, label: 'priceGroupId' }),
});
