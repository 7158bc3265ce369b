/**
 * What a member's catalogue request costs beside a guest's: one shop on PostgreSQL, the product list, a search
 * and a detail, each loaded as a guest and as an approved member (korea@demo.kshop.example, ₩), without and
 * with `Accept-Encoding: br` (as browsers send it). A member's answer carries prices and is longer, and a
 * member's request carries its token, so a bare `node:http` server sending the very same bytes (and encoding),
 * asked with the very same request headers, runs beside the shop: the member / guest ratio of the bare server is
 * what the bytes alone cost, and the shop's ratio next to it shows what the shop adds.
 * Each call and encoding is first loaded for BENCH_WARM_UP seconds (default 2) per viewer and server, unrecorded,
 * so that no measured run pays for the first requests' compilation. Then runs alternate guest, member, bare
 * guest, bare member (member first in every other round, so neither viewer always follows the other),
 * BENCH_ROUNDS times (default 5), BENCH_DURATION seconds each (default 5), 50 connections. Printed: the medians,
 * and the median (lowest–highest) of each round's member run over the same round's guest run, which takes out
 * what drifts between rounds. BENCH_ENCODINGS (default 'identity,br') picks the encodings. Requests per second
 * move with the machine's load and with the load generator beside the shop, so each shop run also gives the
 * shop process's CPU time per request (its `process_cpu_seconds_total`, METRICS=true).
 *
 *   npm run build && npx tsx bench/members-vs-guests.ts
 */
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { startShop } from '../e2e/support/server.js';
import { commonWord, memberToken, newestProducts } from './http.js';
import { bareServer } from './support/bare-server.js';
import { isMain, round, spread, table, writeResult } from './support/report.js';
import { shopCpuSeconds } from './support/shop-metrics.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2);
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? 'identity,br').split(',');
const LISTING = 'page=1&limit=20&sort=latest&stockStatus=all';

type Sample = { body: Buffer; headers: Record<string, string> };

/** The raw bytes and headers the shop sends for a call (fetch would undo the compression). */
function rawAnswer(url: string, headers: Record<string, string>): Promise<Sample> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'vary']) {
          const value = response.headers[name];
          if (typeof value === 'string') kept[name] = value;
        }
        resolve({ body: Buffer.concat(chunks), headers: kept });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function requestsPerSecond(url: string, headers: Record<string, string>, duration = DURATION) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`failures loading ${url}`);
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total };
}

export async function measureMembersVsGuests() {
  const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const shop = await startShop({ adminDatabaseUrl, env: { METRICS: 'true' } });
  const bare = await bareServer();
  try {
    const accessToken = await memberToken(shop);
    const productOptionList = await newestProducts(shop);
    const keyword = commonWord(productOptionList.map((p) => p.title));
    const calls = [
      { name: 'list', path: `/api/v1/product/list?${LISTING}` },
      {
        name: `search '${keyword}'`,
        path: `/api/v1/product/search?keyword=${encodeURIComponent(keyword)}&${LISTING}`,
      },
      { name: 'detail', path: `/api/v1/product/detail/${productOptionList[0]!.optionUuid}` },
    ];
    const allEncodings: { name: string; headers: Record<string, string> }[] = [
      { name: 'identity', headers: {} },
      { name: 'br', headers: { 'accept-encoding': 'gzip, deflate, br' } },
    ];
    const encodings = allEncodings.filter((e) => ENCODINGS.includes(e.name));
    const viewers = [
      { name: 'guest', headers: {} as Record<string, string> },
      { name: 'member', headers: { authorization: `Bearer ${accessToken}` } },
    ];

    const rows: (string | number)[][] = [];
    const results = [];
    for (const c of calls) {
      for (const encoding of encodings) {
        const runs = new Map<string, { rps: number[]; p99: number[]; cpuMicros: number[]; bytes: number }>();
        // Each viewer's request headers and the bytes the shop answers them with, read once.
        const asked = new Map<string, { headers: Record<string, string>; sample: Sample }>();
        for (const viewer of viewers) {
          const headers = { ...encoding.headers, ...viewer.headers };
          const sample = await rawAnswer(`${shop.url}${c.path}`, headers);
          asked.set(viewer.name, { headers, sample });
          await requestsPerSecond(`${shop.url}${c.path}`, headers, WARM_UP);
          await bare.serve(sample.body, sample.headers);
          await requestsPerSecond(`${bare.url}${c.path}`, headers, WARM_UP);
        }
        for (let r = 0; r < ROUNDS; r++) {
          for (const viewer of r % 2 === 0 ? viewers : [...viewers].reverse()) {
            const { headers, sample } = asked.get(viewer.name)!;
            const cpuBefore = await shopCpuSeconds(shop.url);
            const shopRun = await requestsPerSecond(`${shop.url}${c.path}`, headers);
            const cpuMicros = (((await shopCpuSeconds(shop.url)) - cpuBefore) * 1e6) / shopRun.requests;
            await bare.serve(sample.body, sample.headers);
            const bareRun = await requestsPerSecond(`${bare.url}${c.path}`, headers);
            for (const [target, run] of [
              [`shop ${viewer.name}`, shopRun],
              [`bare ${viewer.name}`, bareRun],
            ] as const) {
              const entry = runs.get(target) ?? {
                rps: [],
                p99: [],
                cpuMicros: [],
                bytes: sample.body.length,
              };
              entry.rps.push(run.rps);
              entry.p99.push(run.p99);
              runs.set(target, entry);
            }
            runs.get(`shop ${viewer.name}`)!.cpuMicros.push(cpuMicros);
          }
        }
        const median = (target: string) => spread(runs.get(target)!.rps).median;
        const p99 = (target: string) => spread(runs.get(target)!.p99).median;
        const cpu = (target: string) => spread(runs.get(target)!.cpuMicros).median;
        // Each round's member run over the same round's guest run: pairing takes out what drifts between rounds.
        const paired = (figure: 'rps' | 'cpuMicros') => {
          const guest = runs.get('shop guest')![figure];
          const member = runs.get('shop member')![figure];
          const { min, median, max } = spread(member.map((value, r) => (100 * value) / guest[r]!));
          return `${round(median, 1)} (${round(min, 1)}–${round(max, 1)})`;
        };
        const shopRatio = median('shop member') / median('shop guest');
        const bareRatio = median('bare member') / median('bare guest');
        const row = {
          call: c.name,
          encoding: encoding.name,
          bytesGuest: runs.get('shop guest')!.bytes,
          bytesMember: runs.get('shop member')!.bytes,
          shopGuest: round(median('shop guest')),
          shopMember: round(median('shop member')),
          shopMemberPerGuest: round(100 * shopRatio, 1),
          bareGuest: round(median('bare guest')),
          bareMember: round(median('bare member')),
          bareMemberPerGuest: round(100 * bareRatio, 1),
          p99GuestMember: `${p99('shop guest')} / ${p99('shop member')}`,
          cpuMicrosGuestMember: `${round(cpu('shop guest'), 1)} / ${round(cpu('shop member'), 1)}`,
          cpuMemberPerGuest: round((100 * cpu('shop member')) / cpu('shop guest'), 1),
          pairedMemberPerGuest: paired('rps'),
          pairedCpuMemberPerGuest: paired('cpuMicros'),
        };
        results.push(row);
        rows.push(Object.values(row));
        console.info(
          `${c.name} (${encoding.name}): member ${row.shopMemberPerGuest} % of guest (round by round ${row.pairedMemberPerGuest}); bare ${row.bareMemberPerGuest} %; shop CPU per request, member ${row.cpuMemberPerGuest} % of guest (round by round ${row.pairedCpuMemberPerGuest})`,
        );
      }
    }
    console.info(
      `\n${table(
        [
          'call',
          'encoding',
          'bytes guest',
          'bytes member',
          'shop guest req/s',
          'shop member req/s',
          'shop member % of guest',
          'bare guest req/s',
          'bare member req/s',
          'bare member % of guest',
          'shop p99 guest / member ms',
          'shop CPU µs per request guest / member',
          'member CPU % of guest',
          'member % of guest, round by round: median (min–max)',
          'member CPU %, round by round',
        ],
        rows,
      )}`,
    );
    await writeResult('members-vs-guests', { durationSeconds: DURATION, rounds: ROUNDS, rows: results });
    return results;
  } finally {
    await bare.close();
    await shop.stop();
  }
}

if (isMain(import.meta.url)) {
  await measureMembersVsGuests();
  process.exit(0);
}
