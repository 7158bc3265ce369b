/*
 * Where the buyer was (issue 35). The last product list or search, kept in this tab's session storage, is where
 * 'Continue Shopping' goes back to (the spec sends it to /; a buyer ordering from a list lost their place). A link
 * or redirect that sends a guest to log in carries the page it came from in the router's state for that history
 * entry, and logging in returns there; the login screen opened any other way still leads home (decision 0050).
 */

const LAST_LIST = 'kshop.lastList';
const LISTS = /^\/(productlist\/[^/]+|search)$/;

const read = (key: string) => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode): the links fall back to the home page.
  }
};

/** Notes a page the buyer opened (the app's layout calls it on every address). */
export function rememberPlace(pathname: string, search: string): void {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (LISTS.test(path)) write(LAST_LIST, pathname + search);
}

/** Where 'Continue Shopping' goes: the last list or search of this tab, else the home page. */
export const continueShoppingPath = (): string => read(LAST_LIST) ?? '/';

/** The router state of a link or redirect to the login screen: the page the buyer was sent from. */
export type LoginReturn = { from: string };

export const loginReturnFrom = (location: { pathname: string; search: string }): LoginReturn => ({
  from: location.pathname + location.search,
});

/** Pages about the session itself, never returned to. */
const SESSION_PAGES = ['/login', '/signup', '/findpassword', '/account-review'];

/** Where logging in goes: the shop's page the buyer was sent from, else the home page. */
export function afterLoginPath(state: unknown): string {
  const from = (state as Partial<LoginReturn> | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\'))
    return '/';
  const path = from.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase() || '/';
  return SESSION_PAGES.includes(path) ? '/' : from;
}
