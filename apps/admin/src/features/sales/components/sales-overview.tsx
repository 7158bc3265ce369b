import type { SalesInterval } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { defaultRange, type SalesRange, useSalesSeries } from '../api/sales-api';
import { SalesChart } from './sales-chart';
import { SalesRangeForm } from './sales-range-form';
import { TopSellers } from './top-sellers';
import '../sales.css';

/** The dashboard's sales: a chart per currency over a chosen range, and the top products, artists, buyers. */
export function SalesOverview() {
  const { t } = useLingui();
  const [range, setRange] = useState<SalesRange>(() => defaultRange());
  const [interval, setPer] = useState<SalesInterval>('day');
  const { data, error, isPending, refetch } = useSalesSeries(range, interval);
  return (
    <section className="panel sales-overview" aria-labelledby="sales-heading">
      <div className="page-head">
        <h2 id="sales-heading">
          <Trans>Sales</Trans>
        </h2>
        <Link to={`/reports?from=${range.from}&to=${range.to}`}>
          <Trans>Reports</Trans>
        </Link>
      </div>
      <p className="muted">
        <Trans>
          Order lines of confirmed orders (not pending, not cancelled), by the Korean day they were placed;
          each currency on its own.
        </Trans>
      </p>
      <SalesRangeForm
        label={t`Sales range`}
        range={range}
        interval={interval}
        onApply={({ from, to, interval: per }) => {
          setRange({ from, to });
          if (per) setPer(per);
        }}
      />
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.currencies.length === 0 ? (
        <p role="status" className="state">
          <Trans>No sales in this range.</Trans>
        </p>
      ) : (
        <div className="grid-2">
          {data.currencies.map((c) => (
            <SalesChart key={c.currency} currency={c.currency} interval={data.interval} points={c.points} />
          ))}
        </div>
      )}
      <div className="grid-3">
        <TopSellers range={range} by="product" />
        <TopSellers range={range} by="artist" />
        <TopSellers range={range} by="buyer" />
      </div>
    </section>
  );
}
