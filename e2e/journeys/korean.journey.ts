import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { contractTextsKo } from '../../packages/contract/dist/index.js';
import { writeCertificatePdf } from '../support/account.js';
import { assertNoHorizontalScroll, eventually, visibleText } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { oneTimePasswordIn } from '../support/back-office.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { findBuyingTargets, memberApi, type ProductPick } from '../support/buying.js';
import { assertAllKorean, ko, koAdmin } from '../support/korean.js';
import { readFromMail, waitForMail } from '../support/outbox.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';

/** A Korean company that finds the shop, signs up, buys and looks after its account, all in Korean. */
const COMPANY = {
  email: 'orders@dawn-records.example',
  password: 'Dawn2026!kr',
  businessRegistrationNumber: '2148812345',
  companyName: '새벽레코드',
  representativeName: '이서연',
  phoneNumber: '+82 10-2345-6789',
  postalCode: '06236',
  companyAddress: '서울특별시 강남구 테헤란로 152',
  shippingAddress: '서울특별시 강남구 테헤란로 152, 12층',
  receiverName: '박지훈',
  receiverEmail: 'receiving@dawn-records.example',
  certificate: 'business-certificate.pdf',
};
const { messages } = contractTextsKo;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;
const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** The shop's alert or confirm showing `text` in Korean, answered with 확인 (or 취소). */
async function answerInKorean(page: Page, text: string, button: 'OK' | 'Cancel' = 'OK') {
  const dialog = page.getByRole('alertdialog', { name: text, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button === 'OK' ? '확인' : '취소', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** axe's serious and critical findings per screen and width; every Korean screen must have none. */
const figures: string[] = [];

describe('the shop in Korean: a Korean company browses, signs up, buys and keeps its account', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let filesDir: string;
  let session: Session;
  let target: ProductPick;
  let orderPath = '';
  let orderNumber = '';
  /** The back office's browser: a member of staff whose new account speaks Korean. */
  let staffDesk: Session | undefined;
  const found: string[] = [];

  before(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'kshop-e2e-korean-'));
    [shop, browser] = await startWithBrowser(startStaffedShop());
    // A browser that prefers Korean, on its first visit: nothing chosen yet.
    session = await openSession(browser, shop.url, { viewport: VIEWPORTS.desktop, locale: 'ko-KR' });
    staffDesk = await openSession(browser, shop.url, { viewport: VIEWPORTS.desktop, locale: 'ko-KR' });
  });

  after(async () => {
    await staffDesk?.close();
    await session?.close();
    await browser?.close();
    await shop?.stop();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
    if (figures.length > 0)
      process.stdout.write(`Korean screens, serious/critical axe nodes:\n${figures.join('\n')}\n`);
  });

  const step = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => session,
        () => body(session.page),
      ),
    );

  /**
   * The screen as it stands: every visible text in Korean (but the catalogue's content and what the company
   * typed), axe without a serious or critical finding, no sideways scroll, and a screenshot kept in
   * e2e/test-results/ for a person to look at.
   */
  async function checkScreen(page: Page, name: string, entered: string[] = [], on: Session = session) {
    // A page that keeps a request open (a certificate shown in a frame) is read after a few seconds anyway.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    const width = page.viewportSize()?.width ?? 0;
    await assertAllKorean(page, on, `${name} at ${width} px`, entered);
    await assertNoHorizontalScroll(page);
    const { violations, nodes } = await severeViolations(page);
    figures.push(`${String(width).padStart(4)} px  ${name.padEnd(24)} ${nodes}`);
    if (nodes > 0) found.push(`${name} at ${width} px:\n${describeViolations(violations)}`);
    await on.screenshot(`korean ${name} ${width}`);
  }

  step('a first visit from a Korean browser opens the shop in Korean', async (page) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    const switcher = page.getByRole('banner').getByRole('group', { name: '언어' });
    assert.equal(await switcher.getByRole('button', { name: '한국어' }).getAttribute('aria-pressed'), 'true');
    await checkScreen(page, 'home');
  });

  step("a guest browses a category, searches in Korean ('앨범') and opens a product", async (page) => {
    await page.goto('/productlist/9?categoryName=K-MERCH');
    const grid = page.getByRole('list', { name: ko('Products'), exact: true });
    await grid.getByRole('listitem').first().waitFor();
    await checkScreen(page, 'product list');

    await page.goto(`/search?keyword=${encodeURIComponent('앨범')}`);
    await grid.getByRole('listitem').first().waitFor();
    await checkScreen(page, 'search results');

    await grid.getByRole('listitem').first().getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/productdetail/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(messages.membersOnly).first().waitFor();
    await checkScreen(page, 'product detail (guest)');
  });

  step('the company signs up in Korean, with the code a Korean mail brings', async (page) => {
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: ko('CREATE ACCOUNT'), exact: true }).waitFor();
    await page.getByLabel(ko('Email'), { exact: true }).fill(COMPANY.email);
    await page.getByRole('button', { name: ko('Send'), exact: true }).click();
    const mail = await waitForMail(shop.dataDir, { to: COMPANY.email, subject: /이메일 인증번호/ });
    const code = readFromMail(mail, /인증번호는 (\d{6})입니다/);
    await page.getByLabel(ko('Verification code'), { exact: true }).fill(code);
    await page.getByRole('button', { name: ko('Verify'), exact: true }).click();
    await page.getByText(ko('Email verified.'), { exact: true }).waitFor();

    await page.getByLabel(ko('Password'), { exact: true }).fill(COMPANY.password);
    await page.getByLabel(ko('Password check'), { exact: true }).fill(COMPANY.password);
    await page
      .getByRole('group', { name: ko('Company Location'), exact: true })
      .getByRole('button', { name: ko('Korea Company'), exact: true })
      .click();
    await page
      .getByLabel(ko('Business registration number'), { exact: true })
      .fill(COMPANY.businessRegistrationNumber);
    await page.getByLabel(ko('Company name'), { exact: true }).fill(COMPANY.companyName);
    await page.getByLabel(ko('Representative name'), { exact: true }).fill(COMPANY.representativeName);
    await page.getByLabel(ko('Phone number'), { exact: true }).fill(COMPANY.phoneNumber);
    await page.getByLabel(ko('Postal code'), { exact: true }).fill(COMPANY.postalCode);
    await page.getByLabel(ko('Business address'), { exact: true }).fill(COMPANY.companyAddress);
    await page
      .getByLabel(ko('Business certificate'), { exact: true })
      .setInputFiles(await writeCertificatePdf(filesDir, COMPANY.certificate));
    await page.getByText(COMPANY.certificate).first().waitFor();
    await page
      .getByRole('checkbox', { name: ko('I agree to the privacy policy (required)'), exact: true })
      .check();
    await page
      .getByRole('checkbox', { name: ko('I agree to the terms of service (required)'), exact: true })
      .check();
    await checkScreen(page, 'sign-up', [COMPANY.email, COMPANY.certificate]);
    await page.getByRole('button', { name: ko('CREATE'), exact: true }).click();
    await answerInKorean(page, messages.signup.success);
    await atPath(page, '/login');
    // The sign-up form is gone (a route change draws the next screen in a transition) and the login form is up.
    await page
      .getByRole('heading', { level: 1, name: ko('CREATE ACCOUNT'), exact: true })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: ko('LOGIN'), exact: true }).waitFor();
    await checkScreen(page, 'login');
  });

  step('approved, the company is told in Korean and logs in to prices in won', async (page) => {
    await shop.staff('approve', COMPANY.email);
    const approval = await waitForMail(shop.dataDir, { to: COMPANY.email, subject: /도매 회원 승인/ });
    assert.match(approval.text, /회원 승인이 완료되었습니다/);

    await page.getByLabel(ko('Email'), { exact: true }).fill(COMPANY.email);
    await page.getByLabel(ko('Password'), { exact: true }).fill(COMPANY.password);
    await page.getByRole('button', { name: ko('LOGIN'), exact: true }).click();
    await atPath(page, '/');
    const first = page.getByRole('main').getByRole('listitem').first();
    await eventually(async () => assert.match(await visibleText(first), /₩/));

    target = (await findBuyingTargets(await memberApi(shop.url, COMPANY.email, COMPANY.password), 'KRW'))
      .oneKey;
  });

  step('the company adds a product to its cart and checks out in Korean', async (page) => {
    await page.goto(`/productdetail/${target.picks[0].uuid}`);
    await page.getByRole('heading', { level: 1, name: target.title, exact: true }).waitFor();
    await checkScreen(page, 'product detail (member)');
    await page.getByRole('button', { name: ko('Add to Cart'), exact: true }).click();
    await page.getByRole('dialog', { name: messages.cart.added, exact: true }).waitFor();
    await checkScreen(page, 'added to cart');

    await page.goto('/cart');
    await page
      .getByRole('list', { name: ko('Cart items'), exact: true })
      .getByRole('listitem')
      .first()
      .waitFor();
    await checkScreen(page, 'cart');
    await page.getByRole('link', { name: ko('CHECKOUT'), exact: true }).click();
    await atPath(page, '/order');
    const form = page.getByRole('form', { name: ko('Delivery'), exact: true });
    await form.getByLabel(ko('Receiver name'), { exact: true }).fill(COMPANY.receiverName);
    await form.getByLabel(ko('Receiver email'), { exact: true }).fill(COMPANY.receiverEmail);

    await form.getByRole('button', { name: ko('Select / Add Address'), exact: true }).click();
    const picker = page.getByRole('dialog', { name: ko('Select Address'), exact: true });
    await picker.getByRole('button', { name: ko('Add Address'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ko('Add Address'), exact: true });
    await dialog.getByLabel(ko('Postal code'), { exact: true }).fill(COMPANY.postalCode);
    await dialog.getByLabel(ko('Shipping address'), { exact: true }).fill(COMPANY.shippingAddress);
    await checkScreen(page, 'add address dialog', [COMPANY.shippingAddress]);
    await dialog.getByRole('button', { name: ko('SAVE'), exact: true }).click();
    await answerInKorean(page, messages.address.added);
    await picker
      .getByRole('listitem')
      .filter({ hasText: COMPANY.shippingAddress })
      .getByRole('button', { name: ko('Select'), exact: true })
      .click();
    await picker.waitFor({ state: 'detached' });
    await checkScreen(page, 'checkout', [
      COMPANY.receiverName,
      COMPANY.receiverEmail,
      COMPANY.shippingAddress,
    ]);

    await page.getByRole('button', { name: ko('ORDER NOW'), exact: true }).click();
    await answerInKorean(page, messages.order.confirmPlace);
    const assigned = page.getByRole('dialog', { name: messages.order.assigning, exact: true });
    await assigned.waitFor();
    orderNumber = (await visibleText(assigned)).match(/\d{8}-\d+/)?.[0] ?? '';
    assert.ok(orderNumber, 'the dialog names the order number');
    await checkScreen(page, 'order placed');
    await assigned.getByRole('link', { name: ko('Confirm'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/mypage/'));
    orderPath = new URL(page.url()).pathname;
    await page.getByText(orderNumber).first().waitFor();
    await checkScreen(page, 'order detail');

    const receipt = await waitForMail(shop.dataDir, { to: COMPANY.email, subject: new RegExp(orderNumber) });
    assert.equal(receipt.subject, `[K-Shop] 주문 ${orderNumber} 접수`);
  });

  step('the company looks after its account in Korean: My Page, its profile, its orders', async (page) => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: ko('My Page'), exact: true })
      .click();
    await atPath(page, '/mypage');
    await page.getByText(messages.account.reauthenticate, { exact: true }).waitFor();
    await checkScreen(page, 'my page (password)');
    await page.getByLabel(ko('Password'), { exact: true }).fill(COMPANY.password);
    await page.getByRole('button', { name: ko('CONFIRM'), exact: true }).click();
    await atPath(page, '/mypage/account');
    await page.getByRole('heading', { level: 1, name: ko('My Account'), exact: true }).waitFor();
    await page.getByText(COMPANY.companyName, { exact: true }).first().waitFor();
    await checkScreen(page, 'my account');

    await page
      .getByRole('navigation', { name: ko('My Page menu') })
      .getByRole('link', { name: ko('Shopping Info'), exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: ko('Shopping Info'), exact: true }).waitFor();
    await page
      .getByRole('link')
      .filter({ hasText: /\d{8}-\d+/ })
      .first()
      .waitFor();
    await checkScreen(page, 'shopping info');

    await page
      .getByRole('navigation', { name: ko('My Page menu') })
      .getByRole('link', { name: ko('Saved lists'), exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: ko('Saved lists'), exact: true }).waitFor();
    // The company has saved no list yet.
    await page
      .getByText(
        ko(
          'You have no saved lists yet. Save your cart or a quick order as a list, or save products from their pages.',
        ),
      )
      .waitFor();
    await checkScreen(page, 'saved lists');

    await page.goto('/quickorder');
    await page.getByRole('heading', { level: 1, name: ko('Quick order'), exact: true }).waitFor();
    await checkScreen(page, 'quick order');
  });

  step('on a phone (375 px) the same screens read in Korean, nothing cut or sideways', async (page) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const screens: [string, string, (page: Page) => Promise<unknown>][] = [
      ['home', '/', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
      [
        'product list',
        '/productlist/9?categoryName=K-MERCH',
        (p) =>
          p
            .getByRole('list', { name: ko('Products'), exact: true })
            .getByRole('listitem')
            .first()
            .waitFor(),
      ],
      [
        'product detail (member)',
        `/productdetail/${target.picks[0].uuid}`,
        (p) => p.getByRole('heading', { level: 1, name: target.title, exact: true }).waitFor(),
      ],
      ['cart', '/cart', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
      ['quick order', '/quickorder', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
      [
        'saved lists',
        '/mypage/lists',
        (p) => p.getByRole('heading', { level: 1, name: ko('Saved lists'), exact: true }).waitFor(),
      ],
      ['order detail', orderPath, (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
    ];
    for (const [name, address, ready] of screens) {
      await page.goto(address);
      await ready(page);
      await checkScreen(page, name);
    }
    await page.getByRole('button', { name: ko('Menu'), exact: true }).click();
    await page
      .getByRole('navigation', { name: ko('Main') })
      .getByRole('link')
      .first()
      .waitFor();
    await checkScreen(page, 'menu drawer');
  });

  /** A step in the back office's browser. */
  const deskStep = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => staffDesk,
        () => body(staffDesk!.page),
      ),
    );
  const STAFF = { email: 'jiwoo@kshop.example', password: 'Sinchon2026!kr' };
  const nav = (page: Page) => page.getByRole('navigation', { name: koAdmin('Back office'), exact: true });
  const openFromNav = async (page: Page, link: string) => {
    await nav(page).getByRole('link', { name: link, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: link, exact: true }).waitFor();
  };

  deskStep('a new member of staff signs in to a back office that speaks Korean', async (page) => {
    const printed = await shop.staff('staff', 'create', STAFF.email);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/signin');
    await page.getByRole('heading', { level: 1, name: koAdmin('Sign in'), exact: true }).waitFor();
    await checkScreen(page, 'back office: sign in', [], staffDesk);
    await page.getByLabel(koAdmin('Email'), { exact: true }).fill(STAFF.email);
    await page.getByLabel(koAdmin('Password'), { exact: true }).fill(oneTimePasswordIn(printed));
    await page.getByRole('button', { name: koAdmin('Sign in'), exact: true }).click();
    await page.getByRole('heading', { level: 1, name: koAdmin('Change password'), exact: true }).waitFor();
    await page.getByLabel(koAdmin('One-time password'), { exact: true }).fill(oneTimePasswordIn(printed));
    await page.getByLabel(koAdmin('New password'), { exact: true }).fill(STAFF.password);
    await page.getByLabel(koAdmin('Confirm new password'), { exact: true }).fill(STAFF.password);
    await page.getByRole('button', { name: koAdmin('Change password'), exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: koAdmin('Your password has been changed.') })
      .waitFor();
    await page.getByRole('heading', { level: 1, name: koAdmin('Dashboard'), exact: true }).waitFor();
    await checkScreen(page, 'back office: dashboard', [STAFF.email], staffDesk);
  });

  deskStep('staff find the company among the buyers and read its page in Korean', async (page) => {
    await openFromNav(page, koAdmin('Buyers'));
    const company = page.getByRole('link', { name: COMPANY.companyName, exact: true });
    await company.waitFor();
    await checkScreen(page, 'back office: buyers', [STAFF.email], staffDesk);
    await company.click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: COMPANY.companyName }).waitFor();
    await checkScreen(page, 'back office: buyer', [STAFF.email, COMPANY.certificate], staffDesk);
  });

  deskStep('staff take the order, confirm it, and the company is told in Korean', async (page) => {
    await openFromNav(page, koAdmin('Orders'));
    const link = page.getByRole('link', { name: orderNumber, exact: true });
    await link.waitFor();
    await checkScreen(page, 'back office: orders', [STAFF.email], staffDesk);
    await link.click();
    const inCharge = page.getByRole('region', { name: koAdmin('Person in charge'), exact: true });
    await inCharge
      .getByRole('combobox', { name: koAdmin('Person in charge'), exact: true })
      .selectOption({ label: STAFF.email });
    await inCharge.getByRole('button', { name: koAdmin('Assign'), exact: true }).click();
    await inCharge
      .getByRole('status')
      .filter({ hasText: koAdmin('Person in charge updated.') })
      .waitFor();

    const confirmed = contractTextsKo.orderStatusLabels.CONFIRMED;
    const action = koAdmin('Mark as {statusName}', { statusName: confirmed });
    const status = page.getByRole('region', { name: koAdmin('Status'), exact: true });
    await status.getByRole('button', { name: action, exact: true }).click();
    const question = page.getByRole('alertdialog');
    await question.getByRole('button', { name: action, exact: true }).click();
    await question.waitFor({ state: 'detached' });
    await status
      .getByRole('status')
      .filter({ hasText: koAdmin('The order is now {statusName}.', { statusName: confirmed }) })
      .waitFor();
    await checkScreen(
      page,
      'back office: order',
      [STAFF.email, COMPANY.receiverName, COMPANY.shippingAddress],
      staffDesk,
    );
    const mail = await waitForMail(shop.dataDir, { to: COMPANY.email, subject: /주문 확정/ });
    assert.equal(mail.subject, `[K-Shop] 주문 ${orderNumber}: ${confirmed}`);
  });

  deskStep('the catalogue reads in Korean too: the product list and a product form', async (page) => {
    await openFromNav(page, koAdmin('Products'));
    const first = page.getByRole('table').first().getByRole('link').first();
    await first.waitFor();
    await checkScreen(page, 'back office: products', [STAFF.email], staffDesk);
    await first.click();
    await page.getByRole('button', { name: koAdmin('Save product'), exact: true }).waitFor();
    await checkScreen(page, 'back office: product form', [STAFF.email], staffDesk);
  });

  step('no Korean screen has a serious or critical accessibility finding', async () => {
    assert.deepEqual(found, [], found.join('\n\n'));
  });
});
