import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';

/** Loading, empty and failed states, announced to screen readers. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className="state">
      {label}
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
          Try again
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
