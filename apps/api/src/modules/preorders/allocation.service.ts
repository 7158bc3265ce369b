import {
  ALLOCATION_MESSAGES,
  type AllocationView,
  CATALOGUE_MESSAGES,
  type GoodsReceiptRequest,
  type GoodsReceiptView,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { lockOptions, lockProductOfOption } from '../../db/row-locks.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mail } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as edits from '../order-edits/order-edits.repository.js';
import { fillsEveryLine, plan, type Rule, view } from './allocation.plan.js';
import * as repo from './allocation.repository.js';
import { writeAllocation } from './allocation.writes.js';

/*
 * Goods receipt and allocation (issue 34, decision 0049). What arrived for a pre-order option raises its stock;
 * an allocation shares what is on hand and held by no order among the option's pre-order lines still waiting,
 * by a rule (allocation.ts). Each line then holds what it was given and may ship that; what it still lacks stays
 * on backorder, or is cut when its buyer (or staff, for the order) chose so. A receipt that fills every waiting
 * line allocates them all itself.
 */

const optionNotFound = () => notFound(CATALOGUE_MESSAGES.optionNotFound, 'OPTION_NOT_FOUND');

/** The preview: every waiting line's share under the rule, and nothing changed. */
export async function previewAllocation(db: Executor, optionId: string, rule: Rule): Promise<AllocationView> {
  const found = await repo.optionOf(db, optionId);
  if (!found) throw optionNotFound();
  const p = await plan(db, found, rule);
  return view(p, rule, await repo.receiptsOf(db, optionId));
}

/**
 * Takes an allocation's locks in the lock order (decision 0010): the orders of the option's waiting lines (by id),
 * the option's product, the option; answers the product and the option as locked, and which orders are.
 */
async function lockForAllocation(tx: Executor, optionId: string) {
  const orderIds = await repo.waitingOrderIds(tx, optionId);
  await repo.lockOrders(tx, orderIds);
  const product = await lockProductOfOption(tx, optionId);
  if (!product || product.deletedAt) throw optionNotFound();
  const [option] = await lockOptions(tx, [optionId]);
  if (!option) throw optionNotFound();
  return { product, option, lockedOrders: new Set(orderIds) };
}

/** Mails to send once an allocation is committed: each buyer's share of each of their lines. */
export type Allocated = { view: AllocationView; mails: Mail[] };

/**
 * Records goods that arrived for an option: its stock rises by them. When what is then on hand and held by no
 * order fills every waiting line, the receipt allocates them all in the same transaction, as a commit does;
 * short, it allocates nothing and staff choose a rule. Answers the preview by the given rule on the new figures,
 * what the receipt allocated, and the buyers' mails to send after the commit.
 */
export async function recordReceipt(
  db: Executor,
  optionId: string,
  input: GoodsReceiptRequest,
  staffId: string | null,
  rule: Rule,
  log?: TransactionLog,
): Promise<{ view: GoodsReceiptView; mails: Mail[] }> {
  return inTransaction(
    db,
    async (tx) => {
      const locked = await lockForAllocation(tx, optionId);
      const option = await repo.addReceipt(tx, {
        optionId,
        quantity: input.quantity,
        note: input.note,
        staffId,
      });
      await recordAudit(tx, {
        staffId,
        action: 'option.receipt',
        entity: 'product_option',
        entityId: optionId,
        after: { quantity: input.quantity, note: input.note },
      });
      const p = await plan(tx, { option, product: locked.product }, rule);
      if (!fillsEveryLine(p)) {
        const answer = view(p, rule, await repo.receiptsOf(tx, optionId));
        return { view: { ...answer, allocatedOnReceipt: null }, mails: [] };
      }
      // An order placed between reading the waiting lines and locking the option is not locked: run again.
      if (p.lines.some((l) => !locked.lockedOrders.has(l.orderId))) await repo.raced(tx);
      const { held, mails } = await writeAllocation(tx, p, staffId);
      await recordAudit(tx, {
        staffId,
        action: 'option.allocation',
        entity: 'product_option',
        entityId: optionId,
        after: { onReceipt: true, allocated: held, lines: p.lines.length },
      });
      const after = await plan(
        tx,
        { option: { ...option, holdStock: option.holdStock + held }, product: p.product },
        rule,
      );
      const answer = view(after, rule, await repo.receiptsOf(tx, optionId));
      return { view: { ...answer, allocatedOnReceipt: { lines: p.lines.length, units: held } }, mails };
    },
    { log },
  );
}

/**
 * Commits an allocation as previewed: refused (409) when what the preview was computed from changed since, so
 * two staff committing at once get one allocation and a clear answer for the other. In one transaction, in the
 * lock order (`lockForAllocation`), then the writes of `writeAllocation`.
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
      const locked = await lockForAllocation(tx, optionId);
      const p = await plan(tx, locked, rule);
      if (p.basis !== rule.basis) throw conflict(ALLOCATION_MESSAGES.stale, 'ALLOCATION_STALE');
      if (p.lines.length === 0) throw conflict(ALLOCATION_MESSAGES.nothingWaiting, 'NOTHING_WAITING');
      if (p.available === 0) throw conflict(ALLOCATION_MESSAGES.nothingOnHand, 'NOTHING_ON_HAND');
      const result = view(p, rule, []);
      const { held, mails } = await writeAllocation(tx, p, staffId);
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
