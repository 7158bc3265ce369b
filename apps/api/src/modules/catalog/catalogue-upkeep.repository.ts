import { SORTS } from '@kshop/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import {
  compactListCountsOnce,
  compactListSpansOnce,
  LIST_COUNT_ROWS_TO_COMPACT,
} from './kept-counts.repository.js';
import { SORT_DEFINITIONS, type Spans } from './list-orders.js';
import { compactKeywordCountsOnce, KEPT_KEYWORD_ROWS, keepCommonWordsCounted } from './search.repository.js';

/**
 * Compacts every kept count with more than `LIST_COUNT_ROWS_TO_COMPACT` rows appended since its last
 * compaction: the list counts, each order's spans and each kept keyword's counts. Run with the catalogue's
 * upkeep, when the shop starts and after an import. A list request compacts what it reads too, but only once
 * it has summed the appended rows: after 100,000 products were written, the first total of the list of all
 * products in stock summed 90,000 rows (68 ms, read from disk) and each first deep page as many spans. Returns
 * how many compactions it ran.
 */
export async function compactCatalogueCounts(db: Executor, stopped: () => boolean = () => false) {
  const appended = (table: SQL) =>
    sql`(select count(*) from ${table} where not compacted) > ${LIST_COUNT_ROWS_TO_COMPACT}`;
  const spanned = SORTS.flatMap((sort) => {
    const spans: Spans | null = SORT_DEFINITIONS[sort].spans;
    return spans ? [{ sort, table: spans.table }] : [];
  });
  const [due] = await queryRows<{ counts: boolean; spans: boolean[] }>(
    db,
    sql`select ${appended(sql`product_list_counts`)} as counts,
      array[${sql.join(
        spanned.map(({ table }) => appended(table)),
        sql`, `,
      )}]::boolean[] as spans`,
  );
  const keywords = await queryRows<{ words: string[] }>(
    db,
    sql`select words from (${sql.join(
      KEPT_KEYWORD_ROWS.map(({ table }) => sql`select words from ${sql.raw(table)} where not compacted`),
      sql` union all `,
    )}) appended
      group by words having count(*) > ${LIST_COUNT_ROWS_TO_COMPACT}`,
  );
  const compactions: (() => Promise<void>)[] = [];
  if (due?.counts) compactions.push(() => compactListCountsOnce(db));
  spanned.forEach(({ sort }, i) => {
    if (due?.spans[i]) compactions.push(() => compactListSpansOnce(db, sort));
  });
  for (const { words } of keywords) compactions.push(() => compactKeywordCountsOnce(db, words));
  let done = 0;
  for (const compact of compactions) {
    if (stopped()) break;
    await compact();
    done++;
  }
  return done;
}

/**
 * The catalogue's upkeep, run in the background when the shop starts and after a catalogue import
 * (catalogue-upkeep.plugin.ts): the kept counts compacted where due, then the commonest words kept counted.
 */
export async function keepCatalogueCountsTidy(db: Executor, stopped: () => boolean = () => false) {
  const compacted = await compactCatalogueCounts(db, stopped);
  const ready = stopped() ? 0 : await keepCommonWordsCounted(db, { stopped });
  return { compacted, ready };
}
