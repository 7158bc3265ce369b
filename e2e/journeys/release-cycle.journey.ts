import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, severeViolations } from '../support/axe.js';
import { staffToken } from '../support/back-office.js';
import { type Session, withScreenshot } from '../support/browser.js';
import {
  apiCall,
  KOREA,
  memberCalls,
  type OrderableOption,
  openStaffDesk,
  orderableOptions,
  placeOrder,
  type StaffDesk,
} from '../support/staff-desk.js';
import { logIn } from '../support/storefront.js';

const OWNER = 'release@kshop.example';
const HOUR = 60 * 60 * 1000;

/** A staff call the journey makes through the API: PUT with a body, answered 200. */
async function staffPut<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { statusCode: number; message: string; data: T };
  assert.equal(answer.statusCode, 200, `PUT ${path}: ${answer.message}`);
  return answer.data;
}

type Allocation = {
  basis: string;
  lines: { orderNumber: string; ordered: number; allocating: number; short: number }[];
};

describe('the release cycle: a buyer pre-orders before the deadline, the label ships short, staff allocate', () => {
  let desk: StaffDesk;
  let buyer: Session;
  let token: string;
  let pick: OrderableOption;
  let productUuid: string;
  let order: { uuid: string; orderNumber: string };

  before(async () => {
    desk = await openStaffDesk(OWNER, { buyer: true });
    buyer = desk.buyer!;
    token = (await staffToken(desk.owner.page))!;
    [pick] = (await orderableOptions(await memberCalls(desk.shop.url, KOREA), 1)) as [OrderableOption];
    const detail = await apiCall<{ product: { uuid: string } }>(
      desk.shop.url,
      `/api/v1/product/detail/${pick.uuid}`,
      null,
    );
    productUuid = detail.product.uuid;
    // Staff put the release on pre-order: orders close in 30 hours, nothing is on hand yet, 12 per company.
    const product = await apiCall<{ options: { uuid: string; stock: number; holdStock: number }[] }>(
      desk.shop.url,
      `/api/v1/admin/products/${productUuid}`,
      token,
    );
    await staffPut(desk.shop.url, token, `/api/v1/admin/products/${productUuid}`, {
      ...product,
      preorder: true,
      shipsOn: '2026-12-18',
      salesStartAt: null,
      salesEndAt: new Date(Date.now() + 30 * HOUR).toISOString(),
      options: product.options.map((o) =>
        o.uuid === pick.uuid ? { ...o, stock: o.holdStock, preorderCap: null, preorderBuyerCap: 12 } : o,
      ),
    });
  });

  after(() => desk?.close());

  const step = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => buyer,
        () => body(buyer.page),
      ),
    );

  step(
    'the buyer sees the deadline in Korea time and its own, the countdown and the ship date',
    async (page) => {
      await logIn(page, KOREA.email, KOREA.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/productdetail/${pick.uuid}`);
      await page.getByRole('heading', { level: 1, name: pick.title, exact: true }).waitFor();
      await page.getByText(/^Order deadline: .* \(Korea time\) · .* your time$/).waitFor();
      await page.getByText(/^Closes in /).waitFor();
      await page.getByText('Ships from 2026-12-18').first().waitFor();
      await page.getByText('At most 12 per company').waitFor();
      const { violations, nodes } = await severeViolations(page);
      assert.equal(nodes, 0, describeViolations(violations));
    },
  );

  step('it pre-orders 10 though nothing is on hand', async () => {
    order = await placeOrder(await memberCalls(desk.shop.url, KOREA), [{ option: pick, quantity: 10 }]);
    assert.match(order.orderNumber, /^\d{8}-\d+$/);
  });

  step('the label delivers 6: staff record it, preview the share and commit it', async () => {
    const base = `/api/v1/admin/product-options/${pick.uuid}`;
    const preview = await apiCall<Allocation>(desk.shop.url, `${base}/receipts`, token, {
      quantity: 6,
      note: 'First delivery',
    });
    const mine = preview.lines.find((l) => l.orderNumber === order.orderNumber);
    assert.deepEqual(
      { ordered: mine?.ordered, allocating: mine?.allocating, short: mine?.short },
      { ordered: 10, allocating: 6, short: 4 },
    );
    await apiCall(desk.shop.url, `${base}/allocation`, token, { rule: 'FIRST_COME', basis: preview.basis });
  });

  step("the buyer's order shows 10 ordered, 6 allocated and 4 on backorder", async (page) => {
    await page.goto(`/mypage/shoppingdetail/${order.uuid}`);
    await page.getByText(order.orderNumber).first().waitFor();
    const figures = page.getByRole('list', { name: 'Pre-order quantities' });
    await figures.waitFor();
    const items = (await figures.getByRole('listitem').allTextContents()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
    for (const part of ['Ordered 10', 'Allocated 6', 'On backorder 4'])
      assert.ok(items.includes(part), items.join(' | '));
    await buyer.screenshot('release cycle order detail after allocation');
    const { violations, nodes } = await severeViolations(page);
    assert.equal(nodes, 0, describeViolations(violations));
  });
});
