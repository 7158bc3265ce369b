import type { OrderHistoryEntry } from '@kshop/contract';
import { orderStatusLabel } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';

const actorOf = (entry: OrderHistoryEntry): string => {
  if (entry.actor === 'BUYER') return 'the buyer';
  if (entry.actor === 'SYSTEM') return 'the system';
  return entry.staff ? entry.staff.name || entry.staff.email : 'a former staff member';
};

/** The order's life, oldest first: when, who, from which status to which, and why. */
export function StatusTimeline({ history }: { history: readonly OrderHistoryEntry[] }) {
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol className="timeline">
        {history.map((entry) => (
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
        ))}
      </ol>
    </section>
  );
}
