/**
 * What limits the storefront's Lighthouse figures. Lighthouse's mobile figures are not measured but simulated
 * (Lantern): from one page load's trace and network log it rebuilds the load on a slow 4G network with the main
 * thread's work multiplied by 4. Given the same trace and log it always gives the same figures, so changing one
 * thing in them and auditing again shows what that thing costs, without the machine's noise between runs.
 *
 * Gather first: `BENCH_LIGHTHOUSE_ARTIFACTS=1 npx tsx bench/lighthouse.ts` keeps each run's trace and network log in
 * results/lighthouse-artifacts/. Then `npx tsx bench/lighthouse-whatif.ts` audits every kept run as recorded and
 * with each of these changes, and prints the medians per page:
 * - `no long task after paint`: every main-thread task that starts after the observed first contentful paint
 *   shortened to 12 ms, just under the 50 ms a task needs (after the 4x) to count for Total Blocking Time;
 * - `no long script task`, `no long layout task`, `no long image task`: the same, only for the tasks whose time goes
 *   mostly to that kind of work (script; style, layout and paint; an SVG image's own document);
 * - `inline script free`: the evaluation of index.html's inline script (the early reads) shortened to nothing;
 * - `entry N KiB`: the entry script (`/assets/index-*.js`) as if it were N KiB over the network, for each N in
 *   BENCH_WHATIF_ENTRY_KIB (default 20,35,50).
 * BENCH_WHATIF_CHANGES=<label>,<label> audits only the changes named.
 * Shortening a task scales its child events with it. The changes are approximations of a page that does less, not
 * of a particular build: a figure that moves says the thing is on the metric's path, one that does not says it is not.
 */
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { artifactsDir } from './lighthouse.js';
import { isMain, round, spread, table } from './support/report.js';

const ENTRY_KIB = (process.env.BENCH_WHATIF_ENTRY_KIB ?? '20,35,50').split(',').map(Number);
/** Lighthouse counts a task as long from 50 ms of simulated time, that is 12.5 ms of the 4x-slowed trace. */
const SHORT_TASK_US = 12_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface NetworkMessage {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string };
    encodedDataLength?: number;
  };
}
interface Recorded {
  trace: { traceEvents: TraceEvent[] };
  log: NetworkMessage[];
}
type Change = (recorded: Recorded) => void;

const isTask = (event: TraceEvent) =>
  event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');

/** The page's main thread: its navigation, first contentful paint, and its complete events in time order. */
function mainThread(events: TraceEvent[]) {
  const navigation = events.findLast(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      String(e.args.data.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) throw new Error('the trace has no navigation of the page');
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args?.name === 'CrRendererMain',
  );
  const firstContentfulPaint = events.find(
    (e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid,
  );
  if (!thread || !firstContentfulPaint)
    throw new Error('the trace has no main thread or first contentful paint');
  const complete = events
    .filter((e) => e.pid === navigation.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  return { firstContentfulPaint, complete };
}

/** Shortens a task to `dur` microseconds, moving and shortening the events inside it in proportion. */
function shorten(task: TraceEvent, inside: TraceEvent[], dur: number) {
  const factor = dur / task.dur!;
  for (const event of inside) {
    event.ts = task.ts + (event.ts - task.ts) * factor;
    event.dur = event.dur! * factor;
  }
  task.dur = dur;
}

function within(task: TraceEvent, events: TraceEvent[]) {
  const end = task.ts + task.dur!;
  return events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
}

/** The kind of a task, by what takes most of its time: the page's script, style and layout, or an image document. */
type TaskKind = 'script' | 'layout' | 'image';
const SCRIPT_EVENTS = new Set([
  'RunMicrotasks',
  'FunctionCall',
  'TimerFire',
  'v8.evaluateModule',
  'EvaluateScript',
]);
const LAYOUT_EVENTS = new Set(['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'Commit']);

function kindOf(inside: TraceEvent[]): TaskKind | null {
  // An SVG image is a document of its own: its load, parse, layout and paint run on the page's main thread. (The
  // page's own document is committed before its first paint, so it never counts here.)
  if (inside.some((e) => e.name === 'DocumentLoader::CommitNavigation')) return 'image';
  const top = (names: Set<string>) =>
    inside.filter((e) => names.has(e.name)).reduce((sum, e) => sum + e.dur!, 0);
  const script = top(SCRIPT_EVENTS);
  const layout = top(LAYOUT_EVENTS);
  if (script === 0 && layout === 0) return null;
  return script >= layout ? 'script' : 'layout';
}

/** Every task after the first contentful paint (of `kind` only, if given) shortened to 12 ms. */
const noLongTask =
  (kind?: TaskKind): Change =>
  ({ trace }) => {
    const { firstContentfulPaint, complete } = mainThread(trace.traceEvents);
    for (const task of complete.filter(isTask)) {
      if (task.ts < firstContentfulPaint.ts || task.dur! <= SHORT_TASK_US) continue;
      const inside = within(task, complete);
      if (kind === undefined || kindOf(inside) === kind) shorten(task, inside, SHORT_TASK_US);
    }
  };

const inlineScriptFree: Change = ({ trace }) => {
  const { complete } = mainThread(trace.traceEvents);
  for (const task of complete.filter(isTask)) {
    const inside = within(task, complete);
    // The inline script is evaluated while the document is parsed; a file's script names its URL.
    const inline = inside.find(
      (e) => e.name === 'EvaluateScript' && !String(e.args?.data?.url ?? '').includes('/assets/'),
    );
    if (!inline || !inside.some((e) => e.name === 'ParseHTML')) continue;
    const saved = inline.dur! - 100;
    for (const event of inside) {
      if (event.ts >= inline.ts + inline.dur!) event.ts -= saved;
      else if (event.ts <= inline.ts && event.ts + event.dur! >= inline.ts + inline.dur!) event.dur! -= saved;
    }
    for (const event of within(inline, inside)) event.dur = Math.min(event.dur!, 100);
    inline.dur = 100;
    task.dur! -= saved;
    return;
  }
};

const entryOf =
  (kib: number): Change =>
  ({ log }) => {
    const entry = new Set(
      log
        .filter(
          (m) =>
            m.method === 'Network.requestWillBeSent' &&
            /\/assets\/index-[^/]*\.js$/.test(m.params.request!.url),
        )
        .map((m) => m.params.requestId),
    );
    for (const message of log) {
      if (!entry.has(message.params.requestId)) continue;
      if (message.method === 'Network.loadingFinished') message.params.encodedDataLength = kib * 1024;
      if (message.method === 'Network.dataReceived') message.params.encodedDataLength = 0;
    }
  };

const CHANGES: [string, Change | null][] = [
  ['as recorded', null],
  ['no long task after paint', noLongTask()],
  ['no long script task', noLongTask('script')],
  ['no long layout task', noLongTask('layout')],
  ['no long image task', noLongTask('image')],
  ['inline script free', inlineScriptFree],
  ...ENTRY_KIB.map((kib): [string, Change] => [`entry ${kib} KiB`, entryOf(kib)]),
];

/** The changes BENCH_WHATIF_CHANGES names (all by default); a label that is no change is refused. */
function chosenChanges(): [string, Change | null][] {
  const named = process.env.BENCH_WHATIF_CHANGES?.split(',').map((label) => label.trim());
  if (!named) return CHANGES;
  const labels = CHANGES.map(([label]) => label);
  const unknown = named.filter((label) => !labels.includes(label));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_WHATIF_CHANGES: no change named ${unknown.join(', ')}; the changes are: ${labels.join(', ')}`,
    );
  }
  return CHANGES.filter(([label]) => named.includes(label));
}

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/** Audits a copy of one kept run with `change` applied to its trace and network log. */
async function auditChanged(runDir: string, change: Change | null): Promise<Figures> {
  const copy = path.join(tmpdir(), `kshop-whatif-${process.pid}`);
  await rm(copy, { recursive: true, force: true });
  await cp(runDir, copy, { recursive: true });
  try {
    if (change) {
      const traceFile = path.join(copy, 'defaultPass.trace.json');
      const logFile = path.join(copy, 'defaultPass.devtoolslog.json');
      const recorded: Recorded = {
        trace: JSON.parse(await readFile(traceFile, 'utf8')),
        log: JSON.parse(await readFile(logFile, 'utf8')),
      };
      change(recorded);
      await writeFile(traceFile, JSON.stringify(recorded.trace));
      await writeFile(logFile, JSON.stringify(recorded.log));
    }
    const result = await lighthouse(undefined, {
      auditMode: copy,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse audited nothing in ${runDir}`);
    const value = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      score: round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
    };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** Kept runs by page: `lighthouse-<build>-<page>-<run>` → `<build> <page>`. */
async function keptRuns(): Promise<Map<string, string[]>> {
  const names = await readdir(artifactsDir).catch(() => [] as string[]);
  const byPage = new Map<string, string[]>();
  for (const name of names.sort()) {
    const match = /^lighthouse-(.+)-(\d+)$/.exec(name);
    if (!match) continue;
    const page = match[1]!.replace('-', ' ');
    byPage.set(page, [...(byPage.get(page) ?? []), path.join(artifactsDir, name)]);
  }
  return byPage;
}

export async function whatIf(): Promise<string> {
  const byPage = await keptRuns();
  if (byPage.size === 0) {
    throw new Error(
      `no kept run in ${artifactsDir}: run BENCH_LIGHTHOUSE_ARTIFACTS=1 npx tsx bench/lighthouse.ts first`,
    );
  }
  const lines: string[] = [];
  for (const [page, runDirs] of byPage) {
    const rows: (string | number)[][] = [];
    for (const [label, change] of chosenChanges()) {
      const figures: Figures[] = [];
      for (const runDir of runDirs) figures.push(await auditChanged(runDir, change));
      const of = (pick: (f: Figures) => number) => spread(figures.map(pick)).median;
      rows.push([label, of((f) => f.score), of((f) => f.fcpMs), of((f) => f.lcpMs), of((f) => f.tbtMs)]);
    }
    lines.push(
      `${page} (median of ${runDirs.length} kept runs):`,
      table(['change', 'score', 'FCP ms', 'LCP ms', 'TBT ms'], rows),
      '',
    );
  }
  return lines.join('\n');
}

if (isMain(import.meta.url)) console.info(await whatIf());
