import { DialogProvider, RouterLinkProvider } from '@kshop/ui';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '../i18n/i18n';
import { StorefrontUiTexts } from '../i18n/ui-texts';

/** Shows the current address, so a test can see where a link or a submit went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a piece of the storefront with the providers it expects: queries, router and dialogs. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const result = render(
    <I18nProvider i18n={i18n}>
      <StorefrontUiTexts>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[route]}>
            <RouterLinkProvider link={Link}>
              <DialogProvider>
                <Routes>
                  <Route path="*" element={ui} />
                </Routes>
                <LocationProbe />
              </DialogProvider>
            </RouterLinkProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </StorefrontUiTexts>
    </I18nProvider>,
  );
  return { ...result, client };
}

export const envelope = (data: unknown, statusCode = 200, message = 'OK') =>
  new Response(JSON.stringify({ statusCode, message, data }), {
    status: statusCode,
    headers: { 'Content-Type': 'application/json' },
  });

/** The page's language around a component drawn on its own (a card, a table): Lingui, as the storefront provides it. */
function InPageLanguage({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <StorefrontUiTexts>{children}</StorefrontUiTexts>
    </I18nProvider>
  );
}

/** Renders a component on its own, with only the storefront's language around it (no router, no queries). */
export const renderWithI18n = (ui: ReactElement): RenderResult => render(ui, { wrapper: InPageLanguage });
