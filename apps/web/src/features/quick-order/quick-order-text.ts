import type { QuickOrderCheckedLine } from '@kshop/contract';

/**
 * After an add: the text keeps only the lines still to fix (those the cart did not take), in their order, and
 * each checked line is renumbered to where its lines now stand, so the table and the text agree again.
 */
export function linesLeftToFix(
  text: string,
  lines: readonly QuickOrderCheckedLine[],
): { text: string; lines: QuickOrderCheckedLine[] } {
  const source = text.split(/\r\n|\r|\n/);
  const kept: string[] = [];
  const left = lines
    .filter((line) => line.quantity === 0)
    .map((line) => ({
      ...line,
      lineNumbers: line.lineNumbers.map((n) => {
        kept.push(source[n - 1] ?? line.code);
        return kept.length;
      }),
    }));
  return { text: kept.join('\n'), lines: left };
}

/** The checked lines and the lines read locally (a quantity that is not a number), in the order of the text. */
export const inTextOrder = (lines: readonly QuickOrderCheckedLine[]): QuickOrderCheckedLine[] =>
  [...lines].sort((a, b) => (a.lineNumbers[0] ?? 0) - (b.lineNumbers[0] ?? 0));
