import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { answerDialog } from '../support/account.js';
import { assertNoHorizontalScroll, eventually, visibleText } from '../support/assertions.js';
import {
  oneTimePasswordIn,
  openProduct,
  optionGroup,
  replaceOneTimePassword,
  signIn,
} from '../support/back-office.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { type MemberApi, memberApi, money } from '../support/buying.js';
import { mailsTo, waitForMail } from '../support/outbox.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';
import { logIn } from '../support/storefront.js';

const PASSWORD = 'Demo1234!';
const KOREA = 'korea@demo.kshop.example';
const OWNER = { email: 'owner@kshop.example', password: 'Backoffice1!' };

type Option = {
  uuid: string;
  optionNameKey1: string;
  optionNameKey2: string | null;
  optionNameValue1: string;
  optionNameValue2: string | null;
  isSoldOut: boolean;
  minimumOrderQuantity: number;
  stock: number;
  productPrice: { totalPrice: number } | null;
};
type Detail = { product: { title: string }; optionList: Option[] };
type ListItem = { optionUuid: string; title: string };

const soldOut = (o: Option) => o.isSoldOut || o.stock <= 0 || o.stock < o.minimumOrderQuantity;
const labelOf = (o: Option) =>
  o.optionNameValue2 ? `${o.optionNameValue1} / ${o.optionNameValue2}` : o.optionNameValue1;

/** The description the header's Cart link carries: 'n items in cart', or none before the cart loaded. */
async function cartCount(page: Page): Promise<number | null> {
  const link = page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true });
  const id = await link.getAttribute('aria-describedby');
  if (!id) return null;
  const text = (await page.locator(`[id="${id}"]`).textContent()) ?? '';
  return Number(/(\d+) items? in cart/.exec(text)?.[1] ?? Number.NaN);
}

/** Holds the answers to one API call until `release` is called, so a busy state can be seen. */
async function holdAnswers(page: Page, method: string, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await gate;
    await route.fallback();
  });
  return release;
}

describe('buyer frictions: sold out and notify me, prices per option, checkout prefill, cart count and busy states', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let member: Session;
  let phone: Session;
  let owner: Session;
  let current: Session | undefined;
  let api: MemberApi;
  let soldOutItem: { detail: Detail; option: Option; optionUuid: string };
  let pricedItem: { detail: Detail; cheap: Option; dear: Option; optionUuid: string };
  let oneTimePassword = '';

  before(async () => {
    [shop, browser] = await startWithBrowser(startStaffedShop());
    oneTimePassword = oneTimePasswordIn(await shop.staff('staff', 'create', OWNER.email, '--language', 'en'));
    api = await memberApi(shop.url, KOREA, PASSWORD);
    const outOfStock = await api.get<{ productOptionList: ListItem[] }>(
      '/api/v1/product/list?stockStatus=outOfStock&limit=40',
    );
    for (const item of outOfStock.productOptionList) {
      const detail = await api.get<Detail>(`/api/v1/product/detail/${item.optionUuid}`);
      if (detail.optionList.length > 0 && detail.optionList.every(soldOut)) {
        soldOutItem = { detail, option: detail.optionList[0]!, optionUuid: item.optionUuid };
        break;
      }
    }
    assert.ok(soldOutItem, 'the demo catalogue has a sold-out product');
    const inStock = await api.get<{ productOptionList: ListItem[] }>(
      '/api/v1/product/list?stockStatus=inStock&limit=60',
    );
    for (const item of inStock.productOptionList) {
      const detail = await api.get<Detail>(`/api/v1/product/detail/${item.optionUuid}`);
      const open = detail.optionList.filter((o) => !soldOut(o) && !o.optionNameKey2 && o.productPrice);
      const sorted = [...open].sort((a, b) => a.productPrice!.totalPrice - b.productPrice!.totalPrice);
      const [cheap, dear] = [sorted[0], sorted.at(-1)];
      if (cheap && dear && dear.productPrice!.totalPrice > cheap.productPrice!.totalPrice) {
        pricedItem = { detail, cheap, dear, optionUuid: cheap.uuid };
        break;
      }
    }
    assert.ok(pricedItem, 'the demo catalogue has a product whose options differ in price');
    [member, owner, phone] = await Promise.all([
      openSession(browser, shop.url),
      openSession(browser, shop.url),
      openSession(browser, shop.url, { viewport: { width: 375, height: 812 } }),
    ]);
    for (const session of [member, phone]) {
      await logIn(session.page, KOREA, PASSWORD);
      await session.page.waitForURL((url) => url.pathname === '/');
    }
  });

  after(async () => {
    for (const opened of [member, owner, phone]) await opened?.close();
    await browser?.close();
    await shop?.stop();
  });

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
    '1. a sold-out product shows so, cannot be added, and a member is mailed once when it is back',
    () => member,
    async (page) => {
      const { option, optionUuid, detail } = soldOutItem;
      const label = labelOf(option);
      await page.goto(`/productdetail/${optionUuid}`);
      await page.getByRole('heading', { level: 1, name: detail.product.title, exact: true }).waitFor();
      await page.getByText('This product is sold out.', { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Add to Cart', exact: true }).isDisabled(), true);
      const total = await visibleText(page.locator('.purchase__total strong'));
      assert.equal(total, 'Sold out');
      assert.doesNotMatch(await visibleText(page.locator('.purchase')), /₩0(?!\d)/);

      await page.getByRole('button', { name: `Notify me when ${label} is back`, exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'We will e-mail you when this option is back in stock.' })
        .waitFor();
      await page.reload();
      await page.getByRole('button', { name: `Cancel notice for ${label}`, exact: true }).waitFor();
      await member.screenshot('buyer-frictions-1-sold-out-notify-me');

      // A guest sees the sold-out state but no notice to ask for.
      const guest = await openSession(browser, shop.url);
      try {
        await guest.page.goto(`/productdetail/${optionUuid}`);
        await guest.page.getByText('This product is sold out.', { exact: true }).waitFor();
        assert.equal(await guest.page.getByRole('button', { name: /Notify me/ }).count(), 0);
      } finally {
        await guest.close();
      }

      // Staff see one member waiting on the option, and put stock back.
      current = owner;
      const staffPage = owner.page;
      await signIn(staffPage, OWNER.email, oneTimePassword);
      await replaceOneTimePassword(staffPage, oneTimePassword, OWNER.password);
      await openProduct(staffPage, detail.product.title);
      const group = optionGroup(staffPage, 1);
      await group.getByText('1 member waiting for restock', { exact: true }).waitFor();
      await owner.screenshot('buyer-frictions-1-back-office-waiting');
      await group.getByLabel('Stock', { exact: true }).fill('60');
      const flag = group.getByRole('checkbox', { name: 'Sold out', exact: true });
      if (await flag.isChecked()) await flag.uncheck();
      await staffPage.getByRole('button', { name: 'Save product', exact: true }).click();
      await staffPage.getByText('Product saved.', { exact: true }).waitFor();

      const mail = await waitForMail(shop.dataDir, { to: KOREA, subject: /Back in stock/ });
      assert.match(mail.text, new RegExp(`/productdetail/${option.uuid}`));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      assert.equal((await mailsTo(shop.dataDir, KOREA, /Back in stock/)).length, 1);
      await staffPage.reload();
      await optionGroup(staffPage, 1).getByText('0 members waiting for restock', { exact: true }).waitFor();

      current = member;
      await page.reload();
      await page.getByRole('heading', { level: 1, name: detail.product.title, exact: true }).waitFor();
      assert.equal(await page.getByText('This product is sold out.', { exact: true }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Add to Cart', exact: true }).isDisabled(), false);
    },
  );

  step(
    "2. the Price line and each option card show the chosen option's unit price",
    () => member,
    async (page) => {
      const { cheap, dear, optionUuid, detail } = pricedItem;
      await page.goto(`/productdetail/${optionUuid}`);
      await page.getByRole('heading', { level: 1, name: detail.product.title, exact: true }).waitFor();
      const price = page.locator('.product-detail__price');
      assert.equal(await visibleText(price), money(cheap.productPrice!.totalPrice, 'KRW'));
      await page.getByLabel(cheap.optionNameKey1, { exact: true }).selectOption(dear.optionNameValue1);
      await eventually(async () =>
        assert.equal(await visibleText(price), money(dear.productPrice!.totalPrice, 'KRW')),
      );
      const cards = page.getByRole('list', { name: 'Selected options' }).getByRole('listitem');
      const dearCard = cards.filter({ hasText: labelOf(dear) });
      await dearCard
        .getByText(`${money(dear.productPrice!.totalPrice, 'KRW')} each`, { exact: true })
        .waitFor();
      const cheapCard = cards.filter({ hasText: labelOf(cheap) });
      await cheapCard
        .getByText(`${money(cheap.productPrice!.totalPrice, 'KRW')} each`, { exact: true })
        .waitFor();
      await member.screenshot('buyer-frictions-2-prices-per-option');
    },
  );

  step(
    '4. the header counts cart lines, and Add to Cart shows that it is busy',
    () => member,
    async (page) => {
      const before = await eventually(async () => {
        const count = await cartCount(page);
        assert.ok(count !== null && !Number.isNaN(count), 'the header shows a cart count');
        return count as number;
      });
      const release = await holdAnswers(page, 'POST', '/api/v1/cart');
      const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
      await add.click();
      await eventually(async () => assert.equal(await add.getAttribute('aria-busy'), 'true'));
      assert.equal(await add.locator('.busy-spinner').count(), 1);
      await member.screenshot('buyer-frictions-4-add-to-cart-busy');
      release();
      const dialog = page.getByRole('dialog', { name: 'Added to Cart!', exact: true });
      await dialog.waitFor();
      await page.unroute('**/api/v1/cart');
      await eventually(async () => assert.equal(await cartCount(page), before + 2));
      await dialog.getByRole('link', { name: 'View Cart', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Cart', exact: true }).waitFor();
      await member.screenshot('buyer-frictions-4-cart-count');
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await eventually(async () => assert.equal(await cartCount(page), before + 1));
    },
  );

  step(
    '3. checkout on a phone starts from the profile, marks and names missing fields, wraps the address, ORDER NOW shows it is busy',
    () => phone,
    async (page) => {
      const profile = await api.get<{ representativeName: string; email: string; phoneNumber: string }>(
        '/api/v1/user',
      );
      await page.goto('/order');
      await page.getByRole('button', { name: 'ORDER NOW', exact: true }).waitFor();
      const name = page.getByLabel('Receiver name', { exact: true });
      const email = page.getByLabel('Receiver email', { exact: true });
      const phoneField = page.getByLabel('Phone number', { exact: true });
      const address = page.getByLabel('Address', { exact: true });
      assert.equal(await name.inputValue(), profile.representativeName);
      assert.equal(await email.inputValue(), profile.email);
      assert.equal(await phoneField.inputValue(), profile.phoneNumber);
      for (const field of [name, email, phoneField, address])
        assert.equal(await field.getAttribute('required'), '');

      await phoneField.fill('');
      await address.fill('');
      await page.getByRole('button', { name: 'ORDER NOW', exact: true }).click();
      await answerDialog(
        page,
        'Please fill in the following fields: Phone number is required Address is required',
      );
      assert.equal(await phoneField.getAttribute('aria-invalid'), 'true');
      await page.locator('.field__error').filter({ hasText: 'Phone number is required' }).waitFor();
      await page.locator('.field__error').filter({ hasText: 'Address is required' }).waitFor();
      await phone.screenshot('buyer-frictions-3-checkout-missing-fields');

      await phoneField.fill('+82 10-5555-0101');
      await address.fill(
        '서울특별시 강남구 테헤란로 152, 강남파이낸스센터 물류센터 3층 하역장 B-12번 도크 (오전 10시~오후 5시 수령)',
      );
      assert.equal(await phoneField.getAttribute('aria-invalid'), null);
      const box = await address.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        height: el.clientHeight,
      }));
      assert.ok(box.scroll <= box.client, `the address runs out of its box: ${box.scroll} > ${box.client}`);
      await assertNoHorizontalScroll(page);
      await phone.screenshot('buyer-frictions-3-checkout-phone');

      const release = await holdAnswers(page, 'POST', '/api/v1/order');
      const orderNow = page.getByRole('button', { name: 'ORDER NOW', exact: true });
      await orderNow.click();
      await answerDialog(page, 'Do you want to place the order?');
      await eventually(async () => assert.equal(await orderNow.getAttribute('aria-busy'), 'true'));
      await phone.screenshot('buyer-frictions-3-order-now-busy');
      release();
      await page.getByRole('dialog', { name: 'Assigning a person in charge', exact: true }).waitFor();
      await eventually(async () => assert.equal(await cartCount(page), 0));
    },
  );
});
