import type { OrderChangeEntry, OrderHistoryEntry } from '@kshop/contract';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractTexts } from '../../../i18n/contract-texts';
import { formatDateTime } from '../../../lib/format';

const actorOf = (entry: OrderHistoryEntry, i18n: I18n): string => {
  if (entry.actor === 'BUYER') return i18n._(msg`the buyer`);
  if (entry.actor === 'SYSTEM') return i18n._(msg`the system`);
  return entry.staff ? entry.staff.name || entry.staff.email : i18n._(msg`a former staff member`);
};

/** Who made a line edit or a shipment. */
const changedBy = (entry: OrderChangeEntry, i18n: I18n): string =>
  entry.staff ? entry.staff.name || entry.staff.email : i18n._(msg`a former staff member`);

/**
 * The order's life, oldest first: when, who, from which status to which, and why; line edits and shipments
 * (`changes`) among them at their time.
 */
export function StatusTimeline({
  history,
  changes = [],
}: {
  history: readonly OrderHistoryEntry[];
  changes?: readonly OrderChangeEntry[];
}) {
  const { t, i18n } = useLingui();
  const { orderStatusLabels } = useContractTexts();
  const moves = history.map((entry) => ({ at: entry.at, entry, change: null }));
  const edits = changes.map((change) => ({ at: change.at, entry: null, change }));
  const items = [...moves, ...edits].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">
        <Trans>History</Trans>
      </h2>
      <ol className="timeline">
        {items.map(({ entry, change }) =>
          change ? (
            <li key={`${change.at}-${change.kind}-${change.summary}`} className="timeline__item">
              <time dateTime={change.at} className="timeline__time">
                {formatDateTime(change.at)}
              </time>
              <span className="timeline__move">{change.summary}</span>
              <span className="muted"> {t`by ${changedBy(change, i18n)}`}</span>
            </li>
          ) : (
            <li key={`${entry.at}-${entry.to}`} className="timeline__item">
              <time dateTime={entry.at} className="timeline__time">
                {formatDateTime(entry.at)}
              </time>
              <span className="timeline__move">
                {entry.from === null
                  ? t`Placed: ${orderStatusLabels[entry.to]}`
                  : `${orderStatusLabels[entry.from]} → ${orderStatusLabels[entry.to]}`}
              </span>
              <span className="muted"> {t`by ${actorOf(entry, i18n)}`}</span>
              {entry.note && <p className="timeline__note">{entry.note}</p>}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
