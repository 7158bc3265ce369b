import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeViolations, severeViolations } from '../support/axe.js';
import { oneTimePasswordIn, replaceOneTimePassword, signIn } from '../support/back-office.js';
import { launchBrowser, openSession, type Session, withScreenshot } from '../support/browser.js';
import { money } from '../support/buying.js';
import { waitForMail } from '../support/outbox.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';

const OWNER = { email: 'phone-orders@kshop.example', password: 'Backoffice2025!' };
const KOREA = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };

type Envelope<T> = { statusCode: number; message: string; data: T };
type Pick = { title: string; name: string; price: number };

/** An option the demo Korean company can order two of, as its own product detail shows it. */
async function orderableOption(baseUrl: string): Promise<Pick> {
  const call = async <T>(path: string, token?: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  };
  const token = (await call<{ accessToken: string }>('/api/v1/auth/login', undefined, KOREA)).data
    .accessToken;
  const list = await call<{ productOptionList: { optionUuid: string; title: string }[] }>(
    '/api/v1/product/list?limit=20&sort=latest',
    token,
  );
  for (const { optionUuid, title } of list.data.productOptionList) {
    const detail = await call<{
      optionList: {
        optionNameValue1: string;
        optionNameValue2: string | null;
        isSoldOut: boolean;
        stock: number;
        minimumOrderQuantity: number;
        orderMultiple?: number;
        productPrice: { totalPrice: number } | null;
      }[];
    }>(`/api/v1/product/detail/${optionUuid}`, token);
    const option = detail.data.optionList.find(
      (o) =>
        !o.isSoldOut &&
        o.productPrice &&
        o.minimumOrderQuantity === 1 &&
        (o.orderMultiple ?? 1) === 1 &&
        o.stock >= 10,
    );
    if (option) {
      const name = [option.optionNameValue1, option.optionNameValue2].filter(Boolean).join(' / ');
      return { title, name, price: option.productPrice!.totalPrice };
    }
  }
  throw new Error('the demo catalogue has no option to order');
}

describe('orders taken for a buyer: staff place a phone order for an approved company', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let owner: Session;
  let pick: Pick;

  before(async () => {
    [shop, browser] = await Promise.all([startStaffedShop(), launchBrowser()]);
    const printed = await shop.staff('staff', 'create', OWNER.email);
    owner = await openSession(browser, shop.url);
    pick = await orderableOption(shop.url);
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
      await page.getByText(`Taken by ${OWNER.email}`).waitFor();
      const lines = page.getByRole('region', { name: 'Lines', exact: true });
      await lines.getByRole('cell', { name: pick.title, exact: true }).waitFor();

      const mail = await waitForMail(shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${orderNumber} received$`),
      });
      assert.match(mail.text, new RegExp(total.replace(/[$]/g, '\\$')));
    },
  );
});
