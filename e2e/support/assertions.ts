import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import type { ApiExchange } from './browser.js';

/** Retries `check` until it stops throwing; after `timeout` ms its last error is thrown. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeout = 10_000, interval = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  while (true) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(interval);
    }
  }
}

/** The keys under which an API answer carries a price or an amount of money. */
export const priceKeys = new Set([
  'totalPrice',
  'comparedPrice',
  'productPrice',
  'price',
  'priceKrw',
  'priceUsd',
  'totalSalesAmount',
]);

/** JSON paths (like `$.data.productOptionList[3].totalPrice`) of every price key whose value is not null. */
export function pricePaths(json: unknown, at = '$'): string[] {
  if (Array.isArray(json)) return json.flatMap((item, index) => pricePaths(item, `${at}[${index}]`));
  if (json === null || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([key, value]) => [
    ...(priceKeys.has(key) && value !== null && value !== undefined ? [`${at}.${key}`] : []),
    ...pricePaths(value, `${at}.${key}`),
  ]);
}

/** No answer the browser received under /api/ carries a price. */
export function assertNoPriceInApi(responses: readonly ApiExchange[]) {
  const leaks = responses.flatMap((response) =>
    pricePaths(response.body).map((at) => `${response.method} ${response.url}: ${at}`),
  );
  assert.deepEqual(leaks, [], 'a price reached the guest through the API');
}

/** The text a user sees in `locator`: rendered text, without hidden elements. */
export const visibleText = (locator: Locator) =>
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text, on purpose
  locator.innerText();

export const visiblePrice = /US\$|₩/;

/** No text the page shows right now looks like a price. */
export async function assertNoVisiblePrice(page: Page) {
  const text = await visibleText(page.locator('body'));
  const match = text.match(visiblePrice);
  assert.equal(
    match,
    null,
    `${page.url()} shows a price: …${match ? text.slice(Math.max(0, match.index! - 40), match.index! + 40) : ''}…`,
  );
}

/** The page does not scroll sideways. */
export async function assertNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(
    scrollWidth <= clientWidth,
    `${page.url()} scrolls sideways: scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`,
  );
}

/** The path and query of the page's URL, e.g. `/productlist/10?page=2`. */
export function location(page: Page) {
  const url = new URL(page.url());
  return { pathname: url.pathname, query: url.searchParams };
}
