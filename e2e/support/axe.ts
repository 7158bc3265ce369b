import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core run inside a Playwright page: the accessibility rules the storefront must pass (WCAG 2.1 A/AA). */

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol rather than added as a <script>: the shop's Content Security Policy
// rightly refuses inline scripts.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** The violations axe finds on the page as it is now (axe is injected on first use in each document). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the injected script defines.
    const axe = (window as any).axe;
    // axe's default rule set: WCAG 2.0-2.2 A and AA plus best practices, without its experimental rules.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result shape, narrowed to what we report.
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: axe's node shape.
      nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
}

export const isSevere = (violation: AxeViolation) =>
  violation.impact === 'serious' || violation.impact === 'critical';

/**
 * Serious and critical violations, with the number of offending nodes; `others` names the moderate and minor
 * ones ('heading-order x1'), which are reported but do not fail a journey.
 */
export async function severeViolations(page: Page) {
  const all = await axeViolations(page);
  const severe = all.filter(isSevere);
  const nodes = severe.reduce((sum, violation) => sum + violation.nodes.length, 0);
  const others = all.filter((v) => !isSevere(v)).map((v) => `${v.id} x${v.nodes.length}`);
  return { violations: severe, nodes, others };
}

/** A readable list of violations for an assertion message: each distinct failure once, with its node count. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map((v) => {
      const failures = new Map<string, { target: string; count: number }>();
      for (const node of v.nodes) {
        const why = node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
        const seen = failures.get(why);
        if (seen) seen.count++;
        else failures.set(why, { target: node.target.join(' '), count: 1 });
      }
      const lines = [...failures].map(
        ([why, { target, count }]) => `    ${count} x ${target}${count > 1 ? ' (and alike)' : ''}: ${why}`,
      );
      return `${v.impact} ${v.id} (${v.help}):\n${lines.join('\n')}`;
    })
    .join('\n');
