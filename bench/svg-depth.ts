/**
 * How long the upload check (apps/api/src/lib/svg-check.ts) takes on nested SVG files, against flat files with
 * as many elements: `npx tsx bench/svg-depth.ts [element counts]` from the repository root. A measurement, not
 * a test: it prints milliseconds and what the check answered.
 */
import { performance } from 'node:perf_hooks';
import { svgProblem } from '../apps/api/src/lib/svg-check.js';

const svg = (inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`);
/** One chain of `count` nested groups. */
const nested = (count: number) => svg(`${'<g>'.repeat(count)}<rect/>${'</g>'.repeat(count)}`);
/** `count` groups side by side. */
const flat = (count: number) => svg(`${'<g></g>'.repeat(count)}<rect/>`);
/** Chains 250 deep side by side, `count` groups in all: as deep as the check lets a file go, all the way. */
const chains = (count: number) => {
  const chain = `${'<g>'.repeat(250)}<rect/>${'</g>'.repeat(250)}`;
  return svg(chain.repeat(Math.max(1, Math.round(count / 250))));
};

const counts = (process.argv[2] ?? '200,1000,3000,10000,30000,50000').split(',').map(Number);
// The first calls include compiling the check; they are not counted.
svgProblem(flat(5000));
svgProblem(chains(5000));
for (const count of counts) {
  for (const [shape, make] of [
    ['nested', nested],
    ['flat', flat],
    ['chains', chains],
  ] as const) {
    const bytes = make(count);
    const started = performance.now();
    const problem = svgProblem(bytes);
    const ms = performance.now() - started;
    const size =
      bytes.length >= 1024 * 1024
        ? `${(bytes.length / 1024 / 1024).toFixed(1)} MB`
        : `${(bytes.length / 1024).toFixed(0)} KB`;
    console.info(
      `${shape.padEnd(6)} ${String(count).padStart(8)} groups ${size.padStart(8)}: ${ms.toFixed(1).padStart(9)} ms  ${problem ?? 'accepted'}`,
    );
  }
}
