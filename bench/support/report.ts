import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const resultsDir = path.resolve(import.meta.dirname, '../results');

/** Whether the module at `moduleUrl` is the script node was asked to run (not imported by run-all). */
export const isMain = (moduleUrl: string) =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;

export function spread(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0]!, median, max: sorted.at(-1)! };
}

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** The machine's load averages (1, 5 and 15 minutes), to two places. */
export const loadAverages = () => os.loadavg().map((l) => round(l, 2));

/** Writes `results/<name>.json` with the machine it ran on, and returns its path. */
export async function writeResult(name: string, result: unknown): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const machine = { node: process.version, platform: process.platform, arch: process.arch };
  const record = { name, measuredAt: new Date().toISOString(), machine, result };
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/** A plain text table: a header row, a rule, then the rows; numbers right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const line = (row: readonly (string | number)[]) =>
    row
      .map((cell, column) =>
        typeof cell === 'number' ? String(cell).padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Jiffies the whole machine spent busy and in all, from /proc/stat (Linux). */
function machineTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are the idle ones.
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** Watches the machine's CPU from now: `stop` gives the cores it kept busy meanwhile (every process's work). */
export function machineCores() {
  const first = machineTimes();
  return {
    stop() {
      const last = machineTimes();
      return round(((last.busy - first.busy) / (last.total - first.total || 1)) * os.cpus().length, 2);
    },
  };
}
