import {
  type CurrencyCode,
  fromMinorUnits,
  memosOpen,
  ORDER_RULES,
  type OrderStatus,
  parseMemo,
  toMinorUnits,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { inTransaction, type TransactionLog } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as memoRepo from './memos.repository.js';
import * as repo from './orders.repository.js';

type MemoRow = Awaited<ReturnType<typeof memoRepo.memosOf>>[number];

/** What the memos that count (not voided) add to the product amount, in minor units. */
const memoTotal = (memos: readonly MemoRow[], except?: string) =>
  memos.reduce((sum, m) => (m.voidedAt || m.id === except ? sum : sum + m.amount), 0);

export const MEMO_FORMAT =
  "A memo reads 'label/amount', for example 'Shipping fee/15000' or 'Discount/-5000'.";

const closedMemos = (status: OrderStatus) => conflict(ORDER_RULES.memosClosed(status), 'MEMOS_CLOSED');

/** The memo's amount in the order's minor units; more decimals than the currency has are refused. */
function memoMinor(content: string, currency: CurrencyCode): number {
  const { label, amount } = parseMemo(content);
  if (!label || amount === null) throw badRequest(MEMO_FORMAT, 'BAD_MEMO');
  const minor = toMinorUnits(amount, currency);
  if (fromMinorUnits(minor, currency) !== amount) {
    throw badRequest(`${currency} amounts have at most ${currency === 'KRW' ? 0 : 2} decimals.`, 'BAD_MEMO');
  }
  return minor;
}

const negativeTotal = () => badRequest('The memos would make the total negative.', 'BAD_MEMO');

/** A memo's text must read 'label/amount'. */
function checkMemoFormat(content: string) {
  const { label, amount } = parseMemo(content);
  if (!label || amount === null) throw badRequest(MEMO_FORMAT, 'BAD_MEMO');
}

/** The order, locked, whose memos may still change (not delivered, not cancelled). */
async function lockOrderWithOpenMemos(tx: Executor, orderNumber: string) {
  const order = await repo.lockOrderByNumber(tx, orderNumber);
  if (!order) throw repo.orderNotFound();
  if (!memosOpen(order.status)) throw closedMemos(order.status);
  return order;
}

/** One of the order's memos, locked after the order, that is not voided. */
async function lockLiveMemo(tx: Executor, orderId: string, memoId: string) {
  const memo = await memoRepo.lockMemo(tx, orderId, memoId);
  if (!memo) throw notFound(ORDER_RULES.memoNotFound, 'MEMO_NOT_FOUND');
  if (memo.voidedAt) throw conflict(ORDER_RULES.memoVoided, 'MEMO_VOIDED');
  return memo;
}

/**
 * The final amount once the memos change: the product amount, every memo that counts except `leaving`, and
 * `adding` (minor units). Refused when it would be negative.
 */
async function finalAmountWith(
  tx: Executor,
  order: { id: string; productAmount: number },
  change: { leaving?: string; adding?: number },
) {
  const memos = await memoRepo.memosOf(tx, order.id);
  const finalAmount = order.productAmount + memoTotal(memos, change.leaving) + (change.adding ?? 0);
  if (finalAmount < 0) throw negativeTotal();
  return finalAmount;
}

/**
 * Adds a staff memo; the final amount becomes the product amount plus every memo that is not voided.
 * Refused once the order is delivered or cancelled.
 */
export async function addMemo(
  db: Executor,
  orderNumber: string,
  content: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  checkMemoFormat(content);
  return inTransaction(
    db,
    async (tx) => {
      const order = await lockOrderWithOpenMemos(tx, orderNumber);
      const minor = memoMinor(content, order.currencyCode);
      const finalAmount = await finalAmountWith(tx, order, { adding: minor });
      await memoRepo.insertMemo(tx, {
        orderId: order.id,
        content: content.trim(),
        amount: minor,
        createdByStaffId: staffId,
      });
      await repo.setFinalAmount(tx, order.id, finalAmount);
      await recordAudit(tx, {
        staffId,
        action: 'order.memo',
        entity: 'order',
        entityId: orderNumber,
        before: { finalAmount: order.finalAmount },
        after: { memo: content.trim(), finalAmount },
      });
      return {
        orderNumber,
        finalAmount: fromMinorUnits(finalAmount, order.currencyCode),
        currencyCode: order.currencyCode,
      };
    },
    { log },
  );
}

/**
 * Changes a memo's text and amount (the same 'label/amount' form). Refused for a voided memo and once the
 * order is delivered or cancelled. Locks the order, then the memo.
 */
export async function changeMemo(
  db: Executor,
  orderNumber: string,
  memoId: string,
  content: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  checkMemoFormat(content);
  return inTransaction(
    db,
    async (tx) => {
      const order = await lockOrderWithOpenMemos(tx, orderNumber);
      const memo = await lockLiveMemo(tx, order.id, memoId);
      const minor = memoMinor(content, order.currencyCode);
      const finalAmount = await finalAmountWith(tx, order, { leaving: memo.id, adding: minor });
      await memoRepo.editMemo(tx, memo.id, content.trim(), minor, staffId);
      await repo.setFinalAmount(tx, order.id, finalAmount);
      await recordAudit(tx, {
        staffId,
        action: 'order.memo-edit',
        entity: 'order',
        entityId: orderNumber,
        before: { memoId: memo.id, memo: memo.content, finalAmount: order.finalAmount },
        after: { memoId: memo.id, memo: content.trim(), finalAmount },
      });
      return { finalAmount: fromMinorUnits(finalAmount, order.currencyCode) };
    },
    { log },
  );
}

/**
 * Voids a memo: it stays in the order's history for staff, no longer counts in the amounts and is no
 * longer shown to the buyer. Refused once the order is delivered or cancelled.
 */
export async function voidMemo(
  db: Executor,
  orderNumber: string,
  memoId: string,
  staffId: string | null = null,
  log?: TransactionLog,
) {
  return inTransaction(
    db,
    async (tx) => {
      const order = await lockOrderWithOpenMemos(tx, orderNumber);
      const memo = await lockLiveMemo(tx, order.id, memoId);
      const finalAmount = await finalAmountWith(tx, order, { leaving: memo.id });
      await memoRepo.voidMemo(tx, memo.id, staffId);
      await repo.setFinalAmount(tx, order.id, finalAmount);
      await recordAudit(tx, {
        staffId,
        action: 'order.memo-void',
        entity: 'order',
        entityId: orderNumber,
        before: { memoId: memo.id, memo: memo.content, finalAmount: order.finalAmount },
        after: { memoId: memo.id, voided: true, finalAmount },
      });
      return { finalAmount: fromMinorUnits(finalAmount, order.currencyCode) };
    },
    { log },
  );
}
