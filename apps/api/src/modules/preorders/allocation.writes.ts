import { ALLOCATION_MESSAGES } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import type { orderChanges } from '../../db/schema.js';
import type { Mail } from '../../lib/mailer.js';
import { buyerMails } from '../mail/mail-texts.js';
import { appendSales, type SalesChange, salesChange } from '../orders/pending-sales.js';
import type { Plan } from './allocation.plan.js';
import * as repo from './allocation.repository.js';
import { givePreorderBackMany } from './preorders.repository.js';

/**
 * Writes an allocation's shares (issue 34): each line holds its share, short units stay on backorder or are cut
 * (their amounts, the order's totals, the pre-order counts and the sales follow), and each order's history
 * records it. An order is never cut to nothing: a line that got nothing and is its order's last stays on
 * backorder, for staff to cancel the order. The caller holds the lines' orders, the product and the option
 * (decision 0010); the writes are a few statements in all, however many lines: lines, counts, sales, amounts,
 * history, the option's hold. Answers the units now held and each buyer's mail, to send after the commit.
 */
export async function writeAllocation(tx: Executor, p: Plan, staffId: string | null) {
  const optionId = p.option.id;
  const outcome = p.lines.map((l) => {
    const share = p.shares.get(l.line.id) ?? 0;
    const allocated = l.line.allocatedQuantity + share;
    return { l, share, allocated, short: l.line.quantity - allocated };
  });
  // Lines that may be cut to nothing: whether each is its order's last counts the lines cut before it.
  const counts = await repo.lineCounts(
    tx,
    outcome
      .filter((o) => o.allocated === 0 && o.short > 0 && o.l.backorderChoice === 'CANCEL')
      .map((o) => o.l.orderId),
  );

  let held = 0;
  const removed: string[] = [];
  const written: repo.LineAllocation[] = [];
  const givenBack: { buyerId: string | null; quantity: number }[] = [];
  const sales: SalesChange[] = [];
  const lowered = new Set<string>();
  const history: (typeof orderChanges.$inferInsert)[] = [];
  const mails: Mail[] = [];
  for (const { l, share, allocated, short } of outcome) {
    held += share;
    const lastLine = allocated === 0 && (counts.get(l.orderId) ?? 0) <= 1;
    const cut = short > 0 && l.backorderChoice === 'CANCEL' && !lastLine ? short : 0;
    if (cut > 0 && allocated === 0) {
      removed.push(l.line.id);
      counts.set(l.orderId, (counts.get(l.orderId) ?? 0) - 1);
    } else {
      const quantity = l.line.quantity - cut;
      written.push({
        id: l.line.id,
        allocatedQuantity: allocated,
        backorder: quantity > allocated,
        ...(cut > 0 ? { quantity, amount: l.line.unitPrice * quantity } : {}),
      });
    }
    if (cut > 0) {
      givenBack.push({ buyerId: l.buyerId, quantity: cut });
      sales.push(salesChange(p.product.id, -cut, -l.line.unitPrice * cut, l.line.currencyCode));
      lowered.add(l.orderId);
    }
    const title = lineTitle(l);
    const summary = [
      ALLOCATION_MESSAGES.summary(title, allocated, l.line.quantity),
      ...(short - cut > 0 ? [ALLOCATION_MESSAGES.kept(short - cut)] : []),
      ...(cut > 0 ? [ALLOCATION_MESSAGES.cut(cut)] : []),
    ].join(' ');
    history.push({
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

  await repo.deleteLines(tx, removed);
  await repo.setAllocations(tx, written);
  await givePreorderBackMany(tx, optionId, givenBack);
  await appendSales(tx, sales);
  await repo.recomputeAmounts(tx, [...lowered]);
  await repo.insertChanges(tx, history);
  if (held > 0) await repo.holdAllocated(tx, optionId, held);
  return { held, mails };
}

const lineTitle = (l: repo.WaitingLine) =>
  [l.line.productTitle, l.line.optionNameValue1, l.line.optionNameValue2].filter(Boolean).join(' / ');
