import { createHash } from 'node:crypto';
import {
  ALLOCATION_MESSAGES,
  type AllocationQuery,
  type AllocationView,
  CATALOGUE_MESSAGES,
  type GoodsReceiptRequest,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { lockOptions, lockProducts } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mail } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { buyerMails } from '../mail/mail-texts.js';
import * as edits from '../order-edits/order-edits.repository.js';
import { appendSales, salesChange } from '../orders/pending-sales.js';
import { type AllocationInput, allocate } from './allocation.js';
import * as repo from './allocation.repository.js';
import { givePreorderBack } from './preorders.repository.js';

/*
 * Goods receipt and allocation (issue 34, decision 0049). What arrived for a pre-order option raises its stock;
 * an allocation shares what is on hand and held by no order among the option's pre-order lines still waiting,
 * by a rule (allocation.ts). Each line then holds what it was given and may ship that; what it still lacks stays
 * on backorder, or is cut when its buyer (or staff, for the order) chose so.
 */

type Rule = Pick<AllocationQuery, 'rule' | 'minimumPerBuyer'>;

const optionNotFound = () => notFound(CATALOGUE_MESSAGES.optionNotFound, 'OPTION_NOT_FOUND');

/** The option, its waiting lines and each line's share under `rule`, as they stand when read. */
async function plan(db: Executor, optionId: string, rule: Rule) {
  const found = await repo.optionOf(db, optionId);
  if (!found) throw optionNotFound();
  const { option, product } = found;
  const lines = await repo.waitingLines(db, optionId);
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
  return { option, product, lines, shares, available, basis };
}

type Plan = Awaited<ReturnType<typeof plan>>;

function view(p: Plan, rule: Rule, receipts: Awaited<ReturnType<typeof repo.receiptsOf>>): AllocationView {
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
    wanted: lines.reduce((sum, l) => sum + l.ordered - l.allocatedBefore, 0),
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

/** The preview: every waiting line's share under the rule, and nothing changed. */
export async function previewAllocation(db: Executor, optionId: string, rule: Rule): Promise<AllocationView> {
  const p = await plan(db, optionId, rule);
  return view(p, rule, await repo.receiptsOf(db, optionId));
}

/** Mails to send once an allocation is committed: each buyer's share of each of their lines. */
export type Allocated = { view: AllocationView; mails: Mail[] };

/**
 * Records goods that arrived for an option: its stock rises by them. Locks the option's product, then the option
 * (decision 0010). Answers the preview by the given rule on the new figures.
 */
export async function recordReceipt(
  db: Executor,
  optionId: string,
  input: GoodsReceiptRequest,
  staffId: string | null,
  rule: Rule,
  log?: TransactionLog,
): Promise<AllocationView> {
  return inTransaction(
    db,
    async (tx) => {
      const found = await repo.optionOf(tx, optionId);
      if (!found) throw optionNotFound();
      await lockProducts(tx, [found.product.id]);
      await lockOptions(tx, [optionId]);
      await repo.addReceipt(tx, { optionId, quantity: input.quantity, note: input.note, staffId });
      await recordAudit(tx, {
        staffId,
        action: 'option.receipt',
        entity: 'product_option',
        entityId: optionId,
        after: { quantity: input.quantity, note: input.note },
      });
      return previewAllocation(tx, optionId, rule);
    },
    { log },
  );
}

/**
 * Commits an allocation as previewed: refused (409) when what the preview was computed from changed since, so
 * two staff committing at once get one allocation and a clear answer for the other. In one transaction, in the
 * lock order: the waiting lines' orders (by id), the option's product, the option; then each line holds its
 * share, short units stay on backorder or are cut (their amounts, the order's totals, the pre-order counts and
 * the sales follow), and each order's history records it. An order is never cut to nothing: a line that got
 * nothing and is its order's last stays on backorder, for staff to cancel the order.
 */
export async function commitAllocation(
  db: Executor,
  optionId: string,
  rule: Rule & { basis: string },
  staffId: string | null,
  log?: TransactionLog,
): Promise<Allocated> {
  return inTransaction(
    db,
    async (tx) => {
      await edits.quietCatalogue(tx);
      const seen = await repo.waitingLines(tx, optionId);
      await repo.lockOrders(
        tx,
        seen.map((l) => l.orderId),
      );
      const found = await repo.optionOf(tx, optionId);
      if (!found) throw optionNotFound();
      await lockProducts(tx, [found.product.id]);
      await lockOptions(tx, [optionId]);
      const p = await plan(tx, optionId, rule);
      if (p.basis !== rule.basis) throw conflict(ALLOCATION_MESSAGES.stale, 'ALLOCATION_STALE');
      if (p.lines.length === 0) throw conflict(ALLOCATION_MESSAGES.nothingWaiting, 'NOTHING_WAITING');
      if (p.available === 0) throw conflict(ALLOCATION_MESSAGES.nothingOnHand, 'NOTHING_ON_HAND');
      const result = view(p, rule, []);
      let held = 0;
      const mails: Mail[] = [];
      for (const l of p.lines) {
        const share = p.shares.get(l.line.id) ?? 0;
        const allocated = l.line.allocatedQuantity + share;
        const short = l.line.quantity - allocated;
        held += share;
        const lastLine = allocated === 0 && (await edits.lineCount(tx, l.orderId)) <= 1;
        const cut = short > 0 && l.backorderChoice === 'CANCEL' && !lastLine ? short : 0;
        if (cut > 0 && allocated === 0) {
          await edits.deleteLine(tx, l.line.id);
        } else {
          const quantity = l.line.quantity - cut;
          await repo.setAllocation(tx, l.line.id, {
            allocatedQuantity: allocated,
            backorder: quantity > allocated,
            ...(cut > 0 ? { quantity, amount: l.line.unitPrice * quantity } : {}),
          });
        }
        if (cut > 0) {
          await givePreorderBack(tx, optionId, l.buyerId, cut);
          await appendSales(tx, [
            salesChange(p.product.id, -cut, -l.line.unitPrice * cut, l.line.currencyCode),
          ]);
          const sums = await edits.amountsOf(tx, l.orderId);
          await edits.setAmounts(tx, l.orderId, sums.products, Math.max(0, sums.products + sums.memos));
        }
        const title = lineTitle(l);
        const summary = [
          ALLOCATION_MESSAGES.summary(title, allocated, l.line.quantity),
          ...(short - cut > 0 ? [ALLOCATION_MESSAGES.kept(short - cut)] : []),
          ...(cut > 0 ? [ALLOCATION_MESSAGES.cut(cut)] : []),
        ].join(' ');
        await edits.insertChange(tx, {
          orderId: l.orderId,
          kind: 'ALLOCATED',
          staffId,
          detail: { summary, orderDetailUuid: l.line.id, allocated: share, kept: short - cut, cut },
        });
        if (l.buyerEmail) {
          const words = buyerMails(l.buyerLanguage ?? 'en');
          mails.push({
            to: l.buyerEmail,
            ...words.allocation(l.orderNumber, title, {
              ordered: l.line.quantity,
              allocated,
              kept: short - cut,
              cut,
            }),
          });
        }
      }
      if (held > 0) await repo.holdAllocated(tx, optionId, held);
      await recordAudit(tx, {
        staffId,
        action: 'option.allocation',
        entity: 'product_option',
        entityId: optionId,
        after: {
          rule: rule.rule,
          minimumPerBuyer: rule.minimumPerBuyer,
          allocated: held,
          lines: p.lines.length,
        },
      });
      return { view: result, mails };
    },
    { log },
  );
}

const lineTitle = (l: repo.WaitingLine) =>
  [l.line.productTitle, l.line.optionNameValue1, l.line.optionNameValue2].filter(Boolean).join(' / ');
