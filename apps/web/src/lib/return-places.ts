/*
 * Where the buyer was (issue 35), kept in this tab's session storage: the last product list or search, where
 * 'Continue Shopping' goes back to (the spec sends it to /; a buyer ordering from a list lost their place).
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
