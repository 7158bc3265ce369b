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

  it(
    'the label delivers 6: staff record it, preview the share by order time and commit it',
    withScreenshot(
      () => desk.owner,
      async () => {
        const page = desk.owner.page;
        await page.goto(`/admin/products/${productUuid}/options/${pick.uuid}/allocation`);
        await page
          .getByRole('heading', { level: 1 })
          .filter({ hasText: 'Goods receipt and allocation' })
          .waitFor();
        await page.getByLabel('Quantity received', { exact: true }).fill('6');
        await page.getByLabel('Note', { exact: true }).fill('First delivery');
        await page.getByRole('button', { name: 'Record receipt', exact: true }).click();
        await page.getByRole('status').filter({ hasText: 'Goods receipt recorded.' }).waitFor();
        await page.getByRole('radio', { name: 'First come, first served' }).check();
        // The preview: the order's 10 get the 6 that arrived, 4 short and kept on backorder.
        const row = page.getByRole('row').filter({ hasText: order.orderNumber });
        await row.filter({ hasText: 'Kept on backorder' }).waitFor();
        const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim());
        for (const figure of ['10', '6', '4']) assert.ok(cells.includes(figure), cells.join(' | '));
        const { violations, nodes } = await severeViolations(page);
        assert.equal(nodes, 0, describeViolations(violations));
        await desk.owner.screenshot('release cycle allocation preview');

        await page.getByRole('button', { name: 'Commit allocation', exact: true }).click();
        await page
          .getByRole('alertdialog')
          .getByRole('button', { name: 'Commit allocation', exact: true })
          .click();
        await page.getByRole('status').filter({ hasText: 'Allocation committed.' }).waitFor();
      },
    ),
  );

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
