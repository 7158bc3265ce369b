import { DialogProvider } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { LoadingState } from '../../components/ui/status';
import { rememberPlace } from '../../lib/return-places';
import { useScrollToTop } from '../../lib/use-scroll-to-top';
import { Footer } from './footer';
import { SessionEvents } from './session-events';
import { SiteHeader } from './site-header';
import './layout.css';

/** What every page shows around its content; the static shell of index.html draws the same (static-shell.tsx). */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <Footer />
    </>
  );
}

export function RootLayout() {
  useScrollToTop();
  const { pathname, search } = useLocation();
  useEffect(() => rememberPlace(pathname, search), [pathname, search]);
  return (
    <DialogProvider>
      <SessionEvents />
      <PageFrame>
        {/* The boundary stays mounted from page to page, so a page whose module is still loading leaves the page
            shown on screen (the router changes pages inside a transition) instead of the loading state; the error
            boundary and the page below it start afresh on every new address. */}
        <Suspense
          fallback={
            <div className="container">
              <LoadingState />
            </div>
          }
        >
          <ErrorBoundary key={pathname}>
            <Outlet />
          </ErrorBoundary>
        </Suspense>
      </PageFrame>
    </DialogProvider>
  );
}
