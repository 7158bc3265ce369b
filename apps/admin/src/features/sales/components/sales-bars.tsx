import { type CurrencyCode, formatPrice, type SalesRow } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

const WIDTH = 640;
const ROW = 26;
const LABEL = 220;
const MAX_BARS = 10;

const shorten = (text: string, max = 30) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The largest groups of one currency as horizontal bars (at most ten); the table next to it lists every
 * group, so the drawing is a picture of the table, named by its summary.
 */
export function SalesBars({
  currency,
  groupLabel,
  rows,
}: {
  currency: CurrencyCode;
  groupLabel: string;
  rows: readonly SalesRow[];
}) {
  const id = useId();
  const { t } = useLingui();
  const shown = rows.slice(0, MAX_BARS);
  const max = shown.reduce((m, r) => Math.max(m, r.amount), 0);
  const height = shown.length * ROW + 8;
  const barSpace = WIDTH - LABEL - 110;
  const count = shown.length;
  const group = groupLabel.toLowerCase();
  const leader = shown[0];
  const summary = leader
    ? t`The ${count} largest by ${group} in ${currency}, led by ${leader.label} with ${formatPrice(leader.amount, currency)}.`
    : t`The ${count} largest by ${group} in ${currency}.`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      className="sales-bars"
      data-testid={`sales-bars-${currency}`}
    >
      <title id={`${id}-title`}>{summary}</title>
      {shown.map((r, i) => {
        const width = max > 0 ? Math.max(1, (r.amount / max) * barSpace) : 0;
        const y = 4 + i * ROW;
        return (
          <g key={r.key ?? `none-${r.label}`}>
            <text x={LABEL - 8} y={y + ROW / 2 + 4} textAnchor="end" className="sales-chart__label">
              {shorten(r.label)}
            </text>
            <rect x={LABEL} y={y + 4} width={width} height={ROW - 8} className="sales-chart__bar">
              <title>{`${r.label}: ${formatPrice(r.amount, currency)}`}</title>
            </rect>
            <text x={LABEL + width + 6} y={y + ROW / 2 + 4} className="sales-chart__label">
              {formatPrice(r.amount, currency)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
