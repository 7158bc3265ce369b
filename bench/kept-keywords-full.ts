/**
 * Searches for new common words once as many keywords are kept counted as may be (decision 0040), on the
 * 100,000-product catalogue (catalogue-100k.ts), through the API's own catalogue service as
 * catalogue-cases-100k.ts calls it (a fresh handle each time: no count, no answer cached in the shop).
 *
 * First the kept keywords are filled up to `MAX_KEPT_KEYWORDS` with pieces of words not kept yet. Then, in
 * turn:
 * - 'all searched today': every kept keyword searched now; a new word is searched cold `BENCH_SEARCHES` times,
 *   a little more than the shop's keeping delay apart: nothing gives way, so every search counts its matches;
 * - 'one idle': one kept keyword last searched two days ago; another new word, the same way: the first search
 *   counts, its keyword takes the idle one's place, and the later searches read the kept count.
 * Each phase waits as long again after its last search, so that the keeping that search started has ended.
 * Afterwards the keywords the bench added are dropped and the kept ones' times of last search set to now. The
 * keyword that gave way is not put back: the catalogue's upkeep keeps it again (a shop's start, or the next run of
 * catalogue-cases-100k.ts).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/kept-keywords-full.ts \
 *     --database kshop_bench_100k
 */
import { loadavg } from 'node:os';
import type { Database } from '../apps/api/dist/db/client.js';
import {
  KEEP_COUNTED_ABOVE,
  keepKeywordsCounted,
  MAX_KEPT_KEYWORDS,
} from '../apps/api/dist/modules/catalog/search.repository.js';
import { ask, forgetKeyword, uncached } from './catalogue-cases-100k.js';
import { catalogueTarget, describeTarget, literal, openTarget, rows } from './support/catalogue-db.js';
import { isMain, round, table, writeResult } from './support/report.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 4);
/** A little more than the shop's wait before it keeps a searched word (KEEP_AFTER_MS, 1 s), and its count. */
const BETWEEN_MS = 2_500;
/** Pieces of the catalogue's words, tried in turn as new words: those kept already or too rare are skipped. */
const PIECES = [
  'an',
  'er',
  'on',
  'in',
  'ar',
  'or',
  'en',
  'te',
  'ra',
  'le',
  'ti',
  'ri',
  'ro',
  're',
  'li',
  'la',
]
  .concat(['ne', 'at', 'al', 'st', 'ta', 'ma', 'lo', 'na', 'de', 'ol', 'es', 'ic', 'is', 'it', 'ea', 'io'])
  .concat(['el', 'ed', 'co', 'ca', 'ou', 'us', 'ur', 'ir', 'nd', 'nt', 'ng', 'ch', 'ck', 'ho', 'ha', 'he'])
  .concat(['mo', 'mi', 'me', 'ni', 'no', 'ke', 'ki', 'ko', 'ka', 'ga', 'go', 'gi', 'ge', 'so', 'si', 'se'])
  .concat(['to', 'tu', 'su', 'ru', 'lu', 'mu', 'nu', 'ku', 'bo', 'ba', 'bi', 'be', 'po', 'pa', 'pi', 'pe']);

const words = (word: string) => `array[${literal(word)}]`;

async function keptWords(database: Database): Promise<string[]> {
  const kept = await rows<{ words: string[] }>(database, 'select words from search_keywords');
  return kept.map((row) => JSON.stringify(row.words));
}

/** The next pieces not kept and found in more products than a search keeps counted. */
async function newCommonWords(database: Database, taken: Set<string>, count: number): Promise<string[]> {
  const found: string[] = [];
  for (const piece of PIECES) {
    if (found.length === count) break;
    if (taken.has(JSON.stringify([piece]))) continue;
    const [row] = await rows<{ n: number }>(
      database,
      `select count(*)::int as n from products where deleted_at is null and is_published
        and strpos(search_text, ${literal(piece)}) > 0`,
    );
    if (Number(row?.n) > KEEP_COUNTED_ABOVE) {
      found.push(piece);
      taken.add(JSON.stringify([piece]));
    }
  }
  if (found.length < count) throw new Error(`only ${found.length} of ${count} new common words found`);
  return found;
}

interface Phase {
  phase: string;
  word: string;
  searchesMs: number[];
  keptAfter: boolean;
}

async function searchInTurn(database: Database, phase: string, word: string): Promise<Phase> {
  const searchesMs: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_MS));
    const started = performance.now();
    await ask(uncached(database), { name: word, keyword: word }, 1);
    searchesMs.push(round(performance.now() - started, 1));
  }
  // The last search's keeping, if any, ends before the next phase starts.
  await new Promise((resolve) => setTimeout(resolve, BETWEEN_MS));
  const [kept] = await rows<{ n: number }>(
    database,
    `select count(*)::int as n from search_keywords where words = ${words(word)} and ready`,
  );
  return { phase, word, searchesMs, keptAfter: Number(kept?.n) === 1 };
}

export async function measureKeptKeywordsFull() {
  const target = catalogueTarget();
  const database = await openTarget(target);
  const before = new Set(await keptWords(database));
  const added: string[] = [];
  try {
    const taken = new Set(before);
    const room = MAX_KEPT_KEYWORDS - before.size;
    const fillers = room > 0 ? await newCommonWords(database, taken, room) : [];
    const [first, second] = await newCommonWords(database, taken, 2);
    added.push(...fillers, first!, second!);
    const filled = performance.now();
    if (fillers.length > 0)
      await keepKeywordsCounted(
        database.db,
        fillers.map((piece) => [piece]),
      );
    console.info(
      `${describeTarget(target)}: ${before.size} keywords kept; ${fillers.length} added to fill the ` +
        `${MAX_KEPT_KEYWORDS} places in ${round((performance.now() - filled) / 1000, 1)} s`,
    );

    const phases: Phase[] = [];
    const load = loadavg().map((n) => round(n, 2));
    await database.db.execute('update search_keywords set last_searched_at = now()');
    phases.push(await searchInTurn(database, 'all searched today', first!));
    await database.db.execute(`update search_keywords set last_searched_at = now() - interval '2 days'
      where words = (select words from search_keywords where ready order by words limit 1)`);
    phases.push(await searchInTurn(database, 'one idle', second!));
    const loadAfter = loadavg().map((n) => round(n, 2));
    return {
      location: describeTarget(target),
      searches: SEARCHES,
      betweenMs: BETWEEN_MS,
      load,
      loadAfter,
      phases,
    };
  } finally {
    for (const word of added) await forgetKeyword(database, word);
    await database.db.execute('update search_keywords set last_searched_at = now()');
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  const result = await measureKeptKeywordsFull();
  console.info(
    `\n${result.location}; ${result.searches} cold searches per word, ${result.betweenMs} ms apart; ` +
      `load average before ${result.load.join(' ')}, after ${result.loadAfter.join(' ')}\n${table(
        ['phase', 'word', 'searches, ms (cold, in turn)', 'kept after'],
        result.phases.map((p) => [p.phase, p.word, p.searchesMs.join(' / '), p.keptAfter ? 'yes' : 'no']),
      )}`,
  );
  console.info(`written to ${await writeResult('kept-keywords-full', result)}`);
}
