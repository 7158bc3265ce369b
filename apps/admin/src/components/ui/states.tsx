import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';

/** Loading, empty and failed states, announced to screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <p role="status" className="state">
      {label ?? t`Loading...`}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="state">
      {children}
    </p>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="state state--error">
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}

/** A short 'Saved.' style note after an action, read out politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="notice">
      {children}
    </p>
  );
}
