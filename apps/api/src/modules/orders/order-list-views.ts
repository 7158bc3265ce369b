import type { adminOrderListQuery } from '@kshop/contract';
import type { z } from 'zod';
import { koreanDate } from '../../lib/korean-day.js';
import type { AdminOrderFilter } from './order-search.repository.js';

type ListQuery = Omit<z.infer<typeof adminOrderListQuery>, 'page' | 'limit'>;
type ListFilter = Omit<AdminOrderFilter, 'limit' | 'offset'>;

/**
 * The list's query as a filter for the signed-in staff member: `assigned=me` names them, and a quick view
 * becomes its condition ('today' is the Korean day now). The list and the exports read it the same way.
 */
export function adminOrderFilterOf(
  { assigned, view, ...filter }: ListQuery,
  me: string,
  now = new Date(),
): ListFilter {
  return {
    ...filter,
    assignedTo: assigned === 'me' ? me : undefined,
    placedOn: view === 'today' ? koreanDate(now) : undefined,
    needsAction: view === 'needs-action' || undefined,
  };
}
