import { Trans } from '@lingui/react/macro';
import type { AuditEntry } from '../api/audit-api';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Before and after of one audited change, folded away until asked for. */
export function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const hasBefore = entry.before !== null && entry.before !== undefined;
  const hasAfter = entry.after !== null && entry.after !== undefined;
  if (!hasBefore && !hasAfter) return <span className="muted">—</span>;
  return (
    <details className="change-details">
      <summary>
        <Trans>Show change</Trans>
      </summary>
      <div className="change-details__body">
        {hasBefore && (
          <div>
            <p className="change-details__label">
              <Trans>Before</Trans>
            </p>
            <pre>{pretty(entry.before)}</pre>
          </div>
        )}
        {hasAfter && (
          <div>
            <p className="change-details__label">
              <Trans>After</Trans>
            </p>
            <pre>{pretty(entry.after)}</pre>
          </div>
        )}
      </div>
    </details>
  );
}
