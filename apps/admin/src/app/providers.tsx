import { DialogProvider, RouterLinkProvider } from '@kshop/ui';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { i18n } from '../i18n/i18n';
import { AdminUiTexts } from '../i18n/staff-language';
import { isApiError } from '../lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // The API's 4xx answers are final (unknown id, no right, signed out); retry only the rest.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500),
      },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <AdminUiTexts>
        <QueryClientProvider client={client}>
          <RouterLinkProvider link={Link}>
            <DialogProvider>{children}</DialogProvider>
          </RouterLinkProvider>
        </QueryClientProvider>
      </AdminUiTexts>
    </I18nProvider>
  );
}
