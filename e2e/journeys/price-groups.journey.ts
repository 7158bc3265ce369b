import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, visibleText } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { openFromNav } from '../support/back-office.js';
import { type Session, withScreenshot } from '../support/browser.js';
import { money } from '../support/buying.js';
import { KOREA, memberCalls, openStaffDesk, type StaffDesk } from '../support/staff-desk.js';
import { logIn } from '../support/storefront.js';

const OWNER = 'prices@kshop.example';
const GROUP = 'Journey Partners';

type Detail = { currentOption: { uuid: string; productPrice: { totalPrice: number } | null } };

/** Price groups (decision 0021): staff put a buyer in a 20 % group, and the storefront shows that buyer 20 % off. */
describe('price groups: set a buyer’s group, and see that buyer’s price in the storefront', () => {
  let desk: StaffDesk;
  let owner: Session;
  let buyer: Session;
  let current: Session | undefined;
  let option: { uuid: string; listPrice: number };

  before(async () => {
    desk = await openStaffDesk(OWNER, { buyer: true });
    owner = desk.owner;
    buyer = desk.buyer!;
    // A product as the member sees it in the Standard group: the list price.
    const api = await memberCalls(desk.shop.url, KOREA);
    const list = await api.get<{ productOptionList: { optionUuid: string }[] }>(
      '/api/v1/product/list?limit=5&sort=latest',
    );
    const detail = await api.get<Detail>(`/api/v1/product/detail/${list.productOptionList[0]!.optionUuid}`);
    option = { uuid: detail.currentOption.uuid, listPrice: detail.currentOption.productPrice!.totalPrice };
  });

  after(() => desk?.close());

  const step = (name: string, session: () => Session, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => current,
        async () => {
          current = session();
          await body(current.page);
        },
      ),
    );

  step(
    'staff add a price group of 20 % off on the Price groups page',
    () => owner,
    async (page) => {
      await openFromNav(page, 'Price groups');
      const form = page.getByRole('form', { name: 'Add a price group', exact: true });
      await form.getByLabel('Group name', { exact: true }).fill(GROUP);
      await form.getByLabel('% off list price', { exact: true }).fill('20');
      await form.getByRole('button', { name: 'Add price group', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Price group ${GROUP} added.` })
        .waitFor();
      await page.getByLabel(`Name of ${GROUP}`, { exact: true }).waitFor();
      const { violations } = await severeViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
    },
  );

  step(
    'on the buyer’s page staff choose that group and save it',
    () => owner,
    async (page) => {
      await page.goto(`/admin/buyers?q=${encodeURIComponent(KOREA.email)}`);
      // The row of the company with that e-mail, not the first row of a list still being drawn.
      await page
        .getByRole('table', { name: 'Buyers', exact: true })
        .getByRole('row')
        .filter({ hasText: KOREA.email })
        .getByRole('link')
        .first()
        .click();
      const panel = page.getByRole('region', { name: 'Price group', exact: true });
      const select = panel.getByLabel('Price group', { exact: true });
      await eventually(async () => assert.equal(await select.isEnabled(), true));
      await select.selectOption({ label: `${GROUP} (20 % off)` });
      await panel.getByRole('button', { name: 'Save price group', exact: true }).click();
      await panel
        .getByRole('status')
        .filter({ hasText: `The buyer now sees and pays the prices of ${GROUP}.` })
        .waitFor();
      const { violations } = await severeViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
    },
  );

  step(
    'the buyer sees 20 % off the list price on the product page',
    () => buyer,
    async (page) => {
      await logIn(page, KOREA.email, KOREA.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/productdetail/${option.uuid}`);
      const expected = money(Math.floor((option.listPrice * 8000 + 5000) / 10000), 'KRW');
      await eventually(async () => {
        const price = await visibleText(page.locator('.product-detail__price'));
        assert.equal(
          price.trim(),
          expected,
          `the member's price is 20 % off ${money(option.listPrice, 'KRW')}`,
        );
      });
    },
  );
});
