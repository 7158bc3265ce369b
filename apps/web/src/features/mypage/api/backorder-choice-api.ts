import type { BackorderChoice } from '@kshop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** The member's standing choice for pre-order units an allocation leaves short (issue 34). */
export const BACKORDER_CHOICE_QUERY_KEY = ['user', 'backorder-choice'] as const;

type ChoiceBody = { choice: BackorderChoice };

/** GET /user/backorder-choice: KEEP (the default) or CANCEL. */
export function useBackorderChoice() {
  return useQuery({
    queryKey: BACKORDER_CHOICE_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<ChoiceBody>('/user/backorder-choice', undefined, signal),
    select: (body) => body.choice,
  });
}

/** PUT /user/backorder-choice; the saved answer becomes the cached one. */
export function useSaveBackorderChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: BackorderChoice) =>
      apiRequest<ChoiceBody>('/user/backorder-choice', { method: 'PUT', body: { choice } }),
    onSuccess: (saved) => queryClient.setQueryData(BACKORDER_CHOICE_QUERY_KEY, saved),
  });
}
