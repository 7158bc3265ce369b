/**
 * Lighthouse 12, mobile preset (simulated throttling: slow 4G, 4x CPU slowdown), against the built shop on a
 * fresh demo database, as a guest: the home page, a product list and a product detail, 3 runs each in turn
 * (home, list, detail, home, ...), each run in a fresh Chromium. Prints the median performance score, LCP, CLS,
 * TBT and FCP per page.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { startShop } from '../e2e/support/server.js';
import { isMain, resultsDir, round, spread, table, writeResult } from './support/report.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Keep every run's whole Lighthouse report (JSON) in results/, to see what a figure is made of. */
const KEEP_REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS === '1';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
];

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** What Lighthouse found as the largest contentful paint, e.g. `img` or `h1.hero__title`. */
  lcpElement: string;
}

export interface LighthousePage {
  name: string;
  path: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'lcpElement'>;
}

export interface LighthouseResult {
  runsPerPage: number;
  loadAverage: number[];
  pages: LighthousePage[];
}

/** The option the first product of the full list shows (the detail page Lighthouse opens). */
async function firstOptionUuid(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/product/list?page=1&limit=1&sort=latest&stockStatus=all`);
  const body = (await response.json()) as { data: { productOptionList: { optionUuid: string }[] } };
  const first = body.data.productOptionList[0];
  if (!first) throw new Error('the demo shop lists no product');
  return first.optionUuid;
}

function lcpElementOf(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.selector?.split(' > ').at(-1) ?? node?.nodeLabel ?? '?';
}

async function audit(url: string, reportName: string): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The default config is the mobile preset: Moto G Power screen, slow 4G and 4x CPU, simulated.
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    };
    const result = await lighthouse(url, flags);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    if (KEEP_REPORTS) await writeFile(path.join(resultsDir, `${reportName}.json`), String(result.report));
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: round(value('largest-contentful-paint')),
      cls: round(value('cumulative-layout-shift'), 3),
      tbtMs: round(value('total-blocking-time')),
      fcpMs: round(value('first-contentful-paint')),
      lcpElement: lcpElementOf(lhr.audits),
    };
  } finally {
    chrome.kill();
  }
}

export async function measureLighthouse(): Promise<LighthouseResult> {
  if (KEEP_REPORTS) await mkdir(resultsDir, { recursive: true });
  const shop = await startShop({ adminDatabaseUrl: null });
  try {
    const pages = [
      { name: 'home', path: '/' },
      { name: 'list', path: '/productlist/0' },
      { name: 'detail', path: `/productdetail/${await firstOptionUuid(shop.url)}` },
    ];
    // One visit each first, so the server's first answers (catalogue cache, compiled queries) are not measured.
    for (const page of pages) await fetch(`${shop.url}${page.path}`).then((r) => r.arrayBuffer());
    const runs = new Map<string, LighthouseRun[]>(pages.map((p) => [p.name, []]));
    const loadAverage = loadavg().map((v) => round(v, 2));
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        const reportName = `lighthouse-${page.name}-${run + 1}`;
        runs.get(page.name)!.push(await audit(`${shop.url}${page.path}`, reportName));
        await sleep(200);
      }
    }
    return {
      runsPerPage: RUNS,
      loadAverage,
      pages: pages.map((page) => {
        const pageRuns = runs.get(page.name)!;
        const median = (pick: (r: LighthouseRun) => number) => spread(pageRuns.map(pick)).median;
        return {
          ...page,
          runs: pageRuns,
          median: {
            score: median((r) => r.score),
            lcpMs: median((r) => r.lcpMs),
            cls: median((r) => r.cls),
            tbtMs: median((r) => r.tbtMs),
            fcpMs: median((r) => r.fcpMs),
          },
        };
      }),
    };
  } finally {
    await shop.stop();
  }
}

export function describeLighthouse(result: LighthouseResult): string {
  const rows = result.pages.map((p) => [
    p.name,
    p.median.score,
    p.median.lcpMs,
    p.median.cls,
    p.median.tbtMs,
    p.median.fcpMs,
    [...new Set(p.runs.map((r) => r.lcpElement))].join(', '),
  ]);
  return [
    `Lighthouse mobile, median of ${result.runsPerPage} runs (load average at start ${result.loadAverage.join(' ')}):`,
    table(['page', 'score', 'LCP ms', 'CLS', 'TBT ms', 'FCP ms', 'LCP element'], rows),
    ...result.pages.map((p) => `  ${p.name} ${p.path}: scores ${p.runs.map((r) => r.score).join(', ')}`),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const result = await measureLighthouse();
  console.info(describeLighthouse(result));
  console.info(`written to ${await writeResult('lighthouse', result)}`);
}
