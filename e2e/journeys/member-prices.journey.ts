import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually, visibleText } from '../support/assertions.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { type Shop, startShop } from '../support/server.js';
import { cards, dialogWith, homeSection, logIn, openFirstProduct } from '../support/storefront.js';

const PASSWORD = 'Demo1234!';
const accessToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('accessToken'));

describe('members see prices in their own currency', () => {
  let shop: Shop;
  let browser: Browser;
  let member: Session | undefined;

  before(async () => {
    [shop, browser] = await startWithBrowser(startShop());
  });

  afterEach(async () => {
    await member?.close();
    member = undefined;
  });

  after(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** Each member in a fresh browser context, so no session storage carries over. */
  const asMember = (name: string, body: (session: Session) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => member,
        async () => {
          member = await openSession(browser, shop.url);
          await body(member);
        },
      ),
    );

  /** Logs in, lands on home, and checks the PRE-ORDER cards and then a product detail show `symbol` prices. */
  const seesPricesIn = async ({ page }: Session, email: string, symbol: string, otherSymbol: string) => {
    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    assert.ok(await accessToken(page), 'the token is kept in sessionStorage.accessToken');

    const preOrder = homeSection(page, 'PRE-ORDER');
    await eventually(async () => assert.ok((await visibleText(cards(preOrder).first())).includes(symbol)));
    const home = await visibleText(page.locator('body'));
    assert.ok(!home.includes('Members Only'), 'a member sees no Members Only');
    assert.ok(!home.includes(otherSymbol), `a ${symbol} buyer sees no ${otherSymbol}`);

    await openFirstProduct(page, preOrder);
    await eventually(async () => {
      const detail = await visibleText(page.getByRole('main'));
      assert.ok(detail.includes(symbol), `the detail shows a ${symbol} price`);
      assert.ok(!detail.includes('Members Only'), 'the detail shows no Members Only');
    });
  };

  asMember('a Korean company sees prices in won (₩) on home and detail', (session) =>
    seesPricesIn(session, 'korea@demo.kshop.example', '₩', 'US$'),
  );

  asMember('a global company sees prices in US dollars (US$) on home and detail', (session) =>
    seesPricesIn(session, 'global@demo.kshop.example', 'US$', '₩'),
  );

  asMember(
    "a member pending approval is told so and logged out by the first member call (the product list or the header's cart count)",
    async (session) => {
      const { page } = session;
      await logIn(page, 'pending@demo.kshop.example', PASSWORD);
      await dialogWith(page, 'Your account is pending approval. Please contact support.').waitFor();
      assert.equal(await accessToken(page), null, 'the session is cleared');

      await session.settled();
      // The home page's product lists and the header's cart count ask at the same time; whichever answers
      // first logs the member out, with the same server message.
      const refused = session.apiResponses.find(
        (r) => ['/api/v1/product/list', '/api/v1/cart'].includes(new URL(r.url).pathname) && r.status === 403,
      );
      assert.ok(refused, 'a member call answered 403');
      assert.equal((refused.body as { message?: string }).message, 'Your account is pending approval.');
    },
  );
});
