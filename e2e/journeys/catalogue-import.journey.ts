import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeViolations, severeViolations } from '../support/axe.js';
import { oneTimePasswordIn, replaceOneTimePassword, signIn } from '../support/back-office.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';

const OWNER = { email: 'importer@kshop.example', password: 'Backoffice2025!' };
const SKU = 'JRN-IMPORT-1';
const TITLE = 'Journey Import Album';

/** A semicolon file as a spreadsheet in Europe or Korea writes it: one new product, one option, a SKU. */
const FILE = [
  'product_uuid;title;vendor;category_id;tags;release_date;artist_ids;option_uuid;sku;option_key1;option_value1;option_key2;option_value2;price_krw;price_usd;compared_price_krw;compared_price_usd;stock;minimum_order_quantity;sold_out;is_default',
  `;${TITLE};Journey Label;9;new;;;;${SKU};VERSION;A;;;18000;13.5;;;25;1;false;true`,
].join('\r\n');

/** Issue 12: staff preview a catalogue import, then apply it and follow its progress to the result. */
describe('catalogue import: preview an import, apply it with progress', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let owner: Session;
  let current: Session | undefined;

  before(async () => {
    [shop, browser] = await startWithBrowser(startStaffedShop());
    const printed = await shop.staff('staff', 'create', OWNER.email, '--language', 'en');
    owner = await openSession(browser, shop.url);
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

  step('staff upload a file and see what it would do, with nothing changed yet', async (page) => {
    await page.goto('/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products', exact: true }).waitFor();
    // The list is drawn (its count shows) before the file is chosen, so the page is not drawn again under it.
    await page.getByText(/^\d+ results?$/).waitFor();
    const tools = page.getByRole('region', { name: 'Catalogue spreadsheet', exact: true });
    await tools.getByLabel('File to import', { exact: true }).setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(FILE, 'utf8'),
    });
    await tools.getByRole('button', { name: 'Preview import', exact: true }).click();
    await tools
      .getByText('1 new product, 0 changed products; 1 new option, 0 changed options, 0 unchanged options.')
      .waitFor();
    const rows = tools.getByRole('table', { name: 'Rows that are new or change something', exact: true });
    await rows.getByRole('cell', { name: SKU, exact: true }).waitFor();
    const { violations } = await severeViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.goto(`/admin/products?q=${SKU}`);
    await page.getByText('No products match these filters.', { exact: true }).waitFor();
    assert.equal(await page.getByRole('link', { name: TITLE }).count(), 0, 'the preview wrote nothing');
  });

  step('staff apply it and see what it created; the SKU finds the product', async (page) => {
    await page.goto('/admin/products');
    const tools = page.getByRole('region', { name: 'Catalogue spreadsheet', exact: true });
    await tools.getByLabel('File to import', { exact: true }).setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(FILE, 'utf8'),
    });
    await tools.getByRole('button', { name: 'Preview import', exact: true }).click();
    await tools.getByRole('button', { name: 'Apply import', exact: true }).click();
    await tools
      .getByRole('status')
      .filter({
        hasText:
          'Import done: 1 product created, 0 products changed, 1 option created, 0 options changed, 0 unchanged.',
      })
      .waitFor();
    await page.goto(`/admin/products?q=${SKU}`);
    await page.getByRole('link', { name: TITLE }).first().waitFor();
  });
});
