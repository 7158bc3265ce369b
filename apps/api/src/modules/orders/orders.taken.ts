import {
  type BuyerOrderOption,
  type CurrencyCode,
  fromMinorUnits,
  receiverCountry,
  TAKEN_ORDER_MESSAGES,
  type TakenOrderRequest,
  toMinorUnits,
  windowState,
} from '@kshop/contract';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { byId, lockBuyer } from '../../db/row-locks.js';
import { addresses, buyers, productOptions, products, staff } from '../../db/schema.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { searchWords } from '../../lib/search-words.js';
import { recordAudit } from '../audit/audit.repository.js';
import { NO_IMAGE_URL } from '../catalog/catalog.service.js';
import { orderableQuantity } from '../preorders/preorder-rules.js';
import { memberUnitSql } from '../pricing/pricing.repository.js';
import { catalogueChangeOf, orderDay, type PlacedOrder, refusal } from './order-placing.js';
import { writeOrder } from './order-statement.js';
import * as repo from './orders.repository.js';

/*
 * Orders staff take for a buyer (issue 11): phone and KakaoTalk orders. They go through the storefront's
 * own statement (`writeOrder`): the same locks, checks, stock holds and amounts, with the staff member
 * recorded as `taken_by_staff_id` and the buyer's cart left alone (it is the buyer's own, not this order's).
 */

/** The buyer's currency, as the storefront decides it: won for Korean companies, dollars otherwise. */
export const currencyOfBuyer = (buyer: { isKoreanCompany: boolean }): CurrencyCode =>
  buyer.isKoreanCompany ? 'KRW' : 'USD';

const buyerNotFound = () => notFound(TAKEN_ORDER_MESSAGES.buyerNotFound, 'BUYER_NOT_FOUND');

/** A live (not deleted) buyer, read without a lock: what the form and the key of a request need. */
export async function findBuyer(db: Executor, buyerId: string) {
  const [row] = await db
    .select({
      id: buyers.id,
      email: buyers.email,
      status: buyers.status,
      isKoreanCompany: buyers.isKoreanCompany,
      companyName: buyers.companyName,
    })
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), isNull(buyers.deletedAt)));
  return row ?? null;
}

/**
 * Places an order for an approved buyer. Locks follow the shop's order (decision 0010): the buyer (so it
 * cannot be suspended, nor its addresses change, half-way), then `writeOrder`'s products and options, then
 * the history row and the audit entry. Without `finalPaymentAmount` the order's amount is the catalogue's
 * own total under the locks, by the same price rule as a storefront order; with it, a different total is
 * refused as prices changed. Refusals (buyer not approved, an address of another buyer, a quantity rule,
 * short stock) change nothing.
 */
export async function placeTakenOrder(
  db: Executor,
  input: TakenOrderRequest,
  staffId: string,
  log?: TransactionLog,
): Promise<PlacedOrder> {
  // Listed in the order staff entered them; checked (and refused) in option id order, as storefront orders are.
  const inOrder = input.lines.map((l) => ({
    productOptionUuid: l.productOptionId.toLowerCase(),
    quantity: l.quantity,
  }));
  const lines = [...inOrder].sort((a, b) => byId(a.productOptionUuid, b.productOptionUuid));
  if (new Set(lines.map((l) => l.productOptionUuid)).size !== lines.length)
    throw badRequest(TAKEN_ORDER_MESSAGES.duplicateLine, 'DUPLICATE_LINE');

  return inTransaction(
    db,
    async (tx) => {
      if (!(await lockBuyer(tx, input.buyerId))) throw buyerNotFound();
      const buyer = await findBuyer(tx, input.buyerId);
      if (!buyer) throw buyerNotFound();
      if (buyer.status !== 'APPROVED')
        throw conflict(TAKEN_ORDER_MESSAGES.buyerNotApproved(buyer.status), 'BUYER_NOT_APPROVED');
      const currency = currencyOfBuyer(buyer);

      let { postalCode, addressDetail } = input.receiverInfo;
      let country = receiverCountry(buyer.isKoreanCompany, input.receiverInfo.country);
      if (input.addressId) {
        const [saved] = await tx
          .select({
            postalCode: addresses.postalCode,
            addressDetail: addresses.addressDetail,
            country: addresses.country,
          })
          .from(addresses)
          .where(and(eq(addresses.id, input.addressId), eq(addresses.buyerId, buyer.id)));
        if (!saved) throw badRequest(TAKEN_ORDER_MESSAGES.addressNotFound, 'ADDRESS_NOT_FOUND');
        ({ postalCode, addressDetail } = saved);
        country = receiverCountry(buyer.isKoreanCompany, saved.country ?? undefined);
      }

      const [member] = await tx
        .select({ email: staff.email, name: staff.name })
        .from(staff)
        .where(eq(staff.id, staffId));
      const takenBy = member?.name || member?.email || 'staff';

      const catalogueTotal = input.finalPaymentAmount === undefined;
      const expectedMinor = catalogueTotal ? 0 : toMinorUnits(input.finalPaymentAmount ?? 0, currency);
      const written = await writeOrder(tx, {
        buyerId: buyer.id,
        currency,
        lines: inOrder.map((l) => ({ optionId: l.productOptionUuid, quantity: l.quantity })),
        expectedMinor,
        catalogueTotal,
        // Outside a product's order window only with a reason, which the history keeps (issue 34).
        anyWindow: input.outsideWindowReason !== undefined,
        takenByStaffId: staffId,
        poReference: input.poReference ?? null,
        day: orderDay(),
        receiver: {
          companyEmail: input.receiverInfo.companyEmail,
          receiverName: input.receiverInfo.receiverName,
          phoneNumber: input.receiverInfo.phoneNumber,
          postalCode,
          addressDetail,
          country,
        },
      });
      if (!written.order || !written.buyer) {
        // Priced by the catalogue, the total cannot be what went wrong: the reason is a line's.
        const units = new Map(written.lines.map((l) => [l.id, l.unit]));
        const total = catalogueTotal
          ? lines.reduce((sum, l) => sum + (units.get(l.productOptionUuid) ?? 0) * l.quantity, 0)
          : expectedMinor;
        throw refusal(lines, total, written);
      }
      // Whoever takes an order by phone is in charge of it from the start; an owner may name another later.
      await repo.setPersonInCharge(tx, written.order.id, staffId);
      await repo.insertStatusHistory(tx, {
        orderId: written.order.id,
        fromStatus: null,
        toStatus: 'PENDING',
        actor: 'STAFF',
        staffId,
        note: [
          `Placed by staff (${takenBy}) for the buyer; ${takenBy} is in charge.`,
          ...(input.outsideWindowReason
            ? [TAKEN_ORDER_MESSAGES.outsideWindowNote(input.outsideWindowReason)]
            : []),
        ].join(' '),
      });
      await recordAudit(tx, {
        staffId,
        action: 'order.taken',
        entity: 'order',
        entityId: written.order.orderNumber,
        after: { buyerId: buyer.id, lines: lines.length, amount: written.order.amount, currency },
      });
      await recordAudit(tx, {
        staffId,
        action: 'order.person-in-charge',
        entity: 'order',
        entityId: written.order.orderNumber,
        before: { personInChargeStaffId: null },
        after: { personInChargeStaffId: staffId },
      });
      return {
        uuid: written.order.id,
        orderNumber: written.order.orderNumber,
        catalogue: catalogueChangeOf(written),
      };
    },
    { log },
  );
}

/**
 * Options the order form offers for a buyer: those of listed products whose title, vendor or option
 * values match `q`, with the stock available now, the quantity rules, and the buyer's unit price in its
 * currency with its volume tiers (the order itself is priced by the same rule under its locks).
 */
export async function optionsForBuyer(db: Executor, buyerId: string, q: string | undefined) {
  const buyer = await findBuyer(db, buyerId);
  if (!buyer) throw buyerNotFound();
  const currency = currencyOfBuyer(buyer);
  const words = searchWords(q ?? '');
  // The buyer's price by the order's own rule (group price, then the volume tier for the quantity).
  const price = currency === 'KRW' ? sql`price_krw` : sql`price_usd`;
  const option = { id: sql`${productOptions.id}`, listPrice: sql`${productOptions}.${price}` };
  const tierOption = { id: sql`t2.product_option_id`, listPrice: option.listPrice };
  const rows = await db
    .select({
      option: productOptions,
      product: products,
      unit: sql<number>`${memberUnitSql(option, price, buyer.id, sql`1`)}`.mapWith(Number),
      tiers: sql<{ minQuantity: number; unit: number }[]>`(
        select coalesce(json_agg(json_build_object('minQuantity', t2.min_quantity,
          'unit', ${memberUnitSql(tierOption, price, buyer.id, sql`t2.min_quantity`)}) order by t2.min_quantity), '[]'::json)
        from option_volume_tiers t2 where t2.product_option_id = ${productOptions.id})`,
    })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        isNull(products.deletedAt),
        sql`${products.isPublished}`,
        // Each word in the product's search text (title, vendor, artists in English and Korean with their
        // initials, category and type words in both languages: db/derived.ts), the option's values or its SKU.
        ...words.map((word) => {
          const like = containsPattern(word);
          return or(
            sql`${products.searchText} like ${like}`,
            ilike(productOptions.optionNameValue1, like),
            ilike(productOptions.optionNameValue2, like),
            ilike(productOptions.sku, like),
          );
        }),
      ),
    )
    .orderBy(asc(products.title), asc(productOptions.sortOrder), asc(productOptions.id))
    .limit(30);
  const now = new Date();
  const optionList: BuyerOrderOption[] = rows.map(({ option: o, product: p, unit, tiers }) => ({
    productOptionId: o.id,
    productTitle: p.title,
    optionNameValue1: o.optionNameValue1,
    optionNameValue2: o.optionNameValue2,
    thumbnailUrl: p.imageUrls[0] ?? NO_IMAGE_URL,
    available: orderableQuantity(o, p.preorder, o.preorderTaken),
    isSoldOut: o.isSoldOut,
    orderWindow: windowState(p, now),
    salesEndAt: p.salesEndAt?.toISOString() ?? null,
    preorder: p.preorder,
    minimumOrderQuantity: o.minimumOrderQuantity,
    orderMultiple: o.orderMultiple,
    maxPerOrder: o.maxPerOrder,
    unitPrice: fromMinorUnits(unit, currency),
    volumeTiers: tiers.map((t) => ({
      minQuantity: t.minQuantity,
      unitPrice: fromMinorUnits(Number(t.unit), currency),
    })),
  }));
  return { currencyCode: currency, optionList };
}
