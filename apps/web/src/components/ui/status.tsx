import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Loading and empty states, announced politely to screen readers. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <p role="status" className="state state--loading">
      <span className="state__spinner" aria-hidden="true" />
      {label ?? <Trans>Loading...</Trans>}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="state state--empty">
      {children}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="state state--error">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
