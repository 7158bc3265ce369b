import type { dashboard } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet } from '../../../lib/api-client';

export type Dashboard = z.infer<typeof dashboard>;

export const useDashboard = () =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminGet<Dashboard>('/dashboard', undefined, signal),
  });
