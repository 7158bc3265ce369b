import type { adminInquiry } from '@kshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminGet, adminRequest } from '../../../lib/api-client';

export type AdminInquiry = z.infer<typeof adminInquiry>;
export type InquiryFilter = { page: number; limit: number; status?: string };

const inquiriesKey = ['admin', 'inquiries'] as const;

export const useInquiryList = (filter: InquiryFilter) =>
  useQuery({
    queryKey: [...inquiriesKey, 'list', filter],
    queryFn: ({ signal }) =>
      adminGet<{ inquiryList: AdminInquiry[]; totalCount: number }>('/inquiries', filter, signal),
    placeholderData: keepPreviousData,
  });

export const useInquiry = (id: string) =>
  useQuery({
    queryKey: [...inquiriesKey, 'detail', id],
    queryFn: ({ signal }) => adminGet<AdminInquiry>(`/inquiries/${id}`, undefined, signal),
  });

export function useAnswerInquiry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      adminRequest<null>(`/inquiries/${id}/answer`, { method: 'POST', body: { note } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inquiriesKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}
