import { RouterLinkProvider } from '@kshop/ui';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client';
import { QueryClient, QueryClientProvider } from '../lib/query';
import { Link } from '../lib/router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // The API's 4xx answers are final (unknown id, bad input, pending account); retry only the rest.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500),
      },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <RouterLinkProvider link={Link}>{children}</RouterLinkProvider>
    </QueryClientProvider>
  );
}
