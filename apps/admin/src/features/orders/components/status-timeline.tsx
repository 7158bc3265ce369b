import type { OrderChangeEntry, OrderHistoryEntry } from '@kshop/contract';
import { orderStatusLabel } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';

const actorOf = (entry: OrderHistoryEntry): string => {
  if (entry.actor === 'BUYER') return 'the buyer';
  if (entry.actor === 'SYSTEM') return 'the system';
  return entry.staff ? entry.staff.name || entry.staff.email : 'a former staff member';
};

/** Who made a line edit or a shipment. */
const changedBy = (entry: OrderChangeEntry): string =>
  entry.staff ? entry.staff.name || entry.staff.email : 'a former staff member';

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
  const moves = history.map((entry) => ({ at: entry.at, entry, change: null }));
  const edits = changes.map((change) => ({ at: change.at, entry: null, change }));
  const items = [...moves, ...edits].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol className="timeline">
        {items.map(({ entry, change }) =>
          change ? (
            <li key={`${change.at}-${change.kind}-${change.summary}`} className="timeline__item">
              <time dateTime={change.at} className="timeline__time">
                {formatDateTime(change.at)}
              </time>
              <span className="timeline__move">{change.summary}</span>
              <span className="muted"> by {changedBy(change)}</span>
            </li>
          ) : (
            <li key={`${entry.at}-${entry.to}`} className="timeline__item">
              <time dateTime={entry.at} className="timeline__time">
                {formatDateTime(entry.at)}
              </time>
              <span className="timeline__move">
                {entry.from === null
                  ? `Placed: ${orderStatusLabel(entry.to)}`
                  : `${orderStatusLabel(entry.from)} → ${orderStatusLabel(entry.to)}`}
              </span>
              <span className="muted"> by {actorOf(entry)}</span>
              {entry.note && <p className="timeline__note">{entry.note}</p>}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
