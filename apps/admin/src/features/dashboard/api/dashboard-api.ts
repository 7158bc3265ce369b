import type { Dashboard } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import { adminGet } from '../../../lib/api-client';

export const useDashboard = () =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminGet<Dashboard>('/dashboard', undefined, signal),
  });
