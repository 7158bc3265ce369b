import { type CurrencyCode, formatPrice, type SalesInterval, type SalesPoint } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 30, left: 12 };

/**
 * Sales of one currency per day or week as a bar chart drawn in SVG, with the same figures as a table for
 * screen readers and anyone who wants the numbers. The chart's name sums it up: total and best period.
 */
export function SalesChart({
  currency,
  interval,
  points,
}: {
  currency: CurrencyCode;
  interval: SalesInterval;
  points: readonly SalesPoint[];
}) {
  const id = useId();
  const { t } = useLingui();
  const periodName = (period: string, interval: SalesInterval) =>
    interval === 'week' ? t`week of ${period}` : period;
  const total = points.reduce((sum, p) => sum + p.amount, 0);
  const max = points.reduce((m, p) => Math.max(m, p.amount), 0);
  const best = points.find((p) => p.amount === max && max > 0);
  const first = points[0]?.period ?? '';
  const last = points[points.length - 1]?.period ?? '';
  const totalPrice = formatPrice(total, currency);
  const bestPeriod = best ? periodName(best.period, interval) : '';
  const bestPrice = best ? formatPrice(best.amount, currency) : '';
  const summary =
    interval === 'week'
      ? best
        ? t`Sales in ${currency} per week from ${first} to ${last}: ${totalPrice} in all, most in the ${bestPeriod} (${bestPrice}).`
        : t`Sales in ${currency} per week from ${first} to ${last}: ${totalPrice} in all.`
      : best
        ? t`Sales in ${currency} per day from ${first} to ${last}: ${totalPrice} in all, most in the ${bestPeriod} (${bestPrice}).`
        : t`Sales in ${currency} per day from ${first} to ${last}: ${totalPrice} in all.`;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = points.length ? plotWidth / points.length : plotWidth;
  const barWidth = Math.max(1, slot * 0.7);
  const labelled = points.length <= 1 ? [0] : [0, Math.floor((points.length - 1) / 2), points.length - 1];

  return (
    <figure className="sales-chart">
      <figcaption id={`${id}-caption`} className="sales-chart__caption">
        {currency}: {formatPrice(total, currency)}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        className="sales-chart__svg"
        data-testid={`sales-chart-${currency}`}
      >
        <title id={`${id}-title`}>{summary}</title>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          className="sales-chart__axis"
        />
        {points.map((p, i) => {
          const height = max > 0 ? (p.amount / max) * plotHeight : 0;
          return (
            <rect
              key={p.period}
              x={PAD.left + i * slot + (slot - barWidth) / 2}
              y={HEIGHT - PAD.bottom - height}
              width={barWidth}
              height={height}
              className="sales-chart__bar"
            >
              <title>{`${periodName(p.period, interval)}: ${formatPrice(p.amount, currency)}`}</title>
            </rect>
          );
        })}
        {points.length > 0 &&
          [...new Set(labelled)].map((i) => (
            <text
              key={i}
              x={PAD.left + i * slot + slot / 2}
              y={HEIGHT - 10}
              textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
              className="sales-chart__label"
            >
              {points[i]!.period}
            </text>
          ))}
        {max > 0 && (
          <text x={PAD.left} y={PAD.top - 4} className="sales-chart__label">
            {formatPrice(max, currency)}
          </text>
        )}
      </svg>
      <details className="sales-chart__table">
        <summary>
          <Trans>Figures as a table</Trans>
        </summary>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{summary}</caption>
            <thead>
              <tr>
                <th scope="col">{interval === 'week' ? t`Week of` : t`Day`}</th>
                <th scope="col" className="num">
                  <Trans>Orders</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.period}>
                  <th scope="row">{p.period}</th>
                  <td className="num">{p.orders}</td>
                  <td className="num">{p.quantity}</td>
                  <td className="num">{formatPrice(p.amount, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
