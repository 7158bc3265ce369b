/**
 * Allocating a short delivery (issue 34): one pre-order option with BENCH_ALLOCATION_LINES (default 1,000)
 * waiting pre-order lines of 1 to 20 pieces, from 200 companies in four price groups' worth of discounts, and
 * goods on hand for about 60% of them. Times the preview (each rule, BENCH_ALLOCATION_RUNS times, interleaved)
 * and the commit (one per option, on BENCH_ALLOCATION_OPTIONS fresh options), through the shop's own services
 * on the built API, on PostgreSQL (BENCH_DATABASE_URL, a scratch database) or PGlite (a copy of the seeded data).
 * Afterwards it checks that every option holds exactly what its lines were allocated.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/allocation.ts
 */
import type { Database } from '../apps/api/dist/db/client.js';
import {
  commitAllocation,
  previewAllocation,
} from '../apps/api/dist/modules/preorders/allocation.service.js';
import { sqlRows, startPreparedShop } from './support/prepared-shop.js';
import { isMain, loadAverages, round, table, writeResult } from './support/report.js';

const LINES = Number(process.env.BENCH_ALLOCATION_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_ALLOCATION_RUNS ?? 5);
const OPTIONS = Number(process.env.BENCH_ALLOCATION_OPTIONS ?? 3);
const RULES = ['PRO_RATA', 'FIRST_COME', 'PRIORITY'] as const;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** OPTIONS options of one product put on pre-order, each with LINES waiting lines and goods for about 60%. */
async function prepare(db: Database): Promise<string[]> {
  const [product] = await sqlRows<{ id: string }>(
    db,
    `select p.id from products p where p.deleted_at is null
       and (select count(*) from product_options o where o.product_id = p.id) >= ${OPTIONS}
     order by p.created_at desc, p.id limit 1`,
  );
  if (!product) throw new Error(`no product with ${OPTIONS} options`);
  const options = (
    await sqlRows<{ id: string }>(
      db,
      `select id from product_options where product_id = '${product.id}' order by id limit ${OPTIONS}`,
    )
  ).map((o) => o.id);
  await db.db.execute(`update products set preorder = true where id = '${product.id}'`);
  await db.db.execute(
    `insert into buyers (email, password_hash, status, is_korean_company, company_name, representative_name,
       business_registration_number, phone_number, company_address, postal_code, personal_info_agreed_at,
       terms_agreed_at)
     select 'allocation' || i || '@bench.kshop.example', 'x', 'APPROVED', true, 'Allocation Bench ' || i,
       'Bench', (1408900000 + i)::text, '+82 10-5556-0000', 'Seoul', '03925', now(), now()
     from generate_series(1, 200) i`,
  );
  for (const [n, option] of options.entries()) {
    // Orders a second apart, lines of 1 to 20 pieces (a fixed pseudo-random spread).
    await db.db.execute(
      `with made as (
         insert into orders (order_number, buyer_id, status, currency_code, product_amount, final_amount,
           receiver_company_name, receiver_email, receiver_name, receiver_phone_number, receiver_address_detail,
           created_at)
         select 'BENCH-${n}-' || i, b.id, 'CONFIRMED', 'KRW', 10000 * q, 10000 * q, b.company_name, b.email,
           'Bench', '+82 10-5556-0000', 'Seoul', now() - interval '1 day' + i * interval '1 second'
         from generate_series(1, ${LINES}) i
         cross join lateral (select 1 + (i * 7919) % 20 as q) qty
         join buyers b on b.email = 'allocation' || (1 + i % 200) || '@bench.kshop.example'
         returning id, product_amount
       )
       insert into order_details (order_id, product_option_id, quantity, unit_price, amount, currency_code,
         product_title, option_name_value1, preorder)
       select id, '${option}', product_amount / 10000, 10000, product_amount, 'KRW', 'Bench release', 'A', true
       from made`,
    );
    await db.db.execute(
      `update product_options o set hold_stock = 0, order_multiple = 1,
         preorder_taken = (select sum(quantity) from order_details d where d.product_option_id = o.id),
         stock = (select (sum(quantity) * 0.6)::int from order_details d where d.product_option_id = o.id)
       where o.id = '${option}'`,
    );
  }
  await db.db.execute(
    `update buyers set price_group_id = 1 where email like 'allocation%@bench.kshop.example'`,
  );
  return options;
}

export async function measureAllocation() {
  const {
    prepared: options,
    database,
    stopAndInspect,
  } = await startPreparedShop('bench_allocation', prepare);
  // Timed on the database the shop left, through the shop's own services (no HTTP, no mails).
  return stopAndInspect(async (db) => {
    const loadBefore = loadAverages();
    const previewMs: Record<string, number[]> = Object.fromEntries(RULES.map((r) => [r, []]));
    const first = options[0]!;
    for (let run = 0; run < RUNS; run++) {
      for (const rule of RULES) {
        const started = performance.now();
        const view = await previewAllocation(db.db, first, { rule, minimumPerBuyer: 0 });
        previewMs[rule]!.push(performance.now() - started);
        if (view.lines.length !== LINES) throw new Error(`preview saw ${view.lines.length} lines`);
      }
    }
    const commitMs: number[] = [];
    for (const option of options) {
      const view = await previewAllocation(db.db, option, { rule: 'PRO_RATA', minimumPerBuyer: 0 });
      const started = performance.now();
      await commitAllocation(
        db.db,
        option,
        { rule: 'PRO_RATA', minimumPerBuyer: 0, basis: view.basis },
        null,
      );
      commitMs.push(performance.now() - started);
    }
    const check = await sqlRows<{ id: string; hold: number; allocated: number; stock: number }>(
      db,
      `select o.id, o.hold_stock as hold, o.stock,
         (select coalesce(sum(allocated_quantity), 0)::int from order_details d where d.product_option_id = o.id) as allocated
       from product_options o where o.id in (${options.map((o) => `'${o}'`).join(', ')})`,
    );
    return {
      database,
      lines: LINES,
      previewMs: Object.fromEntries(RULES.map((r) => [r, round(median(previewMs[r]!), 1)])),
      previewRuns: RUNS,
      commitMs: { median: round(median(commitMs), 1), all: commitMs.map((ms) => round(ms, 1)) },
      holdsMatchAllocations: check.every((c) => c.hold === c.allocated && c.hold <= c.stock),
      loadAverage: { before: loadBefore, after: loadAverages() },
    };
  });
}

if (isMain(import.meta.url)) {
  const result = await measureAllocation();
  process.stdout.write(
    `${table(
      ['database', 'lines', 'preview pro rata', 'first come', 'priority', 'commit (median)', 'holds match'],
      [
        [
          result.database,
          result.lines,
          result.previewMs.PRO_RATA!,
          result.previewMs.FIRST_COME!,
          result.previewMs.PRIORITY!,
          result.commitMs.median,
          String(result.holdsMatchAllocations),
        ],
      ],
    )}\n`,
  );
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  await writeResult(`allocation-${result.database}`, result);
}
