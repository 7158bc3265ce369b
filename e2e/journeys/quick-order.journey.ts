import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  PAGE_SIZE,
  QUICK_ORDER_MESSAGES,
  smallestQuantity,
  windowState,
} from '../../packages/contract/dist/index.js';
import { assertNoHorizontalScroll, eventually, visibleText } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { parseCsv, staffToken, tableRows } from '../support/back-office.js';
import { openSession, type Session, withScreenshot } from '../support/browser.js';
import { apiAnswer, type CartData } from '../support/buying.js';
import {
  KOREA,
  type MemberCalls,
  memberCalls,
  openStaffDesk,
  type StaffDesk,
} from '../support/staff-desk.js';
import { cards, mainNav, menuItem, productGrid } from '../support/storefront.js';

const OWNER = 'quick-order@kshop.example';
const LINES = 15;
/** What the issue measured before: 81 interactions for 15 albums from product pages. */
const BEFORE = 81;

/** An option of the NEW list's first page, with its codes from the catalogue export and what the buyer orders. */
interface Pick {
  uuid: string;
  title: string;
  /** 'value1' or 'value1 / value2'. */
  option: string;
  sku: string;
  minimum: number;
  /** What the order must carry: the smallest quantity the option takes. */
  quantity: number;
  /** What the buyer's spreadsheet says: the SKU (one written in lower case) and a quantity. */
  code: string;
  asked: number;
}

/** Counts what the buyer does: the visit to the shop, each click and each fill (a paste is one). */
class Interactions {
  count = 0;
  constructor(readonly page: Page) {}
  async visit(path: string) {
    this.count++;
    await this.page.goto(path);
  }
  async click(target: Locator) {
    this.count++;
    await target.click();
  }
  async fill(target: Locator, value: string) {
    this.count++;
    await target.fill(value);
  }
}

type Detail = {
  product: { title: string; salesStartAt?: string | null; salesEndAt?: string | null; preorder?: boolean };
  optionList: {
    uuid: string;
    optionNameValue1: string;
    optionNameValue2: string | null;
    isSoldOut: boolean;
    stock: number;
    minimumOrderQuantity: number;
    orderMultiple?: number | null;
    productPrice: { totalPrice: number } | null;
  }[];
};

/**
 * The card options of the NEW list's first page, as the buyer's list shows them, that the buyer can order twice
 * over at their smallest quantity: in stock, inside their order window, not pre-orders, one per title. Their SKU
 * comes from the catalogue staff export.
 */
async function newListPicks(api: MemberCalls, catalogue: string[][]): Promise<Pick[]> {
  const [header, ...rows] = catalogue;
  const column = (name: string) => header!.indexOf(name);
  const codes = new Map(rows.map((r) => [r[column('option_uuid')]!, r]));
  const list = await api.get<{
    productOptionList: { optionUuid: string; title: string; tags: string[] }[];
  }>(
    `/api/v1/product/list?page=1&limit=${PAGE_SIZE.productList}&sort=latest&stockStatus=all&categoryId=0&tag=new`,
  );
  const picks: Pick[] = [];
  for (const { optionUuid, title, tags } of list.productOptionList) {
    if (picks.length === LINES) break;
    if (tags.includes('sold out') || picks.some((p) => p.title === title)) continue;
    const detail = await api.get<Detail>(`/api/v1/product/detail/${optionUuid}`);
    const { salesStartAt = null, salesEndAt = null, preorder = false } = detail.product;
    if (preorder || windowState({ salesStartAt, salesEndAt }) !== 'OPEN') continue;
    const option = detail.optionList.find((o) => o.uuid === optionUuid);
    const record = codes.get(optionUuid);
    if (!option || !record || option.isSoldOut || !option.productPrice) continue;
    const quantity = smallestQuantity({
      minimum: option.minimumOrderQuantity,
      multiple: option.orderMultiple ?? 1,
    });
    // Ordered twice (by quick order, then from the cards) with room to spare.
    if (option.stock < 2 * quantity + 10) continue;
    const sku = record[column('sku')]!;
    picks.push({
      uuid: optionUuid,
      title,
      option: [option.optionNameValue1, option.optionNameValue2].filter(Boolean).join(' / '),
      sku,
      minimum: option.minimumOrderQuantity,
      quantity,
      code: sku,
      asked: quantity,
    });
  }
  assert.equal(picks.length, LINES, `the NEW list's first page has ${LINES} orderable products`);
  // As spreadsheets hold them: one SKU typed in lower case, and one quantity under the minimum, which the page
  // raises.
  picks[0]!.code = picks[0]!.sku.toLowerCase();
  const small = picks.find((p) => p.minimum > 1 && p.quantity === p.minimum);
  assert.ok(small, 'one product has a minimum order above 1');
  small.asked = 1;
  return picks;
}

describe('quick order: 15 lines pasted from a spreadsheet, checked, added and ordered', () => {
  let desk: StaffDesk;
  let api: MemberCalls;
  let picks: Pick[];
  const sessions: Session[] = [];
  let current: Session | undefined;

  before(async () => {
    desk = await openStaffDesk(OWNER, { buyer: true });
    // Buyers never see SKUs: staff export the catalogue, and the buyer's spreadsheet holds its codes.
    const token = await staffToken(desk.owner.page);
    const exported = await fetch(`${desk.shop.url}/api/v1/admin/catalogue.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(exported.status, 200, 'GET /api/v1/admin/catalogue.csv');
    api = await memberCalls(desk.shop.url, KOREA);
    picks = await newListPicks(api, parseCsv(await exported.text()));
    assert.deepEqual((await api.get<CartData>('/api/v1/cart')).cartList, [], 'the cart starts empty');
  });

  after(async () => {
    for (const session of sessions) await session.close();
    await desk?.close();
  });

  const step = (name: string, body: (t: TestContext) => Promise<void>) =>
    it(name, (t) =>
      withScreenshot(
        () => current,
        () => body(t),
      )(t),
    );

  /** From the shop's home page through the header's My Page icon and the login form. */
  async function logInFromHeader(buyer: Interactions) {
    const { page } = buyer;
    await buyer.visit('/');
    await buyer.click(page.getByRole('banner').getByRole('link', { name: 'My Page', exact: true }));
    await page.waitForURL((url) => url.pathname === '/login');
    await buyer.fill(page.getByLabel('Email', { exact: true }), KOREA.email);
    await buyer.fill(page.getByLabel('Password', { exact: true }), KOREA.password);
    await buyer.click(page.getByRole('button', { name: 'LOGIN', exact: true }));
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }).waitFor();
  }

  /**
   * From the cart to the placed order: CHECKOUT, the Delivery form as the company's profile and default address
   * fill it, ORDER NOW and its question. Resolves with the order the page placed.
   */
  /** CHECKOUT from the page the buyer is on (the cart, or quick order after an add), then the order placed. */
  async function checkOut(buyer: Interactions) {
    const { page } = buyer;
    await buyer.click(page.getByRole('link', { name: 'CHECKOUT', exact: true }));
    const form = page.getByRole('form', { name: 'Delivery', exact: true });
    await form.waitFor();
    // The receiver and the default address are there already: nothing to type.
    await eventually(async () =>
      assert.notEqual(await form.getByLabel('Address', { exact: true }).inputValue(), ''),
    );
    const placed = apiAnswer<{ uuid: string; orderNumber: string }>(page, 'POST', '/api/v1/order');
    await buyer.click(page.getByRole('button', { name: 'ORDER NOW', exact: true }));
    const question = page.getByRole('alertdialog', { name: 'Do you want to place the order?', exact: true });
    await buyer.click(question.getByRole('button', { name: 'OK', exact: true }));
    const { status, data } = await placed;
    assert.equal(status, 200, 'POST /api/v1/order');
    await page
      .getByRole('dialog', { name: 'Assigning a person in charge', exact: true })
      .getByText(data.orderNumber)
      .waitFor();
    return data;
  }

  /** The stored order holds exactly the picked options, each at the quantity it should. */
  async function assertOrdered(uuid: string) {
    const order = await api.get<{
      orderDetails: { quantity: number; productOption: { productOptionUuid: string | null } }[];
    }>(`/api/v1/order/detail/${uuid}`);
    assert.deepEqual(
      order.orderDetails.map((line) => [line.productOption.productOptionUuid, line.quantity]).sort(),
      picks.map((pick) => [pick.uuid, pick.quantity]).sort(),
    );
  }

  step(
    `a buyer pastes ${LINES} lines, checks and adds them, and checks out in at most 12 interactions`,
    async (t) => {
      current = desk.buyer!;
      const buyer = new Interactions(current.page);
      const { page } = buyer;
      await logInFromHeader(buyer);

      await buyer.click(page.getByRole('banner').getByRole('link', { name: 'Quick order', exact: true }));
      await page.getByRole('heading', { level: 1, name: 'Quick order', exact: true }).waitFor();
      const pasted = picks.map((pick) => `${pick.code}\t${pick.asked}`).join('\n');
      await buyer.fill(
        page.getByLabel('Paste SKU or barcode and quantity, one per line', { exact: true }),
        pasted,
      );
      await buyer.click(page.getByRole('button', { name: 'Check', exact: true }));
      await page
        .getByRole('status')
        .filter({ hasText: QUICK_ORDER_MESSAGES.checked(LINES, LINES) })
        .waitFor();

      // Each line names its product and what becomes of it; the quantity under the minimum is raised.
      const rows = await tableRows(page.getByRole('table', { name: 'Checked lines', exact: true }));
      assert.equal(rows.length, LINES);
      picks.forEach((pick, index) => {
        const [line, code, product, , asked, toAdd, outcome] = rows[index]!;
        assert.equal(line, String(index + 1));
        assert.equal(code, pick.code);
        assert.equal(product, `${pick.title}\n${pick.option} · SKU ${pick.sku}`, `line ${index + 1}`);
        assert.equal(asked, String(pick.asked));
        assert.equal(toAdd, String(pick.quantity), `${pick.title}: what goes in`);
        assert.equal(
          outcome,
          pick.asked < pick.quantity
            ? QUICK_ORDER_MESSAGES.raisedToMinimum(pick.minimum)
            : QUICK_ORDER_MESSAGES.ok,
          `${pick.title}: its outcome`,
        );
      });

      // The checked page at a desktop and a phone width: no serious violation; the phone does not scroll sideways.
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const { violations } = await severeViolations(page);
        assert.deepEqual(violations, [], `${width} px: ${describeViolations(violations)}`);
        if (width === 375) await assertNoHorizontalScroll(page);
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      await buyer.click(page.getByRole('button', { name: `Add ${LINES} lines to cart`, exact: true }));
      await page
        .getByRole('status')
        .filter({ hasText: QUICK_ORDER_MESSAGES.added(LINES) })
        .waitFor();
      // Quick order offers CHECKOUT beside the cart once lines are in.
      const order = await checkOut(buyer);
      const count = buyer.count;
      t.diagnostic(`interactions to order ${LINES} products by quick order: ${count}`);

      // Confirm opens the order's detail: every line at its quantity.
      await page
        .getByRole('dialog', { name: 'Assigning a person in charge', exact: true })
        .getByRole('link', { name: 'Confirm', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === `/mypage/shoppingdetail/${order.uuid}`);
      await page.getByRole('heading', { level: 1, name: 'Order Detail', exact: true }).waitFor();
      const ordered = page.getByRole('list', { name: 'Ordered products', exact: true }).getByRole('listitem');
      await eventually(async () => assert.equal(await ordered.count(), LINES));
      for (const pick of picks) {
        const item = await visibleText(ordered.filter({ hasText: pick.title }));
        assert.ok(item.includes(pick.option), `${pick.title}: ${pick.option}`);
        assert.ok(item.includes(`Quantity: ${pick.quantity}`), `${pick.title}: quantity ${pick.quantity}`);
      }
      await assertOrdered(order.uuid);
      assert.deepEqual((await api.get<CartData>('/api/v1/cart')).cartList, [], 'the cart is empty again');
      assert.ok(count <= 12, `${count} interactions to order ${LINES} products by quick order`);
    },
  );

  step(`the same ${LINES} products from the NEW list's cards, for comparison`, async (t) => {
    current = await openSession(desk.browser, desk.shop.url);
    sessions.push(current);
    const buyer = new Interactions(current.page);
    const { page } = buyer;
    await logInFromHeader(buyer);

    await buyer.click(menuItem(page, 'NEW'));
    await buyer.click(mainNav(page).getByRole('link', { name: 'NEW', exact: true }));
    await page.waitForURL(
      (url) => url.pathname === '/productlist/0' && url.searchParams.get('tag') === 'new',
    );
    const grid = productGrid(page);
    for (const pick of picks) {
      const name = `Add ${pick.title} to cart`;
      const card = cards(grid).filter({ has: page.getByRole('button', { name, exact: true }) });
      const add = card.getByRole('button', { name, exact: true });
      // The card's box starts at the smallest quantity the option takes: one click adds it.
      assert.equal(
        await card.getByRole('textbox', { name: `Quantity of ${pick.title}`, exact: true }).inputValue(),
        String(pick.quantity),
      );
      await buyer.click(add);
      await card.getByRole('status').filter({ hasText: 'Added to Cart!' }).waitFor();
    }
    await buyer.click(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }));
    const order = await checkOut(buyer);
    const count = buyer.count;
    t.diagnostic(`interactions to order ${LINES} products from list cards: ${count}`);
    await assertOrdered(order.uuid);
    assert.ok(count < BEFORE, `${count} interactions from the cards, ${BEFORE} before`);
  });
});
