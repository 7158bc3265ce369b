import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessToken, answerDialog } from '../support/account.js';
import { eventually, visibleText } from '../support/assertions.js';
import { type AxeViolation, axeViolations, describeViolations, isSevere } from '../support/axe.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { findBuyingTargets, memberApi, toMinor } from '../support/buying.js';
import { readFromMail, waitForMail } from '../support/outbox.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';
import { logIn, productGrid } from '../support/storefront.js';

const PASSWORD = 'Demo1234!';
const KOREA = 'korea@demo.kshop.example';
const GLOBAL = 'global@demo.kshop.example';
const PENDING = 'pending@demo.kshop.example';
const OFFICE_HOURS = '10:00-19:00 GMT+9';

const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

/** One member's calls to the API with its own token. */
async function apiAs(baseUrl: string, email: string) {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
  return async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  };
}

/**
 * Serious and critical axe-core violations inside the page's main region, the part these steps are about (the
 * header and footer are the accessibility journey's), and the whole page's for the record.
 */
async function severeInMain(page: Page): Promise<{ main: AxeViolation[]; page: AxeViolation[] }> {
  const whole = (await axeViolations(page)).filter(isSevere);
  const main: AxeViolation[] = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global axeViolations injected.
    const axe = (window as any).axe;
    const result = await axe.run({ include: [['#main']] }, { resultTypes: ['violations'] });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result shape, narrowed to what is reported.
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: axe's node shape.
      nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
  return { main: main.filter(isSevere), page: whole };
}

interface ListData {
  productOptionList: { tags: string[]; productUuid: string }[];
  totalCount: number;
}

describe('the storefront follows the spec where it used to differ, and the buyer frictions are gone', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let current: Session | undefined;
  const sessions: Session[] = [];

  before(async () => {
    [shop, browser] = await startWithBrowser(startStaffedShop());
  });

  after(async () => {
    for (const session of sessions) await session.close().catch(() => {});
    await browser?.close();
    await shop?.stop();
  });

  /**
   * Each step in a fresh browser context (empty session storage), with a screenshot of how it ended and no
   * serious or critical axe-core violation in the main region of the screen it ended on.
   */
  const step = (name: string, shot: string, body: (session: Session) => Promise<void>) =>
    it(name, async (t) =>
      withScreenshot(
        () => current,
        async () => {
          current = await openSession(browser, shop.url);
          sessions.push(current);
          await body(current);
          await current.screenshot(`spec-gaps-${shot}`);
          const severe = await severeInMain(current.page);
          if (severe.page.length > 0) t.diagnostic(`whole page: ${describeViolations(severe.page)}`);
          assert.deepEqual(severe.main, [], describeViolations(severe.main));
        },
      )(t),
    );

  step(
    '1. tag=pre is meant only with category 0: /productlist/9?tag=pre shows all of K-MERCH',
    'tag-pre-only-category-0',
    async (session) => {
      const { page } = session;
      const list = (query: string) =>
        fetch(`${shop.url}/api/v1/product/list?${query}&limit=100`).then(
          async (r) => ((await r.json()) as Envelope<ListData>).data,
        );
      const merch = await list('categoryId=9');
      assert.ok(
        merch.productOptionList.some((p) => !p.tags.includes('pre')),
        'K-MERCH holds products that are not pre-orders',
      );
      const merchPre = await list('categoryId=9&tag=pre');
      assert.equal(merchPre.totalCount, merch.totalCount, 'the API ignores tag=pre beside category 9');
      const preOrders = await list('categoryId=0&tag=pre');
      assert.ok(
        preOrders.productOptionList.every((p) => p.tags.includes('pre')),
        'category 0 still filters by tag=pre',
      );

      await page.goto('/productlist/9?tag=pre');
      await productGrid(page).getByRole('listitem').first().waitFor();
      const count = page.getByText(`${merch.totalCount} items`, { exact: true });
      await count.waitFor();
      await session.settled();
      const asked = session.apiResponses
        .map((r) => new URL(r.url))
        .filter(
          (url) => url.pathname === '/api/v1/product/list' && url.searchParams.get('categoryId') === '9',
        );
      assert.ok(asked.length > 0, 'the page asked for category 9');
      assert.ok(
        asked.every((url) => !url.searchParams.has('tag')),
        `the page sends no tag with category 9: ${asked.map((u) => u.search).join(', ')}`,
      );
    },
  );

  step(
    '2. sign-up: the agreements carry no client check and an empty new password shows no error after CREATE',
    'signup-no-client-checks',
    async ({ page }) => {
      await page.goto('/signup');
      await page.getByRole('heading', { level: 1, name: 'CREATE ACCOUNT', exact: true }).waitFor();
      await page
        .getByRole('checkbox', { name: 'I agree to the privacy policy (required)', exact: true })
        .waitFor();
      await page
        .getByRole('checkbox', { name: 'I agree to the terms of service (required)', exact: true })
        .waitFor();
      await page.getByRole('button', { name: 'CREATE', exact: true }).click();
      // The submit attempt happened: the form's own checks speak.
      await page.getByText('please enter your company name.', { exact: true }).waitFor();
      const text = await visibleText(page.getByRole('main'));
      for (const absent of [
        'you must agree to the privacy policy.',
        'you must agree to the terms of service.',
        'password must be 8-40 characters long.',
        'password must include letters, numbers, and special characters.',
      ]) {
        assert.ok(!text.includes(absent), `'${absent}' is not shown`);
      }
      const password = page.getByLabel('Password', { exact: true });
      assert.equal(await password.inputValue(), '');

      await password.fill('short');
      await page.getByText('password must be 8-40 characters long.', { exact: true }).waitFor();
      await password.fill('');
      await eventually(async () =>
        assert.ok(
          !(await visibleText(page.getByRole('main'))).includes('password must be 8-40 characters long.'),
        ),
      );
    },
  );

  step(
    "3. 'Please log in to access My Account.' leads a guest to /mypage, which then asks to log in",
    'my-account-guest-to-mypage',
    async ({ page }) => {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto('/mypage/account');
      await page
        .getByRole('alertdialog', { name: 'Please log in to access My Account.', exact: true })
        .waitFor();
      await atPath(page, '/login');
      await answerDialog(page, 'Please log in to access My Account.');
      await page.getByRole('heading', { level: 1, name: 'LOGIN', exact: true }).waitFor();
      const fromAccount = visited.slice(visited.lastIndexOf('/mypage/account'));
      assert.deepEqual(
        fromAccount,
        ['/mypage/account', '/mypage', '/login'],
        `visited ${visited.join(' -> ')}`,
      );
    },
  );

  step(
    '4. checkout names a malformed receiver email before the confirm',
    'checkout-malformed-email',
    async (session) => {
      const { page } = session;
      const api = await apiAs(shop.url, GLOBAL);
      const { oneKey } = await findBuyingTargets(await memberApi(shop.url, GLOBAL, PASSWORD), 'USD');
      const [pick] = oneKey.picks;
      const added = await api('POST', '/api/v1/cart', {
        productOptionAndQuantityList: [{ productOptionUuid: pick.uuid, quantity: pick.minimum }],
      });
      assert.ok([200, 409].includes(added.statusCode), added.message);

      await logIn(page, GLOBAL, PASSWORD);
      await atPath(page, '/');
      await page.goto('/order');
      const form = page.getByRole('form', { name: 'Delivery', exact: true });
      await form.waitFor();
      await form.getByLabel('Receiver name', { exact: true }).fill('Alex Park');
      const email = form.getByLabel('Receiver email', { exact: true });
      await email.fill('alex@seoulbeats');
      await form.getByLabel('Phone number', { exact: true }).fill('+1 555 0100');
      await form.getByLabel('Address', { exact: true }).fill('Warehouse 7, Long Beach');
      await page.getByRole('button', { name: 'ORDER NOW', exact: true }).click();
      await answerDialog(page, 'Receiver email: please enter a valid email address.');
      assert.equal(
        await page.getByRole('alertdialog', { name: 'Do you want to place the order?', exact: true }).count(),
        0,
        'no confirm for a malformed email',
      );
      await eventually(async () =>
        assert.equal(await email.evaluate((el) => el === document.activeElement), true),
      );
      assert.equal(await email.getAttribute('aria-invalid'), 'true');
      await form.getByText('please enter a valid email address.', { exact: true }).waitFor();
      await session.settled();
      assert.ok(
        !session.apiResponses.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/order'),
        'nothing was sent',
      );
    },
  );

  step(
    '5. cart load names the items deleted for falling below their minimum',
    'cart-load-names-removed',
    async ({ page }) => {
      const korea = await apiAs(shop.url, KOREA);
      const global = await apiAs(shop.url, GLOBAL);
      const { oneKey } = await findBuyingTargets(await memberApi(shop.url, KOREA, PASSWORD), 'KRW');
      const [, pick] = oneKey.picks;
      const added = await korea('POST', '/api/v1/cart', {
        productOptionAndQuantityList: [{ productOptionUuid: pick.uuid, quantity: pick.minimum }],
      });
      assert.equal(added.statusCode, 200, added.message);

      // Another company's order holds all but (minimum - 1) of the option, so the cart line cannot be ordered.
      const detail = await global<{
        optionList: { uuid: string; stock: number; productPrice: { totalPrice: number } }[];
      }>('GET', `/api/v1/product/detail/${pick.uuid}`);
      const option = detail.data.optionList.find((o) => o.uuid === pick.uuid);
      assert.ok(option, 'the option is on its detail');
      const quantity = option.stock - (pick.minimum - 1);
      const order = await global('POST', '/api/v1/order', {
        currencyCode: 'USD',
        finalPaymentAmount: (toMinor(option.productPrice.totalPrice, 'USD') * quantity) / 100,
        receiverInfo: {
          companyName: 'Seoul Beats Trading',
          companyEmail: GLOBAL,
          receiverName: 'Alex Park',
          postalCode: '',
          addressDetail: 'Warehouse 7, Long Beach',
          phoneNumber: '+1 555 0100',
        },
        productOptionList: [{ productOptionUuid: pick.uuid, quantity }],
      });
      assert.equal(order.statusCode, 200, order.message);

      await logIn(page, KOREA, PASSWORD);
      await atPath(page, '/');
      await page.goto('/cart');
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Some item quantities were adjusted due to stock limits.' });
      await notice.waitFor();
      const removed = notice.getByRole('list', { name: 'Removed items', exact: true }).getByRole('listitem');
      assert.deepEqual(await removed.allInnerTexts(), [`${oneKey.title} (${pick.label})`]);
      assert.equal(
        await page.getByRole('heading', { name: oneKey.title, exact: true }).count(),
        0,
        'the line left the cart',
      );
    },
  );

  step(
    '6. at 0:00 the sign-up code is shown expired: the timer stops, Verify is disabled, Send again works',
    'signup-code-expired',
    async (session) => {
      const { page } = session;
      const email = 'expiry@spec-gaps.example';
      await page.clock.install();
      await page.goto('/signup');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const timer = page.getByRole('timer', { name: 'Time left', exact: true });
      await timer.waitFor();
      const verify = page.getByRole('button', { name: 'Verify', exact: true });
      await page.getByLabel('Verification code', { exact: true }).fill('123456');
      assert.ok(await verify.isEnabled());

      await page.clock.fastForward('03:01');
      await page
        .getByRole('alert')
        .filter({ hasText: 'The code has expired. Please send a new code.' })
        .waitFor();
      assert.equal((await visibleText(timer)).trim(), '0:00');
      assert.ok(await verify.isDisabled(), 'Verify is disabled at 0:00');
      assert.ok(!(await visibleText(page.getByRole('main'))).includes('Wrong code'));
      await page.clock.fastForward('00:10');
      assert.equal((await visibleText(timer)).trim(), '0:00', 'the timer stays stopped');
      await session.screenshot('spec-gaps-signup-code-expired-at-0-00');

      await page.getByRole('button', { name: 'Send again', exact: true }).click();
      await eventually(async () => assert.equal((await visibleText(timer)).trim(), '3:00'));
      const mail = await waitForMail(shop.dataDir, {
        to: email,
        subject: /verification code/i,
        countBefore: 1,
      });
      const code = readFromMail(mail, /Your verification code is (\d{6})\./);
      await page.getByLabel('Verification code', { exact: true }).fill(code);
      await verify.click();
      await page.getByText('Email verified.', { exact: true }).waitFor();
    },
  );

  step(
    '7. a pending account, logged out with the alert, is shown a page explaining the review',
    'pending-account-review',
    async ({ page }) => {
      await logIn(page, PENDING, PASSWORD);
      await answerDialog(page, 'Your account is pending approval. Please contact support.');
      await atPath(page, '/account-review');
      await page.getByRole('heading', { level: 1, name: 'ACCOUNT UNDER REVIEW', exact: true }).waitFor();
      assert.equal(await accessToken(page), null, 'the session is cleared');
      const main = await visibleText(page.getByRole('main'));
      assert.ok(main.includes(OFFICE_HOURS), 'the office hours are shown');
      const contact = page.getByRole('main').getByRole('link', { name: 'CONTACT US', exact: true });
      assert.equal(await contact.getAttribute('href'), '/contact');
      await contact.click();
      await atPath(page, '/contact');
      await page.goBack();
      await atPath(page, '/account-review');
    },
  );

  step(
    "8. the My Page menu's My Account link asks for the password again after 5 minutes",
    'my-account-link-reauth',
    async ({ page }) => {
      const menuLink = (name: string) =>
        page
          .getByRole('navigation', { name: 'My Page menu', exact: true })
          .getByRole('link', { name, exact: true });
      const prompt = page.getByText(
        'If you want to change your account information, you need to authenticate yourself.',
        { exact: true },
      );
      await page.clock.install();
      await logIn(page, KOREA, PASSWORD);
      await atPath(page, '/');
      await page.goto('/mypage/shoppinginfo');
      await menuLink('My Account').click();
      await atPath(page, '/mypage');
      await prompt.waitFor();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'CONFIRM', exact: true }).click();
      await atPath(page, '/mypage/account');

      await page.clock.fastForward('04:00');
      await menuLink('Shopping Info').click();
      await atPath(page, '/mypage/shoppinginfo');
      await menuLink('My Account').click();
      await atPath(page, '/mypage/account');
      await page.getByRole('heading', { level: 1, name: 'My Account', exact: true }).waitFor();

      await page.clock.fastForward('01:30');
      await menuLink('Shopping Info').click();
      await atPath(page, '/mypage/shoppinginfo');
      await menuLink('My Account').click();
      await atPath(page, '/mypage');
      await prompt.waitFor();
    },
  );
});
