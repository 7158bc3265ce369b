import {
  CURRENCIES,
  type CurrencyCode,
  fromMinorUnits,
  type SalesGroup,
  type SalesGrouped,
  type SalesInterval,
  type SalesSeries,
} from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import * as repo from './sales.repository.js';

const DAY_MS = 86_400_000;
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every period of the range: each day, or each week from the Monday on or before `from`. */
export function periodsOf(from: string, to: string, interval: SalesInterval): string[] {
  let start = dayMs(from);
  const step = interval === 'week' ? 7 * DAY_MS : DAY_MS;
  if (interval === 'week') start -= ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const periods: string[] = [];
  for (let at = start; at <= dayMs(to); at += step) periods.push(isoDay(at));
  return periods;
}

/** Sales per currency and period, every period of the range listed (zero when nothing sold). */
export async function salesSeries(
  db: Executor,
  range: repo.SalesRange,
  interval: SalesInterval,
): Promise<SalesSeries> {
  const rows = await repo.salesSeries(db, range, interval);
  const periods = periodsOf(range.from, range.to, interval);
  const currencies = CURRENCIES.filter((c) => rows.some((r) => r.currency === c)).map((currency) => {
    const byPeriod = new Map(rows.filter((r) => r.currency === currency).map((r) => [r.period, r]));
    return {
      currency,
      points: periods.map((period) => {
        const row = byPeriod.get(period);
        return {
          period,
          amount: fromMinorUnits(row?.amount ?? 0, currency),
          quantity: row?.quantity ?? 0,
          orders: row?.orders ?? 0,
        };
      }),
    };
  });
  return { ...range, interval, currencies };
}

/** Sales per currency and group, largest first; the top `limit` of each currency when given. */
export async function salesByGroup(
  db: Executor,
  range: repo.SalesRange,
  by: SalesGroup,
  limit?: number,
): Promise<SalesGrouped> {
  const rows = await repo.salesByGroup(db, range, by, limit);
  const currencies = CURRENCIES.filter((c) => rows.some((r) => r.currency === c)).map(
    (currency: CurrencyCode) => ({
      currency,
      rows: rows
        .filter((r) => r.currency === currency)
        .map((r) => ({
          key: r.key,
          label: r.label,
          amount: fromMinorUnits(r.amount, currency),
          quantity: r.quantity,
          orders: r.orders,
        })),
    }),
  );
  return { ...range, by, currencies };
}

export const REPORT_COLUMNS = ['currency', 'group', 'key', 'label', 'quantity', 'orders', 'amount'] as const;

/** The report's table as CSV (with a byte order mark for Excel): one row per currency and group. */
export function reportCsv(report: SalesGrouped): string {
  const lines = [csvLine([...REPORT_COLUMNS])];
  for (const { currency, rows } of report.currencies) {
    for (const r of rows)
      lines.push(csvLine([currency, report.by, r.key ?? '', r.label, r.quantity, r.orders, r.amount]));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
