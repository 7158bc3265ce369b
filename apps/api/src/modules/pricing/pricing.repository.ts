import { and, asc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import {
  buyers,
  optionVolumeTiers,
  priceGroupPrices,
  priceGroups,
  productOptions,
  products,
} from '../../db/schema.js';

/** What a group's member pays for some options: the group's percentage, explicit prices and tiers. */
export type GroupPricing = {
  discountBp: number;
  explicit: Map<string, { priceKrw: number | null; priceUsd: number | null }>;
  tiers: Map<string, { minQuantity: number; discountBp: number }[]>;
};

export async function groupPricing(
  db: Executor,
  priceGroupId: number,
  optionIds: readonly string[],
  withTiers: boolean,
): Promise<GroupPricing> {
  const ids = [...new Set(optionIds)];
  const none = ids.length === 0;
  // One statement: a member's product detail is made again after every stock change of its options.
  const [row] = await queryRows<{
    discount_bp: number | null;
    explicit: [string, number | null, number | null][];
    tiers: [string, number, number][];
  }>(
    db,
    sql`select
      (select ${priceGroups.discountBp} from ${priceGroups} where ${priceGroups.id} = ${priceGroupId}) as discount_bp,
      coalesce((
        select json_agg(json_build_array(${priceGroupPrices.productOptionId}, ${priceGroupPrices.priceKrw},
          ${priceGroupPrices.priceUsd}))
        from ${priceGroupPrices}
        where ${none ? sql`false` : and(eq(priceGroupPrices.priceGroupId, priceGroupId), inArray(priceGroupPrices.productOptionId, ids))}
      ), '[]') as explicit,
      coalesce((
        select json_agg(json_build_array(${optionVolumeTiers.productOptionId}, ${optionVolumeTiers.minQuantity},
          ${optionVolumeTiers.discountBp}) order by ${optionVolumeTiers.productOptionId}, ${optionVolumeTiers.minQuantity})
        from ${optionVolumeTiers}
        where ${withTiers && !none ? inArray(optionVolumeTiers.productOptionId, ids) : sql`false`}
      ), '[]') as tiers`,
  );
  const byOption = new Map<string, { minQuantity: number; discountBp: number }[]>();
  for (const [optionId, minQuantity, discountBp] of row?.tiers ?? []) {
    const list = byOption.get(optionId) ?? [];
    list.push({ minQuantity, discountBp });
    byOption.set(optionId, list);
  }
  return {
    discountBp: row?.discount_bp ?? 0,
    explicit: new Map(
      (row?.explicit ?? []).map(([optionId, priceKrw, priceUsd]) => [
        optionId,
        {
          priceKrw: priceKrw === null ? null : Number(priceKrw),
          priceUsd: priceUsd === null ? null : Number(priceUsd),
        },
      ]),
    ),
    tiers: byOption,
  };
}

export async function groupOfBuyer(db: Executor, buyerId: string): Promise<number> {
  const [row] = await db.select({ id: buyers.priceGroupId }).from(buyers).where(eq(buyers.id, buyerId));
  return row?.id ?? 1;
}

/**
 * The same rule as `memberUnitPrice` (packages/contract/src/rules/pricing.ts) in SQL, for the statement that
 * places an order: `option` names the product_options row (its `id` and list price column), `quantity` the
 * line's quantity. Integer arithmetic on bigint, halves rounded up, exactly as the contract's rule does.
 */
export function memberUnitSql(
  option: { id: SQL; listPrice: SQL },
  groupPriceColumn: SQL,
  /** The buyer's id, or a placeholder bound to it when the statement runs. */
  buyerId: string | SQLWrapper,
  quantity: SQL,
): SQL {
  const groupPrice = sql`coalesce(
      (select gp.${groupPriceColumn} from buyers gb join price_group_prices gp
        on gp.price_group_id = gb.price_group_id and gp.product_option_id = ${option.id}
        where gb.id = ${buyerId}::uuid),
      (${option.listPrice} * (10000 - coalesce((select g.discount_bp from buyers gb join price_groups g
        on g.id = gb.price_group_id where gb.id = ${buyerId}::uuid), 0)) + 5000) / 10000)`;
  const tierBp = sql`coalesce((select t.discount_bp from option_volume_tiers t
      where t.product_option_id = ${option.id} and t.min_quantity <= ${quantity}
      order by t.min_quantity desc limit 1), 0)`;
  return sql`((${groupPrice}) * (10000 - ${tierBp}) + 5000) / 10000`;
}

// ---- Back office -------------------------------------------------------------------------------------

const groupsQuery = (db: Executor, id?: number) =>
  db
    .select({
      id: priceGroups.id,
      name: priceGroups.name,
      discountBp: priceGroups.discountBp,
      buyerCount:
        sql<number>`(select count(*) from buyers b where b.price_group_id = price_groups.id and b.deleted_at is null)`.mapWith(
          Number,
        ),
      priceCount:
        sql<number>`(select count(*) from price_group_prices p where p.price_group_id = price_groups.id)`.mapWith(
          Number,
        ),
    })
    .from(priceGroups)
    .where(id === undefined ? undefined : eq(priceGroups.id, id))
    .orderBy(asc(priceGroups.id));

export type GroupRow = Awaited<ReturnType<typeof groupsQuery>>[number];

export const listGroups = (db: Executor) => groupsQuery(db);

export async function findGroup(db: Executor, id: number) {
  const [row] = await groupsQuery(db, id);
  return row ?? null;
}

/** The group row, locked: renames, percentage changes and deletion of one group go one at a time. */
export async function lockGroup(db: Executor, id: number) {
  const [row] = await db.select().from(priceGroups).where(eq(priceGroups.id, id)).for('update');
  return row ?? null;
}

export async function insertGroup(db: Executor, name: string, discountBp: number) {
  const [row] = await db.insert(priceGroups).values({ name, discountBp }).returning();
  return row!;
}

export const updateGroup = (db: Executor, id: number, set: { name?: string; discountBp?: number }) =>
  db
    .update(priceGroups)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(priceGroups.id, id));

export const deleteGroup = (db: Executor, id: number) => db.delete(priceGroups).where(eq(priceGroups.id, id));

/** Whether any buyer (deleted ones too: the foreign key keeps them) is in the group. */
export async function groupInUse(db: Executor, id: number) {
  const [row] = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.priceGroupId, id)).limit(1);
  return row !== undefined;
}

export const groupPrices = (db: Executor, id: number) =>
  db
    .select({
      optionId: productOptions.id,
      title: products.title,
      value1: productOptions.optionNameValue1,
      value2: productOptions.optionNameValue2,
      listKrw: productOptions.priceKrw,
      listUsd: productOptions.priceUsd,
      priceKrw: priceGroupPrices.priceKrw,
      priceUsd: priceGroupPrices.priceUsd,
    })
    .from(priceGroupPrices)
    .innerJoin(productOptions, eq(productOptions.id, priceGroupPrices.productOptionId))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(priceGroupPrices.priceGroupId, id), isNull(products.deletedAt)))
    .orderBy(asc(products.title), asc(productOptions.sortOrder), asc(productOptions.id));

export async function optionExists(db: Executor, optionId: string) {
  const [row] = await db
    .select({ id: productOptions.id })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(eq(productOptions.id, optionId), isNull(products.deletedAt)));
  return row !== undefined;
}

export const upsertGroupPrice = (
  db: Executor,
  row: { priceGroupId: number; productOptionId: string; priceKrw: number | null; priceUsd: number | null },
) =>
  db
    .insert(priceGroupPrices)
    .values(row)
    .onConflictDoUpdate({
      target: [priceGroupPrices.priceGroupId, priceGroupPrices.productOptionId],
      set: { priceKrw: row.priceKrw, priceUsd: row.priceUsd },
    });

export const deleteGroupPrice = (db: Executor, priceGroupId: number, productOptionId: string) =>
  db
    .delete(priceGroupPrices)
    .where(
      and(
        eq(priceGroupPrices.priceGroupId, priceGroupId),
        eq(priceGroupPrices.productOptionId, productOptionId),
      ),
    );

export const tiersOf = (db: Executor, optionId: string) =>
  db
    .select({ minQuantity: optionVolumeTiers.minQuantity, discountBp: optionVolumeTiers.discountBp })
    .from(optionVolumeTiers)
    .where(eq(optionVolumeTiers.productOptionId, optionId))
    .orderBy(asc(optionVolumeTiers.minQuantity));

export async function replaceTiers(
  db: Executor,
  optionId: string,
  tiers: { minQuantity: number; discountBp: number }[],
) {
  await db.delete(optionVolumeTiers).where(eq(optionVolumeTiers.productOptionId, optionId));
  if (tiers.length) {
    await db.insert(optionVolumeTiers).values(tiers.map((t) => ({ productOptionId: optionId, ...t })));
  }
}

export const setBuyerGroup = (db: Executor, buyerId: string, priceGroupId: number) =>
  db.update(buyers).set({ priceGroupId, updatedAt: sql`now()` }).where(eq(buyers.id, buyerId));
