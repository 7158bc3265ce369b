import type { auditListResponse } from '@kshop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet } from '../../../lib/api-client';

export type AuditList = z.infer<typeof auditListResponse>['data'];
export type AuditEntry = AuditList['auditList'][number];

export const useAuditList = (page: number, limit: number, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'audit', page, limit],
    queryFn: ({ signal }) => adminGet<AuditList>('/audit', { page, limit }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
