import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { windowState } from '../../packages/contract/dist/index.js';
import { oneTimePasswordIn, replaceOneTimePassword, signIn } from './back-office.js';
import { openSession, type Session, startWithBrowser } from './browser.js';
import { type StaffedShop, startStaffedShop } from './staffed-shop.js';

/** The demo Korean company, approved, with a saved address (its prices are in ₩). */
export const KOREA = { email: 'korea@demo.kshop.example', password: 'Demo1234!' } as const;
/** The password each journey's owner sets in place of the one-time password. */
export const OWNER_PASSWORD = 'Backoffice2025!';

/**
 * Where the wholesale journeys start: a staffed shop, a browser, the owner `ownerEmail` created with the staff
 * command and signed in to the back office (one-time password replaced by OWNER_PASSWORD), and, when asked
 * for, a second session for the buyer (not yet logged in).
 */
export interface StaffDesk {
  shop: StaffedShop;
  browser: Browser;
  owner: Session;
  /** A session of its own for the buyer; present when `openStaffDesk` was asked for one. */
  buyer: Session | undefined;
  close(): Promise<void>;
}

export async function openStaffDesk(ownerEmail: string, { buyer = false } = {}): Promise<StaffDesk> {
  const [shop, browser] = await startWithBrowser(startStaffedShop());
  const desk: StaffDesk = {
    shop,
    browser,
    owner: undefined as unknown as Session,
    buyer: undefined,
    async close() {
      try {
        for (const session of [desk.buyer, desk.owner]) await session?.close();
      } finally {
        // Closing the browser closes any session left; an open one would keep the file from ending.
        await browser.close();
        await shop.stop();
      }
    },
  };
  try {
    const printed = await shop.staff('staff', 'create', ownerEmail, '--language', 'en');
    desk.owner = await openSession(browser, shop.url);
    if (buyer) desk.buyer = await openSession(browser, shop.url);
    await signIn(desk.owner.page, ownerEmail, oneTimePasswordIn(printed));
    await replaceOneTimePassword(desk.owner.page, oneTimePasswordIn(printed), OWNER_PASSWORD);
  } catch (error) {
    await desk.close().catch(() => {});
    throw error;
  }
  return desk;
}

type Envelope<T> = { statusCode: number; message: string; data: T };

/** The storefront API as a logged-in member: every answer must be a 200, whose data it resolves with. */
export interface MemberCalls {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/**
 * One call to the API with a bearer token (or none): GET without a body, POST with one. It must answer 200;
 * it resolves with the answer's data.
 */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  assert.equal(answer.statusCode, 200, `${body === undefined ? 'GET' : 'POST'} ${path}: ${answer.message}`);
  return answer.data;
}

export async function memberCalls(baseUrl: string, member: { email: string; password: string }) {
  const call = <T>(path: string, token: string | null, body?: unknown) =>
    apiCall<T>(baseUrl, path, token, body);
  const { accessToken } = await call<{ accessToken: string }>('/api/v1/auth/login', null, member);
  return {
    get: <T>(path: string) => call<T>(path, accessToken),
    post: <T>(path: string, body: unknown) => call<T>(path, accessToken, body),
  } satisfies MemberCalls;
}

/** An option a member can order one, two or three of, as its product detail shows it to that member. */
export interface OrderableOption {
  uuid: string;
  /** The product's title. */
  title: string;
  /** The option's values, as the back office names it: `A` or `A / Photocard`. */
  name: string;
  /** What one piece costs the member, in minor units. */
  price: number;
}

/**
 * `count` orderable options of different products, newest products first: in stock (10 or more), not sold
 * out, priced, with a minimum order of 1 and no order multiple.
 */
export async function orderableOptions(api: MemberCalls, count: number): Promise<OrderableOption[]> {
  const list = await api.get<{ productOptionList: { optionUuid: string; title: string }[] }>(
    '/api/v1/product/list?limit=50&sort=latest',
  );
  const picks: OrderableOption[] = [];
  for (const { optionUuid, title } of list.productOptionList) {
    if (picks.some((pick) => pick.title === title)) continue;
    const detail = await api.get<{
      product: { salesStartAt?: string | null; salesEndAt?: string | null; preorder?: boolean };
      optionList: {
        uuid: string;
        optionNameValue1: string;
        optionNameValue2: string | null;
        isSoldOut: boolean;
        stock: number;
        minimumOrderQuantity: number;
        orderMultiple?: number;
        productPrice: { totalPrice: number } | null;
      }[];
    }>(`/api/v1/product/detail/${optionUuid}`);
    // Inside its order window (issue 34) and sold from stock: a journey's order goes through.
    const { salesStartAt = null, salesEndAt = null, preorder = false } = detail.product;
    if (preorder || windowState({ salesStartAt, salesEndAt }) !== 'OPEN') continue;
    const option = detail.optionList.find(
      (o) =>
        !o.isSoldOut &&
        o.productPrice &&
        o.minimumOrderQuantity === 1 &&
        (o.orderMultiple ?? 1) === 1 &&
        o.stock >= 10,
    );
    if (!option) continue;
    const name = [option.optionNameValue1, option.optionNameValue2].filter(Boolean).join(' / ');
    picks.push({ uuid: option.uuid, title, name, price: option.productPrice!.totalPrice });
    if (picks.length === count) return picks;
  }
  assert.fail(`the demo catalogue has no ${count} orderable options of different products`);
}

/** Places an order in ₩ to the demo company's address; resolves with its uuid and number. */
export function placeOrder(api: MemberCalls, lines: { option: OrderableOption; quantity: number }[]) {
  return api.post<{ uuid: string; orderNumber: string }>('/api/v1/order', {
    currencyCode: 'KRW',
    finalPaymentAmount: lines.reduce((sum, { option, quantity }) => sum + quantity * option.price, 0),
    productOptionList: lines.map(({ option, quantity }) => ({ productOptionUuid: option.uuid, quantity })),
    receiverInfo: {
      companyName: 'Hanbit Records Co., Ltd.',
      companyEmail: KOREA.email,
      receiverName: 'Kim Minji',
      phoneNumber: '+82 10-1234-5678',
      postalCode: '06234',
      addressDetail: '12 Teheran-ro, Gangnam-gu, Seoul',
    },
  });
}
