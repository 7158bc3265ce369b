import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { error: Error | null };

/** Last resort for errors thrown while rendering a page, e.g. a page's code failing to download. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="container page-narrow" role="alert">
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>The page could not be shown. Please reload and try again.</Trans>
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </section>
    );
  }
}
