import { createHash } from 'node:crypto';
import type { AllocationQuery, AllocationView } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { productOptions, products } from '../../db/schema.js';
import { type AllocationInput, allocate } from './allocation.js';
import * as repo from './allocation.repository.js';

/*
 * What an allocation is computed from and what staff see of it (issue 34): an option's waiting pre-order lines
 * and each line's share under a rule, by the pure rules of allocation.ts.
 */

export type Rule = Pick<AllocationQuery, 'rule' | 'minimumPerBuyer'>;

/** The option and its product as read: unlocked for a preview, under their locks for a receipt or a commit. */
export type OptionOf = {
  option: typeof productOptions.$inferSelect;
  product: typeof products.$inferSelect;
};

/** The option's waiting lines and each line's share under `rule`, as they stand when read. */
export async function plan(db: Executor, { option, product }: OptionOf, rule: Rule) {
  const lines = await repo.waitingLines(db, option.id);
  const available = Math.max(0, option.stock - option.holdStock);
  const input: AllocationInput = {
    available,
    rule: rule.rule,
    carton: option.orderMultiple,
    minimumPerBuyer: rule.minimumPerBuyer,
    lines: lines.map((l) => ({
      id: l.line.id,
      buyer: l.buyerId ?? l.orderId,
      orderedAt: l.orderedAt.getTime(),
      wanted: l.line.quantity - l.line.allocatedQuantity,
      backorder: l.line.backorder,
      // A larger discount is a more valued buyer: served first by the priority rule.
      rank: -(l.discountBp ?? 0),
    })),
  };
  const shares = allocate(input);
  const wanted = input.lines.reduce((sum, l) => sum + l.wanted, 0);
  // What the shares are computed from: a commit whose basis differs was previewed on other figures.
  const basis = createHash('sha256')
    .update(
      JSON.stringify([
        available,
        option.orderMultiple,
        input.lines.map((l) => [l.id, l.wanted, l.backorder, l.orderedAt, l.rank]),
      ]),
    )
    .digest('hex')
    .slice(0, 32);
  return { option, product, lines, shares, available, wanted, basis };
}

export type Plan = Awaited<ReturnType<typeof plan>>;

/** Whether what is on hand and unheld fills every waiting line whole: then every rule gives the same shares. */
export const fillsEveryLine = (p: Plan) => p.lines.length > 0 && p.available >= p.wanted;

export function view(
  p: Plan,
  rule: Rule,
  receipts: Awaited<ReturnType<typeof repo.receiptsOf>>,
): AllocationView {
  const lines = p.lines.map((l) => {
    const allocating = p.shares.get(l.line.id) ?? 0;
    return {
      orderDetailUuid: l.line.id,
      orderNumber: l.orderNumber,
      orderedAt: l.orderedAt.toISOString(),
      companyName: l.companyName,
      buyerEmail: l.buyerEmail,
      country: l.country,
      priceGroup: l.priceGroup,
      ordered: l.line.quantity,
      allocatedBefore: l.line.allocatedQuantity,
      allocating,
      short: l.line.quantity - l.line.allocatedQuantity - allocating,
      backorderChoice: l.backorderChoice,
      backorder: l.line.backorder,
    };
  });
  const given = lines.reduce((sum, l) => sum + l.allocating, 0);
  return {
    productOptionUuid: p.option.id,
    productUuid: p.product.id,
    productTitle: p.product.title,
    optionNameValue1: p.option.optionNameValue1,
    optionNameValue2: p.option.optionNameValue2,
    sku: p.option.sku,
    releaseDate: p.product.releaseDate,
    carton: p.option.orderMultiple,
    onHand: p.option.stock,
    held: p.option.holdStock,
    available: p.available,
    wanted: p.wanted,
    left: p.available - given,
    rule: rule.rule,
    minimumPerBuyer: rule.minimumPerBuyer,
    basis: p.basis,
    lines,
    receipts: receipts.map((r) => ({
      quantity: r.quantity,
      note: r.note,
      at: r.at.toISOString(),
      staff: r.staff,
    })),
  };
}
