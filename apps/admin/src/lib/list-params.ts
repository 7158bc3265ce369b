import { useLocation, useSearchParams } from 'react-router';

export const LIST_LIMIT = 20;

/**
 * A list screen keeps its filters and page in the address, so a filtered list can be bookmarked, shared and
 * reached back with the browser's Back button.
 */
export function useListParams() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const rawPage = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(rawPage) && rawPage > 0 ? rawPage : 1;
  const get = (key: string): string => params.get(key) ?? '';

  /** This list's address with these changes; any change other than the page goes back to page 1. */
  const hrefWith = (changes: Record<string, string | number | null | undefined>): string => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
        next.delete(key);
      else next.set(key, String(value));
    }
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };

  return { page, get, hrefWith, key: params.toString() };
}

/** The values of a submitted filter form, by field name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value.trim();
  return values;
}
