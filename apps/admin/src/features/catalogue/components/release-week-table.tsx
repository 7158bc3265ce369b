import { countryName, type ReleaseWeek, type ReleaseWeekRow, releaseWeekPlace } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';

const optionName = (r: ReleaseWeekRow) =>
  [r.optionNameValue1, r.optionNameValue2].filter(Boolean).join(' / ');

/** Units in, before and after the release week, and all shipped. */
export function ReleaseWeekSummary({ report }: { report: ReleaseWeek }) {
  const { t } = useLingui();
  const figures = [
    { label: t`In release week`, value: report.totals.inReleaseWeek },
    { label: t`Before release week`, value: report.totals.before },
    { label: t`After release week`, value: report.totals.after },
    { label: t`All units shipped`, value: report.totals.shipped },
  ];
  return (
    <dl className="release-week__summary">
      {figures.map(({ label, value }) => (
        <div key={label} className="release-week__figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One row per Korean day, option and buyer; the last column says in words where the day lies. */
export function ReleaseWeekTable({ report }: { report: ReleaseWeek }) {
  const { t, i18n } = useLingui();
  const placeText = (day: string) => {
    const place = releaseWeekPlace(day, report.releaseDate);
    if (place === 'in') return t`In release week`;
    if (place === 'before') return t`Before release week`;
    if (place === 'after') return t`After release week`;
    return '—';
  };
  return (
    <div className="table-wrap">
      <table className="table release-week">
        <caption className="visually-hidden">{t`Units shipped per day`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Day (KST)</Trans>
            </th>
            <th scope="col">
              <Trans>SKU</Trans>
            </th>
            <th scope="col">
              <Trans>Barcode</Trans>
            </th>
            <th scope="col">
              <Trans>Option</Trans>
            </th>
            <th scope="col">
              <Trans context="buyer">Company</Trans>
            </th>
            <th scope="col">
              <Trans>Country</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Units shipped</Trans>
            </th>
            <th scope="col">
              <Trans>Release week</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr
              key={`${row.day}-${row.optionUuid}-${row.companyName}-${row.country}`}
              className={row.inReleaseWeek ? 'release-week__in' : undefined}
            >
              <td className="nowrap">{row.day}</td>
              <td>{row.sku}</td>
              <td>{row.barcode ?? '—'}</td>
              <td>{optionName(row)}</td>
              <td>{row.companyName}</td>
              <td>{row.country ? countryName(row.country, i18n.locale) : '—'}</td>
              <td className="num">{row.units}</td>
              <td>{row.inReleaseWeek ? <strong>{placeText(row.day)}</strong> : placeText(row.day)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
