import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { oneTimePasswordIn, replaceOneTimePassword, signIn } from '../support/back-office.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { memberApi } from '../support/buying.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';

const OWNER = { email: 'catalogue@kshop.example', password: 'Backoffice2025!' };
const KOREA = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };

type Card = { optionUuid: string; title: string };
type Detail = { optionList: { isSoldOut: boolean }[] };

/** Issue 12: staff select a product in the product list, preview the bulk edit and mark it sold out. */
describe('catalogue bulk edits: bulk-mark a product sold out', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let owner: Session;
  let current: Session | undefined;
  let product: Card;
  let api: Awaited<ReturnType<typeof memberApi>>;

  before(async () => {
    [shop, browser] = await startWithBrowser(startStaffedShop());
    const printed = await shop.staff('staff', 'create', OWNER.email, '--language', 'en');
    owner = await openSession(browser, shop.url);
    // A product the storefront sells now, with every option orderable.
    api = await memberApi(shop.url, KOREA.email, KOREA.password);
    const list = await api.get<{ productOptionList: Card[] }>(
      '/api/v1/product/list?limit=20&sort=latest&stockStatus=inStock',
    );
    for (const card of list.productOptionList) {
      const detail = await api.get<Detail>(`/api/v1/product/detail/${card.optionUuid}`);
      if (detail.optionList.every((o) => !o.isSoldOut)) {
        product = card;
        break;
      }
    }
    assert.ok(product, 'a product with every option orderable');
    await signIn(owner.page, OWNER.email, oneTimePasswordIn(printed));
    await replaceOneTimePassword(owner.page, oneTimePasswordIn(printed), OWNER.password);
  });

  after(async () => {
    await owner?.close();
    await browser?.close();
    await shop?.stop();
  });

  const step = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => current,
        async () => {
          current = owner;
          await body(owner.page);
        },
      ),
    );

  step('staff select the product in the list and preview marking it sold out', async (page) => {
    await page.goto(`/admin/products?q=${encodeURIComponent(product.title)}`);
    await page.getByRole('heading', { level: 1, name: 'Products', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${product.title}`, exact: true }).check();
    const bar = page.getByRole('form', { name: 'Bulk edit the selected products', exact: true });
    await bar.getByText('1 selected').waitFor();
    await bar.getByLabel('Action', { exact: true }).selectOption({ label: 'Mark sold out (all options)' });
    await bar.getByRole('button', { name: 'Preview changes', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: Mark sold out (all options)', exact: true });
    await dialog.getByText('1 product will change.').waitFor();
    const rows = await dialog.getByRole('row').count();
    assert.ok(rows >= 2, 'the preview lists at least one option that becomes sold out');
    const { violations } = await severeViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    assert.equal(
      (await api.get<Detail>(`/api/v1/product/detail/${product.optionUuid}`)).optionList.some(
        (o) => o.isSoldOut,
      ),
      false,
      'the preview changed nothing',
    );
  });

  step('staff apply it: the product is sold out in the back office and the storefront', async (page) => {
    const dialog = page.getByRole('dialog', { name: 'Preview: Mark sold out (all options)', exact: true });
    await dialog.getByRole('button', { name: 'Apply to 1 product', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '1 product changed.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: product.title });
    await row.getByText('Out of stock', { exact: true }).waitFor();
    await eventually(async () => {
      const detail = await api.get<Detail>(`/api/v1/product/detail/${product.optionUuid}`);
      assert.equal(
        detail.optionList.every((o) => o.isSoldOut),
        true,
        'every option is sold out in the storefront',
      );
    });
  });

  step(
    'the dashboard lists the sold-out options apart from the low ones; the product form offers the option grid',
    async (page) => {
      await page.goto('/admin');
      const stock = page.getByRole('region', { name: 'Low available stock', exact: true });
      await stock.getByRole('heading', { name: /^Sold out \(\d+\)$/ }).waitFor();
      await stock.getByRole('link', { name: /^See all low-stock products/ }).waitFor();
      await stock
        .getByRole('table', { name: 'Options sold out', exact: true })
        .getByText(product.title)
        .first()
        .waitFor();
      let scan = await severeViolations(page);
      assert.deepEqual(scan.violations, [], describeViolations(scan.violations));

      await stock
        .getByRole('table', { name: 'Options sold out', exact: true })
        .getByRole('link', { name: product.title })
        .first()
        .click();
      const grid = page.getByRole('group', { name: 'Generate options', exact: true });
      await grid.getByRole('button', { name: 'Generate options', exact: true }).waitFor();
      await page.getByRole('checkbox', { name: 'Published', exact: true }).waitFor();
      await page.getByRole('link', { name: /^View in storefront/ }).waitFor();
      scan = await severeViolations(page);
      assert.deepEqual(scan.violations, [], describeViolations(scan.violations));
    },
  );
});
