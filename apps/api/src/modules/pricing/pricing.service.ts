import {
  basisPointsFromPercent,
  CATALOGUE_MESSAGES as C,
  type CurrencyCode,
  fromMinorUnits,
  groupPriceOf,
  memberUnitPrice,
  type PriceGroup,
  type PriceGroupCreateRequest,
  type PriceGroupPrice,
  type PriceGroupPriceRequest,
  type PriceGroupUpdateRequest,
  percentFromBasisPoints,
  tierTable,
  toMinorUnits,
  type VolumeTiersRequest,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { lockBuyer, lockOptions, lockProducts, productIdsOfOptions } from '../../db/row-locks.js';
import { STANDARD_PRICE_GROUP_ID } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { buyerSessionsChanged } from '../../lib/session-changes.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findActiveBuyer } from '../buyers/buyers.repository.js';
import * as repo from './pricing.repository.js';

/** Who sees prices, and which: a member's currency and price group (decision 0021). */
export type PriceViewer = { currency: CurrencyCode; priceGroupId: number };

/** A member's prices for some options, read once for a whole answer. */
export class MemberPrices {
  constructor(
    private readonly viewer: PriceViewer,
    private readonly pricing: repo.GroupPricing,
  ) {}

  static async load(db: Executor, viewer: PriceViewer, optionIds: readonly string[], withTiers = true) {
    return new MemberPrices(viewer, await repo.groupPricing(db, viewer.priceGroupId, optionIds, withTiers));
  }

  /** The prices of a buyer's group, read now (not from the session: the cart is always current). */
  static async forBuyer(db: Executor, buyerId: string, currency: CurrencyCode, optionIds: readonly string[]) {
    const priceGroupId = await repo.groupOfBuyer(db, buyerId);
    return MemberPrices.load(db, { currency, priceGroupId }, optionIds);
  }

  private inputs(option: { id: string; priceKrw: number; priceUsd: number }) {
    const currency = this.viewer.currency;
    return {
      listMinor: currency === 'KRW' ? option.priceKrw : option.priceUsd,
      groupDiscountBp: this.pricing.discountBp,
      groupPriceMinor: groupPriceOf(this.pricing.explicit.get(option.id), currency),
      tiers: this.pricing.tiers.get(option.id) ?? [],
    };
  }

  /** The unit price of a line of `quantity` pieces, minor units. */
  unitMinor(option: { id: string; priceKrw: number; priceUsd: number }, quantity: number): number {
    return memberUnitPrice(this.inputs(option), quantity);
  }

  /** The option's tier table in major units. */
  tiers(option: { id: string; priceKrw: number; priceUsd: number }) {
    return tierTable(this.inputs(option)).map((t) => ({
      minQuantity: t.minQuantity,
      discountPercent: percentFromBasisPoints(t.discountBp),
      price: fromMinorUnits(t.unitMinor, this.viewer.currency),
    }));
  }
}

// ---- Back office -------------------------------------------------------------------------------------

const groupView = (g: repo.GroupRow): PriceGroup => ({
  id: g.id,
  name: g.name,
  discountPercent: percentFromBasisPoints(g.discountBp),
  isStandard: g.id === STANDARD_PRICE_GROUP_ID,
  buyerCount: g.buyerCount,
  priceCount: g.priceCount,
});

const groupNotFound = () => notFound(C.groupNotFound, 'PRICE_GROUP_NOT_FOUND');
const nameTaken = (name: string) => conflict(C.groupNameTaken(name), 'PRICE_GROUP_NAME_TAKEN');
const bp = (percent: number) => basisPointsFromPercent(percent) ?? 0;

export async function groupList(db: Executor) {
  return { priceGroupList: (await repo.listGroups(db)).map(groupView) };
}

export async function createGroup(db: Executor, input: PriceGroupCreateRequest, staffId: string) {
  try {
    const id = await inTransaction(db, async (tx) => {
      const row = await repo.insertGroup(tx, input.name, bp(input.discountPercent));
      await recordAudit(tx, {
        staffId,
        action: 'price-group.create',
        entity: 'price-group',
        entityId: String(row.id),
        after: { name: row.name, discountBp: row.discountBp },
      });
      return row.id;
    });
    return groupView((await repo.findGroup(db, id))!);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function updateGroup(db: Executor, id: number, input: PriceGroupUpdateRequest, staffId: string) {
  try {
    await inTransaction(db, async (tx) => {
      const found = await repo.lockGroup(tx, id);
      if (!found) throw groupNotFound();
      const set = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.discountPercent !== undefined ? { discountBp: bp(input.discountPercent) } : {}),
      };
      await repo.updateGroup(tx, id, set);
      await recordAudit(tx, {
        staffId,
        action: 'price-group.update',
        entity: 'price-group',
        entityId: String(id),
        before: { name: found.name, discountBp: found.discountBp },
        after: { name: set.name ?? found.name, discountBp: set.discountBp ?? found.discountBp },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.name) throw nameTaken(input.name);
    throw err;
  }
  return groupView((await repo.findGroup(db, id))!);
}

const groupInUse = () => conflict(C.groupInUse, 'PRICE_GROUP_IN_USE');

export async function deleteGroup(db: Executor, id: number, staffId: string) {
  if (id === STANDARD_PRICE_GROUP_ID) throw conflict(C.standardGroup, 'PRICE_GROUP_STANDARD');
  try {
    await inTransaction(db, async (tx) => {
      const found = await repo.lockGroup(tx, id);
      if (!found) throw groupNotFound();
      if (await repo.groupInUse(tx, id)) throw groupInUse();
      await repo.deleteGroup(tx, id);
      await recordAudit(tx, {
        staffId,
        action: 'price-group.delete',
        entity: 'price-group',
        entityId: String(id),
        before: { name: found.name, discountBp: found.discountBp },
      });
    });
  } catch (err) {
    // A buyer moved into the group while it was being deleted.
    if (isForeignKeyViolation(err)) throw groupInUse();
    throw err;
  }
}

const priceView = (r: Awaited<ReturnType<typeof repo.groupPrices>>[number]): PriceGroupPrice => ({
  productOptionUuid: r.optionId,
  productTitle: r.title,
  optionNameValue1: r.value1,
  optionNameValue2: r.value2,
  listPriceKrw: fromMinorUnits(r.listKrw, 'KRW'),
  listPriceUsd: fromMinorUnits(r.listUsd, 'USD'),
  priceKrw: r.priceKrw === null ? null : fromMinorUnits(r.priceKrw, 'KRW'),
  priceUsd: r.priceUsd === null ? null : fromMinorUnits(r.priceUsd, 'USD'),
});

export async function priceList(db: Executor, id: number) {
  if (!(await repo.findGroup(db, id))) throw groupNotFound();
  return { priceList: (await repo.groupPrices(db, id)).map(priceView) };
}

const optionNotFound = () => notFound(C.optionNotFound, 'OPTION_NOT_FOUND');

/** Locks the option after its product (the shop's lock order); 404 when it is gone. */
async function lockOption(tx: Executor, optionId: string) {
  await lockProducts(tx, await productIdsOfOptions(tx, [optionId]));
  const [option] = await lockOptions(tx, [optionId]);
  if (!option || !(await repo.optionExists(tx, optionId))) throw optionNotFound();
  return option;
}

export async function setGroupPrice(
  db: Executor,
  id: number,
  optionId: string,
  input: PriceGroupPriceRequest,
  staffId: string,
  log?: TransactionLog,
) {
  const priceKrw = input.priceKrw === null ? null : toMinorUnits(input.priceKrw, 'KRW');
  const priceUsd = input.priceUsd === null ? null : toMinorUnits(input.priceUsd, 'USD');
  try {
    await inTransaction(
      db,
      async (tx) => {
        await lockOption(tx, optionId);
        const group = await repo.lockGroup(tx, id);
        if (!group) throw groupNotFound();
        if (priceKrw === null && priceUsd === null) await repo.deleteGroupPrice(tx, id, optionId);
        else
          await repo.upsertGroupPrice(tx, {
            priceGroupId: id,
            productOptionId: optionId,
            priceKrw,
            priceUsd,
          });
        await recordAudit(tx, {
          staffId,
          action: 'price-group.price',
          entity: 'price-group',
          entityId: String(id),
          after: { productOptionId: optionId, priceKrw, priceUsd },
        });
      },
      { log },
    );
  } catch (err) {
    if (isForeignKeyViolation(err)) throw optionNotFound();
    throw err;
  }
  return priceList(db, id);
}

const tiersView = (tiers: { minQuantity: number; discountBp: number }[]) => ({
  volumeTiers: tiers.map((t) => ({
    minQuantity: t.minQuantity,
    discountPercent: percentFromBasisPoints(t.discountBp),
  })),
});

export async function volumeTiers(db: Executor, optionId: string) {
  if (!(await repo.optionExists(db, optionId))) throw optionNotFound();
  return tiersView(await repo.tiersOf(db, optionId));
}

export async function setVolumeTiers(
  db: Executor,
  optionId: string,
  input: VolumeTiersRequest,
  staffId: string,
  log?: TransactionLog,
) {
  const tiers = input.volumeTiers
    .map((t) => ({ minQuantity: t.minQuantity, discountBp: bp(t.discountPercent) }))
    .sort((a, b) => a.minQuantity - b.minQuantity);
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.discountBp <= tiers[i - 1]!.discountBp)
      throw badRequest(C.tiersNotIncreasing, 'TIERS_NOT_INCREASING');
  }
  await inTransaction(
    db,
    async (tx) => {
      await lockOption(tx, optionId);
      const before = await repo.tiersOf(tx, optionId);
      await repo.replaceTiers(tx, optionId, tiers);
      await recordAudit(tx, {
        staffId,
        action: 'option.volume-tiers',
        entity: 'product-option',
        entityId: optionId,
        before: { tiers: before },
        after: { tiers },
      });
    },
    { log },
  );
  return tiersView(tiers);
}

/** Moves a buyer to a price group; their very next request is priced by it (the session is dropped). */
export async function setBuyerGroup(
  db: Executor,
  buyerId: string,
  priceGroupId: number,
  staffId: string,
  log?: TransactionLog,
) {
  try {
    await inTransaction(
      db,
      async (tx) => {
        const buyer = (await lockBuyer(tx, buyerId)) ? await findActiveBuyer(tx, buyerId) : null;
        if (!buyer) throw notFound(C.buyerNotFound, 'BUYER_NOT_FOUND');
        const group = await repo.findGroup(tx, priceGroupId);
        if (!group) throw badRequest(C.chooseGroup, 'PRICE_GROUP_NOT_FOUND');
        if (buyer.priceGroupId === priceGroupId) return;
        await repo.setBuyerGroup(tx, buyerId, priceGroupId);
        await recordAudit(tx, {
          staffId,
          action: 'buyer.price-group',
          entity: 'buyer',
          entityId: buyerId,
          before: { priceGroupId: buyer.priceGroupId },
          after: { priceGroupId, priceGroupName: group.name },
        });
      },
      { log },
    );
  } catch (err) {
    // The group was deleted between the check and the update.
    if (isForeignKeyViolation(err)) throw badRequest(C.chooseGroup, 'PRICE_GROUP_NOT_FOUND');
    throw err;
  }
  buyerSessionsChanged(buyerId);
}
