/** Runs every benchmark in turn (bundle size, cold start, HTTP), then prints one summary table. */
import { describeBundleSize, measureBundleSize } from './bundle-size.js';
import { describeColdStart, measureColdStart } from './cold-start.js';
import { describeHttp, measureHttp, reportFailures } from './http.js';
import { table, writeResult } from './support/report.js';

const bundleSize = await measureBundleSize();
console.info(`${describeBundleSize(bundleSize)}\n`);
await writeResult('bundle-size', bundleSize);

const coldStart = await measureColdStart();
console.info(`${describeColdStart(coldStart)}\n`);
await writeResult('cold-start', coldStart);

const http = await measureHttp();
console.info(`${describeHttp(http)}\n`);
await writeResult('http', http);

const rows: (string | number)[][] = [
  ['home initial JS, gzipped', bundleSize.jsGzipKiB, 'KiB'],
  ['home initial CSS, gzipped', bundleSize.cssGzipKiB, 'KiB'],
  [`first start, ${coldStart.database} (create + migrate + seed)`, coldStart.firstStartMs, 'ms'],
  [`cold start, ${coldStart.database}, median of ${coldStart.runsMs.length}`, coldStart.median, 'ms'],
  ...http.endpoints.flatMap((e) => [
    [`${e.name} req/s`, e.requestsPerSecond, ''],
    [`${e.name} p99`, e.p99Ms, 'ms'],
  ]),
];
console.info(`Summary\n${table(['measure', 'value', 'unit'], rows)}`);
console.info('\nresults written to bench/results/');
reportFailures(http);
