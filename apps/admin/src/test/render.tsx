import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers } from '../app/providers';

/** Shows the current address, so a test can see where a link or a submit went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });

/**
 * Renders a piece of the back office with the providers it expects (queries, dialogs, router). `path` is the
 * route pattern the element is mounted at, so a page reading its params can be rendered on its own.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
) {
  const client = testQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <Providers client={client}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
  return { ...result, client };
}

/** Signs a staff member in, as the sign-in screen would leave the session. */
export function signedIn(token = 'staff-token'): void {
  sessionStorage.setItem('adminAccessToken', token);
}
