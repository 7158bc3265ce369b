import { PAGE_SIZE, pageCount } from '@kshop/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readListing, withParam } from '../../lib/listing-params';

/**
 * A page past the end of a listing (`?page=99` on a list of three pages, or any page after the first of an
 * empty list) is replaced by the last page that has products, without adding a history entry.
 */
export function useClampedPage(totalCount: number | undefined) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { page } = readListing(searchParams);
  const lastPage =
    totalCount === undefined ? undefined : Math.max(1, pageCount(totalCount, PAGE_SIZE.productList));
  const pastTheEnd = lastPage !== undefined && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd || lastPage === undefined) return;
    const next = withParam(searchParams, 'page', String(lastPage));
    if (lastPage === 1) next.delete('page');
    navigate({ search: `?${next}` }, { replace: true });
  }, [pastTheEnd, lastPage, searchParams, navigate]);
  return pastTheEnd;
}
