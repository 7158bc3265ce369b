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
/**
 * Keep every run's trace and network log (Lighthouse's artifacts) in results/lighthouse-artifacts/, for
 * `bench/lighthouse-whatif.ts` to audit again with one thing changed.
 */
const KEEP_ARTIFACTS = process.env.BENCH_LIGHTHOUSE_ARTIFACTS === '1';
export const artifactsDir = path.join(resultsDir, 'lighthouse-artifacts');
/** Audit only these pages (comma-separated names: home, list, detail); all three by default. */
const PAGE_NAMES = ['home', 'list', 'detail'];
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? PAGE_NAMES.join(','))
  .split(',')
  .map((name) => name.trim());
const unknownPages = PAGES.filter((name) => !PAGE_NAMES.includes(name));
if (unknownPages.length > 0) {
  throw new Error(
    `BENCH_LIGHTHOUSE_PAGES names no such page: ${unknownPages.join(', ')} (pages: ${PAGE_NAMES.join(', ')})`,
  );
}
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * The visitor's browser language: `ko` audits the pages as a first visit from a Korean browser sees them (the
 * storefront picks Korean from navigator.languages); English by default.
 */
const LANGUAGE = process.env.BENCH_LIGHTHOUSE_LANGUAGE === 'ko' ? 'ko' : 'en';
const BROWSER_LANGUAGES = LANGUAGE === 'ko' ? 'ko-KR,ko' : 'en-US,en';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
  `--lang=${BROWSER_LANGUAGES.split(',')[0]}`,
  `--accept-lang=${BROWSER_LANGUAGES}`,
];

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** What Lighthouse found as the largest contentful paint, e.g. `img` or `h1.hero__title`. */
  lcpElement: string;
  /**
   * Lighthouse's measure of how fast the machine ran just before the run (`environment.benchmarkIndex`; higher is
   * faster). The simulation multiplies the page's observed main-thread work by 4, so a busy machine shows as a
   * lower index and a higher TBT: runs of one build are only comparable at similar indexes.
   */
  benchmarkIndex: number;
}

export interface LighthousePage {
  name: string;
  path: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'lcpElement'>;
}

export interface LighthouseBuild {
  /** 'current' is apps/web/dist; 'baseline' the build BENCH_LIGHTHOUSE_BASELINE names. */
  name: string;
  pages: LighthousePage[];
}

export interface LighthouseResult {
  runsPerPage: number;
  /** 1, 5 and 15 minute load averages, sampled before each round of runs. */
  loadAverages: number[][];
  builds: LighthouseBuild[];
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

/** Gathers into `dir` and audits what it gathered there, so the trace and network log stay behind. */
const keptArtifacts = (dir: string) => ({ gatherMode: dir, auditMode: dir });

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, ...): such a run is repeated. */
const ATTEMPTS = 3;

async function audit(url: string, reportName: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, reportName);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`${error instanceof Error ? error.message : error}; running it again`);
    }
  }
}

async function auditOnce(url: string, reportName: string): Promise<LighthouseRun> {
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
      extraHeaders: { 'Accept-Language': BROWSER_LANGUAGES },
      // Gather and audit in one go, keeping what was gathered.
      ...(KEEP_ARTIFACTS ? keptArtifacts(path.join(artifactsDir, reportName)) : {}),
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
      benchmarkIndex: round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

const median = (runs: readonly LighthouseRun[]): LighthousePage['median'] => {
  const of = (pick: (r: LighthouseRun) => number) => spread(runs.map(pick)).median;
  return {
    score: of((r) => r.score),
    lcpMs: of((r) => r.lcpMs),
    cls: of((r) => r.cls),
    tbtMs: of((r) => r.tbtMs),
    fcpMs: of((r) => r.fcpMs),
    benchmarkIndex: of((r) => r.benchmarkIndex),
  };
};

/**
 * Audits the shop as built (apps/web/dist); with BENCH_LIGHTHOUSE_BASELINE=<a web dist folder>, a second shop serves
 * that build and each page is audited on both in turn (baseline, current, baseline, ...), so both see the same load.
 */
export async function measureLighthouse(): Promise<LighthouseResult> {
  if (KEEP_REPORTS) await mkdir(resultsDir, { recursive: true });
  const baseline = process.env.BENCH_LIGHTHOUSE_BASELINE;
  const builds: { name: string; env: Record<string, string> }[] = [
    ...(baseline ? [{ name: 'baseline', env: { WEB_DIST_DIR: path.resolve(baseline) } }] : []),
    { name: 'current', env: {} },
  ];
  const shops = await Promise.all(
    builds.map((build) => startShop({ adminDatabaseUrl: null, env: build.env })),
  );
  try {
    const targets = await Promise.all(
      shops.map((shop) =>
        Promise.all(
          [
            { name: 'home', path: async () => '/' },
            { name: 'list', path: async () => '/productlist/0' },
            { name: 'detail', path: async () => `/productdetail/${await firstOptionUuid(shop.url)}` },
          ]
            .filter((page) => PAGES.includes(page.name))
            // The detail page's option is looked up only when that page is audited.
            .map(async (page) => ({ name: page.name, path: await page.path() })),
        ),
      ),
    );
    // One visit each first, so the server's first answers (catalogue cache, compiled queries) are not measured.
    for (const [i, shop] of shops.entries()) {
      for (const page of targets[i] ?? [])
        await fetch(`${shop.url}${page.path}`).then((r) => r.arrayBuffer());
    }
    const runs = new Map<string, LighthouseRun[]>();
    const loadAverages: number[][] = [];
    for (let run = 0; run < RUNS; run++) {
      loadAverages.push(loadavg().map((v) => round(v, 2)));
      for (const pageIndex of (targets[0] ?? []).keys()) {
        for (const [i, shop] of shops.entries()) {
          const page = targets[i]![pageIndex]!;
          const key = `${builds[i]!.name}-${page.name}`;
          const result = await audit(`${shop.url}${page.path}`, `lighthouse-${key}-${run + 1}`);
          runs.set(key, [...(runs.get(key) ?? []), result]);
          await sleep(200);
        }
      }
    }
    return {
      runsPerPage: RUNS,
      loadAverages,
      builds: builds.map((build, i) => ({
        name: build.name,
        pages: (targets[i] ?? []).map((page) => {
          const pageRuns = runs.get(`${build.name}-${page.name}`) ?? [];
          return { ...page, runs: pageRuns, median: median(pageRuns) };
        }),
      })),
    };
  } finally {
    await Promise.all(shops.map((shop) => shop.stop()));
  }
}

export function describeLighthouse(result: LighthouseResult): string {
  const lines = [
    `Lighthouse mobile, median of ${result.runsPerPage} runs per page; load average before each round: ${result.loadAverages.map((l) => l.join(' ')).join(' | ')}`,
  ];
  for (const build of result.builds) {
    const rows = build.pages.map((p) => [
      p.name,
      p.median.score,
      p.median.lcpMs,
      p.median.cls,
      p.median.tbtMs,
      p.median.fcpMs,
      [...new Set(p.runs.map((r) => r.lcpElement))].join(', '),
    ]);
    lines.push(
      '',
      `${build.name}:`,
      table(['page', 'score', 'LCP ms', 'CLS', 'TBT ms', 'FCP ms', 'LCP element'], rows),
      ...build.pages.map(
        (p) =>
          `  ${p.name} ${p.path}: scores ${p.runs.map((r) => r.score).join(', ')}; LCP ${p.runs.map((r) => r.lcpMs).join(', ')} ms; TBT ${p.runs.map((r) => r.tbtMs).join(', ')} ms; machine benchmark index ${p.runs.map((r) => r.benchmarkIndex).join(', ')}`,
      ),
    );
  }
  const [before, after] = result.builds;
  if (before && after && result.builds.length === 2) {
    lines.push('', 'current / baseline (medians):');
    for (const [i, page] of after.pages.entries()) {
      const base = before.pages[i]?.median;
      if (!base) continue;
      const ratio = (a: number, b: number) => (b === 0 ? '-' : String(round(a / b, 2)));
      lines.push(
        `  ${page.name}: LCP ${ratio(page.median.lcpMs, base.lcpMs)}, TBT ${ratio(page.median.tbtMs, base.tbtMs)}, FCP ${ratio(page.median.fcpMs, base.fcpMs)}, score ${base.score} -> ${page.median.score}`,
      );
    }
  }
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const result = await measureLighthouse();
  console.info(describeLighthouse(result));
  console.info(`browser language: ${LANGUAGE}`);
  console.info(
    `written to ${await writeResult(LANGUAGE === 'en' ? 'lighthouse' : `lighthouse-${LANGUAGE}`, result)}`,
  );
}
