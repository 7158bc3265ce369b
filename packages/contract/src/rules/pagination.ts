import { PAGINATION_FULL_MAX } from '../constants.js';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export const pageCount = (totalCount: number, pageSize: number): number =>
  Math.max(0, Math.ceil(totalCount / pageSize));

/**
 * The page links to show: every page when there are at most 8; near the start 1-6 … last;
 * near the end first … last 6; otherwise first … current-2..current+2 … last.
 */
export function paginationWindow(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  if (total <= PAGINATION_FULL_MAX) return range(1, total);
  const page = Math.min(Math.max(1, current), total);
  if (page <= 4) return [...range(1, 6), 'ellipsis-end', total];
  if (page >= total - 3) return [1, 'ellipsis-start', ...range(total - 5, total)];
  return [1, 'ellipsis-start', ...range(page - 2, page + 2), 'ellipsis-end', total];
}
