import assert from 'node:assert/strict';
import type { Locator, Page, Response } from 'playwright-core';
import { eventually, visibleText } from './assertions.js';
import type { ApiExchange, Session } from './browser.js';

/** What the buying journeys need beyond the storefront's names: money, targets, cart and order screens. */

export type Currency = 'KRW' | 'USD';

const MINOR_DIGITS: Record<Currency, number> = { KRW: 0, USD: 2 };

/** Integer minor units of an amount the API gives in major units (₩12400, US$9.19). */
export const toMinor = (major: number, currency: Currency) =>
  Math.round(major * 10 ** MINOR_DIGITS[currency]);

/** The amount as spec section 9 writes it: '₩124,000' or 'US$91.90'. */
export function money(minor: number, currency: Currency): string {
  if (currency === 'USD') {
    return `US$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  return `₩${minor.toLocaleString('ko-KR')}`;
}

export const currencySymbol = (currency: Currency) => (currency === 'USD' ? 'US$' : '₩');

/** The shop's API as a member, for looking things up beside the browser (never to drive the journey). */
export interface MemberApi {
  get<T>(path: string): Promise<T>;
}

export async function memberApi(baseUrl: string, email: string, password: string): Promise<MemberApi> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data?: { accessToken?: string } }).data?.accessToken;
  assert.ok(token, `${email} could not log in to the API (${login.status})`);
  return {
    async get<T>(path: string) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { statusCode?: number; data?: T; message?: string };
      assert.equal(response.status, 200, `GET ${path}: ${response.status} ${body.message ?? ''}`);
      return body.data as T;
    },
  };
}

interface OptionDetail {
  uuid: string;
  optionNameKey1: string;
  optionNameKey2: string | null;
  optionNameValue1: string;
  optionNameValue2: string | null;
  isSoldOut: boolean;
  minimumOrderQuantity: number;
  stock: number;
  productPrice: { totalPrice: number } | null;
}

interface ProductDetail {
  product: { title: string };
  optionList: OptionDetail[];
}

export interface CartLine {
  uuid: string;
  quantity: number;
  product: { title: string };
  productOption: {
    uuid: string;
    optionNameValue1: string;
    optionNameValue2: string | null;
    stock: number;
    holdStock: number;
    minimumOrderQuantity: number;
  };
  productPrice: { price: number };
}

export interface CartData {
  cartList: CartLine[];
  totalPrice: number;
  currencyCode: Currency;
}

/** An option the journey orders. */
export interface OptionPick {
  uuid: string;
  value1: string;
  value2: string | null;
  /** How the screens name it: 'value1' or 'value1 / value2'. */
  label: string;
  minimum: number;
  /** What may be ordered: the detail's stock, which the API gives as stock minus held stock. */
  available: number;
  priceMinor: number;
}

/** A product to buy two options of, and the sold-out choices its screen must refuse. */
export interface ProductPick {
  title: string;
  key1: string;
  key2: string | null;
  /** A sold-out option: its detail address opens the product with nothing chosen. */
  soldOut: OptionPick;
  /** First values whose every option is sold out (two keys only). */
  soldOutValues1: string[];
  picks: [OptionPick, OptionPick];
}

/** Room above the minimum that an ordered option needs for the stepper and typing steps. */
const HEADROOM = 20;

const isGone = (option: OptionDetail) => option.isSoldOut || option.stock <= 0;
const isOrderable = (option: OptionDetail) =>
  !option.isSoldOut && option.productPrice !== null && option.stock >= option.minimumOrderQuantity + HEADROOM;

function pickOf(option: OptionDetail, currency: Currency): OptionPick {
  return {
    uuid: option.uuid,
    value1: option.optionNameValue1,
    value2: option.optionNameValue2,
    label: option.optionNameValue2
      ? `${option.optionNameValue1} / ${option.optionNameValue2}`
      : option.optionNameValue1,
    minimum: option.minimumOrderQuantity,
    available: option.stock,
    priceMinor: toMinor(option.productPrice?.totalPrice ?? 0, currency),
  };
}

/**
 * One option key: a minimum above 1, a sold-out option, and two options with room above the minimum (the
 * first two such, in the API's order).
 */
function oneKeyPick(detail: ProductDetail, currency: Currency): ProductPick | undefined {
  const options = detail.optionList;
  if (options.some((o) => o.optionNameKey2) || options.some((o) => o.minimumOrderQuantity < 2)) return;
  const soldOut = options.find(isGone);
  const [first, second] = options.filter(isOrderable);
  if (!soldOut || !first || !second) return;
  return {
    title: detail.product.title,
    key1: first.optionNameKey1,
    key2: null,
    soldOut: pickOf(soldOut, currency),
    soldOutValues1: [],
    picks: [pickOf(first, currency), pickOf(second, currency)],
  };
}

/**
 * Two option keys: a minimum above 1, a first value sold out entirely, a first value V with both a sold-out
 * and an orderable second value, and another first value with an orderable option. The picks are V's
 * orderable option and the other one.
 */
function twoKeyPick(detail: ProductDetail, currency: Currency): ProductPick | undefined {
  const options = detail.optionList;
  if (!options.some((o) => o.optionNameKey2) || options.some((o) => o.minimumOrderQuantity < 2)) return;
  const values1 = [...new Set(options.map((o) => o.optionNameValue1))];
  const withValue = (value: string) => options.filter((o) => o.optionNameValue1 === value);
  const soldOutValues1 = values1.filter((value) => withValue(value).every(isGone));
  for (const value of values1) {
    const soldOut = withValue(value).find(isGone);
    const first = withValue(value).find(isOrderable);
    const second = options.find((o) => o.optionNameValue1 !== value && isOrderable(o));
    if (soldOut && first && second && soldOutValues1.length > 0) {
      return {
        title: detail.product.title,
        key1: first.optionNameKey1,
        key2: first.optionNameKey2,
        soldOut: pickOf(soldOut, currency),
        soldOutValues1,
        picks: [pickOf(first, currency), pickOf(second, currency)],
      };
    }
  }
}

/**
 * The first product (in the catalogue's latest-first order) that fits each rule above, read as `api`'s member
 * sees it: prices in its currency and the stock as it is now.
 */
export async function findBuyingTargets(
  api: MemberApi,
  currency: Currency,
): Promise<{ oneKey: ProductPick; twoKeys: ProductPick }> {
  let oneKey: ProductPick | undefined;
  let twoKeys: ProductPick | undefined;
  for (let page = 1; !(oneKey && twoKeys); page++) {
    const list = await api.get<{ productOptionList: { optionUuid: string }[]; totalCount: number }>(
      `/api/v1/product/list?page=${page}&limit=100&sort=latest&stockStatus=all`,
    );
    for (const { optionUuid } of list.productOptionList) {
      const detail = await api.get<ProductDetail>(`/api/v1/product/detail/${optionUuid}`);
      oneKey ??= oneKeyPick(detail, currency);
      twoKeys ??= twoKeyPick(detail, currency);
      if (oneKey && twoKeys) break;
    }
    if (page * 100 >= list.totalCount) break;
  }
  assert.ok(oneKey, 'the demo catalogue has no one-key product with a sold-out option and a minimum above 1');
  assert.ok(twoKeys, 'the demo catalogue has no two-key product with sold-out choices and a minimum above 1');
  return { oneKey, twoKeys };
}

// Product detail

export const optionSelect = (page: Page, key: string) =>
  page.getByRole('combobox', { name: key, exact: true });

export const selectedOptions = (page: Page) =>
  page.getByRole('list', { name: 'Selected options', exact: true }).getByRole('listitem');

/** The quantity stepper of a chosen option on the product detail. */
export const selectedQuantity = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Selected options', exact: true })
    .getByRole('group', { name: `Quantity of ${label}`, exact: true });

/** The labels of the option cards chosen so far, top to bottom; none when the list is not shown. */
export async function selectedLabels(page: Page): Promise<string[]> {
  const groups = page.getByRole('list', { name: 'Selected options', exact: true }).getByRole('group');
  const names = await groups.evaluateAll((elements) =>
    elements.map((e) => e.getAttribute('aria-label') ?? ''),
  );
  return names.map((name) => name.replace(/^Quantity of /, ''));
}

// Cart

/** The quantity stepper of one cart line: group 'Quantity of {title} {option}'. */
export const cartQuantity = (page: Page, title: string, option: string) =>
  page.getByRole('group', { name: `Quantity of ${title} ${option}`, exact: true });

/** The cart line showing `title` and `option`. */
export const cartItem = (page: Page, title: string, option: string) =>
  page
    .getByRole('list', { name: 'Cart items', exact: true })
    .getByRole('listitem')
    .filter({ has: cartQuantity(page, title, option) });

const isApi = (response: Response, method: string, pathname: string) =>
  response.request().method() === method && new URL(response.url()).pathname === pathname;

/** Runs `action` and resolves with the cart the page read (GET /api/v1/cart) because of it. */
export async function cartReadBy(page: Page, action: () => Promise<unknown>): Promise<CartData> {
  const read = page.waitForResponse((r) => isApi(r, 'GET', '/api/v1/cart'));
  await action();
  const response = await read;
  assert.equal(response.status(), 200, `GET /api/v1/cart answered ${response.status()}`);
  return ((await response.json()) as { data: CartData }).data;
}

/**
 * Resolves once the page's PATCH /api/v1/cart setting `cartUuid` to `quantity` has been answered 200: start
 * it before the action, as the page sends it only after its pause.
 */
export function cartPatched(page: Page, cartUuid: string, quantity: number): Promise<void> {
  return page
    .waitForResponse((response) => {
      if (!isApi(response, 'PATCH', '/api/v1/cart')) return false;
      const body = response.request().postDataJSON() as { cartUuid?: string; quantity?: number } | null;
      return body?.cartUuid === cartUuid && body.quantity === quantity;
    })
    .then((response) =>
      assert.equal(
        response.status(),
        200,
        `PATCH ${quantity} of cart line ${cartUuid}: ${response.status()}`,
      ),
    );
}

/** Waits for the page's answer to `method` `pathname`: its status, request body and data. */
export function apiAnswer<T>(page: Page, method: string, pathname: string) {
  return page
    .waitForResponse((r) => isApi(r, method, pathname))
    .then(async (response) => ({
      status: response.status(),
      request: response.request().postDataJSON() as unknown,
      data: ((await response.json()) as { data: T }).data,
    }));
}

/** The answers to `method` `pathname` the session's pages received so far. */
export async function answersSeen(
  session: Session,
  method: string,
  pathname: string,
): Promise<ApiExchange[]> {
  await session.settled();
  return session.apiResponses.filter((r) => r.method === method && new URL(r.url).pathname === pathname);
}

/** The stepper's textbox shows `quantity`. */
export async function showsQuantity(stepper: Locator, quantity: number) {
  await eventually(async () =>
    assert.equal(
      await stepper.getByRole('textbox', { name: 'Quantity', exact: true }).inputValue(),
      String(quantity),
    ),
  );
}

/** The text after `label` in the paragraph of `scope` that starts with it, e.g. TOTAL or Total. */
export async function amountAfter(scope: Locator, label: string): Promise<string> {
  const paragraph = scope.getByRole('paragraph').filter({ hasText: new RegExp(`^\\s*${label}`) });
  return (await visibleText(paragraph)).replace(label, '').trim();
}

/** Waits until the amount after `label` in `scope` reads `expected`. */
export async function showsAmount(scope: Locator, label: string, expected: string) {
  await eventually(async () =>
    assert.equal(await amountAfter(scope, label), expected, `${label} in ${scope}`),
  );
}

// Order screens

/** Every term of the description lists in `scope` with its value, e.g. { Status: 'PENDING', Total: '₩…' }. */
export async function termsShown(scope: Locator): Promise<Record<string, string>> {
  await scope.getByRole('term').first().waitFor();
  const terms = await scope.getByRole('term').allInnerTexts();
  const values = await scope.getByRole('definition').allInnerTexts();
  assert.equal(terms.length, values.length, 'every term has one value');
  return Object.fromEntries(terms.map((term, index) => [term.trim(), values[index]?.trim() ?? '']));
}

/** The Order Detail page once its data arrived (it shows 'Loading...' until then). */
export async function orderDetailShown(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Order Detail', exact: true }).waitFor();
  return page.getByRole('article');
}

/** An order's card in Shopping Info's 'Orders' list, and its 'View Details of order {number}' link. */
export function orderCard(page: Page, orderNumber: string) {
  const link = page.getByRole('link', { name: `View Details of order ${orderNumber}`, exact: true });
  const card = page
    .getByRole('list', { name: 'Orders', exact: true })
    .getByRole('listitem')
    .filter({ has: link });
  return { card, link };
}
