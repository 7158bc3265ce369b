import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, severeViolations } from '../support/axe.js';
import { type Session, withScreenshot } from '../support/browser.js';
import { money } from '../support/buying.js';
import { waitForMail } from '../support/outbox.js';
import {
  KOREA,
  memberCalls,
  type OrderableOption,
  openStaffDesk,
  orderableOptions,
  type StaffDesk,
} from '../support/staff-desk.js';

const OWNER = 'phone-orders@kshop.example';

describe('orders taken for a buyer: staff place a phone order for an approved company', () => {
  let desk: StaffDesk;
  let owner: Session;
  /** An option the demo Korean company can order two of, as its own product detail shows it. */
  let pick: OrderableOption;

  before(async () => {
    desk = await openStaffDesk(OWNER);
    owner = desk.owner;
    [pick] = (await orderableOptions(await memberCalls(desk.shop.url, KOREA), 1)) as [OrderableOption];
  });

  after(() => desk?.close());

  const step = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => owner,
        () => body(owner.page),
      ),
    );

  step(
    'picks the buyer, adds two of an option, places the order and lands on it, taken by staff',
    async (page) => {
      await page.goto('/admin/orders');
      await page.getByRole('link', { name: 'New order', exact: true }).click();
      await page.getByRole('heading', { name: 'New order for a buyer', level: 1 }).waitFor();

      await page.getByRole('searchbox', { name: 'Company, e-mail or registration number' }).fill('Hanbit');
      await page.getByRole('button', { name: 'Find buyer', exact: true }).click();
      await page.getByRole('button', { name: 'Choose Hanbit Records Co., Ltd.', exact: true }).click();
      // Focus moves to the chosen buyer, so the keyboard goes on from there.
      await page.getByRole('heading', { name: 'Buyer: Hanbit Records Co., Ltd.' }).waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Buyer: Hanbit Records Co., Ltd.',
      );

      await page.getByRole('searchbox', { name: 'Product, vendor or option' }).fill(pick.title);
      await page.getByRole('button', { name: 'Find products', exact: true }).click();
      await page.getByRole('button', { name: `Add ${pick.title} ${pick.name}`, exact: true }).click();
      const quantity = page.getByRole('spinbutton', { name: `Quantity of ${pick.title} ${pick.name}` });
      await quantity.fill('2');
      const total = money(2 * pick.price, 'KRW');
      await page.getByText(`Total: ${total}`).waitFor();

      const { violations } = await severeViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));

      await page.getByRole('button', { name: 'Place order', exact: true }).click();
      await page.waitForURL(/\/admin\/orders\/\d{8}-\d+$/);
      const orderNumber = page.url().split('/').pop()!;
      await page.getByText(`Taken by ${OWNER}`).waitFor();
      const lines = page.getByRole('region', { name: 'Lines', exact: true });
      await lines.getByRole('cell', { name: pick.title, exact: true }).waitFor();

      const mail = await waitForMail(desk.shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${orderNumber} received$`),
      });
      assert.match(mail.text, new RegExp(total.replace(/[$]/g, '\\$')));
    },
  );
});
