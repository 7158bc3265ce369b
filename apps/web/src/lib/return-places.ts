/*
 * Where the buyer was (issue 35), kept in this tab's session storage: the last product list or search, where
 * 'Continue Shopping' goes back to (the spec sends it to /; a buyer ordering from a list lost their place), and the
 * last page before the login screen, where logging in returns.
 */

const LAST_LIST = 'kshop.lastList';
const LAST_PAGE = 'kshop.lastPage';
/** Pages a buyer is sent to log in from are remembered; these, about the session itself, are not. */
const SESSION_PAGES = ['/login', '/signup', '/findpassword', '/account-review'];
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
  if (!SESSION_PAGES.includes(path)) write(LAST_PAGE, pathname + search);
}

/** Where 'Continue Shopping' goes: the last list or search of this tab, else the home page. */
export const continueShoppingPath = (): string => read(LAST_LIST) ?? '/';

/** Where logging in returns: the page the buyer was on before the login screen, else the home page. */
export const afterLoginPath = (): string => read(LAST_PAGE) ?? '/';
