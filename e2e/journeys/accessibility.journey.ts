import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { myPageIcon } from '../support/account.js';
import { eventually, visibleText } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { findBuyingTargets, memberApi, type ProductPick } from '../support/buying.js';
import { type Shop, startShop } from '../support/server.js';
import { homeSection, logIn, mainNav, productGrid } from '../support/storefront.js';

const PASSWORD = 'Demo1234!';
const MEMBER = 'korea@demo.kshop.example';
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

/** Whether `target` has the keyboard focus right now. */
const focused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab until `target` has the focus and returns how many presses it took; fails after `max`. Only the
 * keyboard moves the focus here.
 */
async function tabTo(page: Page, target: Locator, max = 80): Promise<number> {
  await target.waitFor();
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await focused(target)) return presses;
  }
  const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`${max} Tabs did not reach the target on ${page.url()}; the focus is on ${where}`);
}

/** Loads `path` and leaves the focus at the top of the document, as after following a link from outside. */
async function openAtTop(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

/** The severe-violation figures of every screen scanned, printed when the journey ends. */
const figures: string[] = [];

describe('accessibility: every storefront screen passes axe, and a member buys with the keyboard alone', () => {
  let shop: Shop;
  let browser: Browser;
  let target: ProductPick;
  /** A word of the target's title that the search finds it by. */
  let keyword = '';
  let orderPath = '';

  before(async () => {
    [shop, browser] = await startWithBrowser(startShop());
    const api = await memberApi(shop.url, MEMBER, PASSWORD);
    target = (await findBuyingTargets(api, 'KRW')).oneKey;
    keyword = target.title;
  });

  after(async () => {
    await browser?.close();
    await shop?.stop();
    if (figures.length > 0)
      process.stdout.write(`serious/critical axe nodes per screen:\n${figures.join('\n')}\n`);
  });

  describe('keyboard only', () => {
    let session: Session | undefined;
    before(async () => {
      session = await openSession(browser, shop.url, { viewport: VIEWPORTS.desktop });
    });
    after(async () => session?.close());

    const step = (name: string, body: (page: Page) => Promise<void>) =>
      it(
        name,
        withScreenshot(
          () => session,
          () => body(session!.page),
        ),
      );

    step('the main menu opens with Enter, moves with the arrows and closes with Escape', async (page) => {
      await openAtTop(page, '/');
      const nav = mainNav(page);
      const buttons = nav.getByRole('button', { expanded: false });
      await eventually(async () => assert.equal(await buttons.count(), 7, 'seven closed top-level buttons'));
      const first = nav.getByRole('button', { name: 'NEW', exact: true });
      await tabTo(page, first);
      assert.equal(await first.getAttribute('aria-expanded'), 'false', 'focus alone does not open the menu');
      await page.keyboard.press('Enter');
      assert.equal(await first.getAttribute('aria-expanded'), 'true', 'Enter opens the menu');
      assert.equal(
        await nav.locator('[aria-expanded="true"]').count(),
        1,
        'only the open button reports expanded',
      );
      await page.keyboard.press('ArrowDown');
      const firstLink = nav.getByRole('link', { name: 'NEW', exact: true });
      assert.ok(await focused(firstLink), 'ArrowDown moves into the open column');
      await session!.screenshot('main menu opened by keyboard');
      await page.keyboard.press('Escape');
      assert.ok(await focused(first), 'Escape returns the focus to its button');
      assert.equal(await first.getAttribute('aria-expanded'), 'false', 'Escape closes the menu');
      await page.keyboard.press('ArrowRight');
      const artist = nav.getByRole('button', { name: 'K-ARTIST', exact: true });
      assert.ok(await focused(artist), 'ArrowRight moves to the next top-level button');
      await page.keyboard.press(' ');
      assert.equal(await artist.getAttribute('aria-expanded'), 'true', 'Space opens the menu');
      await page.keyboard.press('Escape');
    });

    step('logs in', async (page) => {
      await openAtTop(page, '/login');
      await tabTo(page, page.getByLabel('Email', { exact: true }));
      await page.keyboard.type(MEMBER);
      await tabTo(page, page.getByLabel('Password', { exact: true }));
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/');
      await myPageIcon(page).waitFor();
    });

    step('searches, opens the product, chooses an option and adds it to the cart', async (page) => {
      await openAtTop(page, '/');
      await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }));
      await page.keyboard.press('Enter');
      const input = page.getByRole('searchbox', { name: 'Search products' });
      await eventually(async () => assert.ok(await focused(input), 'the search box takes the focus'));
      await page.keyboard.type(keyword);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      const link = productGrid(page).getByRole('link', { name: target.title, exact: true }).first();
      await tabTo(page, link, 120);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/productdetail\//);
      await page.getByRole('heading', { level: 1, name: target.title, exact: true }).waitFor();

      await openAtTop(page, `/productdetail/${target.picks[0].uuid}`);
      const addToCart = page.getByRole('button', { name: 'Add to Cart', exact: true });
      const tabs = await tabTo(page, addToCart);
      figures.push(`Tab stops from the top of a product page to Add to Cart: ${tabs}`);
      assert.ok(tabs <= 25, `${tabs} Tabs from the top of the product page to Add to Cart`);

      await page.keyboard.press('Enter');
      const added = page.getByRole('dialog', { name: 'Added to Cart!', exact: true });
      await added.waitFor();
      const viewCart = added.getByRole('link', { name: 'View Cart', exact: true });
      await tabTo(page, viewCart, 5);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/cart');
    });

    step('goes to checkout, fills the delivery form and places the order', async (page) => {
      const checkout = page.getByRole('link', { name: 'CHECKOUT', exact: true });
      await tabTo(page, checkout, 120);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/order');
      const form = page.getByRole('form', { name: 'Delivery', exact: true });
      for (const [label, value] of [
        ['Receiver name', 'Kim Minji'],
        ['Receiver email', 'receiving@hanbit.example'],
        ['Phone number', '+82 10-5555-0101'],
      ] as const) {
        const field = form.getByLabel(label, { exact: true });
        await tabTo(page, field, 60);
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(value);
      }
      if (!(await form.getByLabel('Address', { exact: true }).inputValue())) {
        await tabTo(page, form.getByRole('button', { name: 'Select / Add Address', exact: true }), 20);
        await page.keyboard.press('Enter');
        const picker = page.getByRole('dialog', { name: 'Select Address', exact: true });
        await tabTo(page, picker.getByRole('button', { name: 'Add Address', exact: true }), 20);
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Add Address', exact: true });
        await tabTo(page, dialog.getByLabel('Shipping address', { exact: true }), 10);
        await page.keyboard.type('서울특별시 강남구 테헤란로 152');
        await tabTo(page, dialog.getByRole('button', { name: 'SAVE', exact: true }), 10);
        await page.keyboard.press('Enter');
        const saved = page.getByRole('alertdialog', { name: 'Address added successfully!', exact: true });
        await saved.waitFor();
        await page.keyboard.press('Enter');
        await saved.waitFor({ state: 'detached' });
        const select = picker
          .getByRole('listitem')
          .first()
          .getByRole('button', { name: 'Select', exact: true });
        await tabTo(page, select, 20);
        await page.keyboard.press('Enter');
        await picker.waitFor({ state: 'detached' });
      }
      await tabTo(page, page.getByRole('button', { name: 'ORDER NOW', exact: true }), 60);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Do you want to place the order?', exact: true });
      await confirm.waitFor();
      const ok = confirm.getByRole('button', { name: 'OK', exact: true });
      if (!(await focused(ok))) await tabTo(page, ok, 4);
      await page.keyboard.press('Enter');
      const assigned = page.getByRole('dialog', { name: 'Assigning a person in charge', exact: true });
      await assigned.waitFor();
      const confirmLink = assigned.getByRole('link', { name: 'Confirm', exact: true });
      if (!(await focused(confirmLink))) await tabTo(page, confirmLink, 5);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/mypage\/shoppingdetail\//);
      orderPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: 'Order Detail', exact: true }).waitFor();
    });
  });

  describe('lists, search and home leave no dead end', () => {
    let guest: Session | undefined;
    let member: Session | undefined;
    before(async () => {
      guest = await openSession(browser, shop.url, { viewport: VIEWPORTS.desktop });
      member = await openSession(browser, shop.url, { viewport: VIEWPORTS.desktop });
      await logIn(member.page, MEMBER, PASSWORD);
      await member.page.waitForURL((url) => url.pathname === '/');
    });
    after(async () => {
      await guest?.close();
      await member?.close();
    });
    const step = (name: string, body: (page: Page) => Promise<void>, who = () => guest) =>
      it(
        name,
        withScreenshot(who, () => body(who()!.page)),
      );

    step('an unknown category shows the not-found page', async (page) => {
      await page.goto('/productlist/999');
      await page.getByRole('heading', { level: 1, name: 'Category not found', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Back to Home', exact: true }).waitFor();
      assert.equal(await page.getByText(/^0 items$/).count(), 0, 'no empty listing');
      await guest!.screenshot('unknown category shows not found');
    });

    step('a page past the end shows the last page', async (page) => {
      const answer = await fetch(
        `${shop.url}/api/v1/product/list?categoryId=9&page=1&limit=20&sort=latest&stockStatus=all`,
      );
      const { totalCount } = ((await answer.json()) as { data: { totalCount: number } }).data;
      const lastPage = Math.ceil(totalCount / 20);
      assert.ok(lastPage > 1, 'K-MERCH has more than one page');
      await page.goto('/productlist/9?categoryName=K-MERCH&page=99');
      await page.waitForURL((url) => url.searchParams.get('page') === String(lastPage));
      await productGrid(page).getByRole('listitem').first().waitFor();
      const current = page.getByRole('navigation', { name: /pagination/i }).locator('[aria-current="page"]');
      assert.equal((await visibleText(current)).trim(), String(lastPage));
      await page.goBack();
      assert.notEqual(
        new URL(page.url()).searchParams.get('page'),
        '99',
        'page 99 is not kept in the history',
      );
    });

    step('the search results page has a box to change the keyword', async (page) => {
      const first = keyword.split(/\s+/)[0]!;
      await page.goto(`/search?keyword=${encodeURIComponent(first)}`);
      const box = page.getByRole('searchbox', { name: 'Keyword', exact: true });
      assert.equal(await box.inputValue(), first);
      await box.fill(keyword);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
      await page.getByRole('heading', { level: 1, name: keyword, exact: true }).waitFor();
      await productGrid(page).getByRole('link', { name: target.title, exact: true }).first().waitFor();
      await guest!.screenshot('search results with a keyword box');
    });

    step(
      'a guest is offered a business account; the carousel starts with its back arrow disabled',
      async (page) => {
        await page.goto('/');
        await page.getByRole('link', { name: 'OPEN A BUSINESS ACCOUNT', exact: true }).waitFor();
        const section = homeSection(page, 'PRE-ORDER');
        await section.getByRole('listitem').first().waitFor();
        const back = section.getByRole('button', { name: 'Previous products', exact: true });
        const next = section.getByRole('button', { name: 'Next products', exact: true });
        await eventually(async () => {
          assert.ok(await back.isDisabled(), 'back is disabled at the start');
          assert.ok(await next.isEnabled(), 'next is enabled while there is more');
        });
        await guest!.screenshot('home for a guest, carousel at its start');
        await next.click();
        await eventually(async () => assert.ok(await back.isEnabled(), 'back is enabled once scrolled'));
      },
    );

    step(
      'a member is not offered a business account',
      async (page) => {
        await page.goto('/');
        await homeSection(page, 'PRE-ORDER').getByRole('listitem').first().waitFor();
        await page.getByRole('link', { name: 'SHOP PRE-ORDERS', exact: true }).waitFor();
        assert.equal(await page.getByRole('link', { name: 'OPEN A BUSINESS ACCOUNT' }).count(), 0);
        await member!.screenshot('home for a member');
      },
      () => member,
    );

    step(
      "an order's date is the Korean day its number carries",
      async (page) => {
        await page.goto('/mypage/shoppinginfo');
        const cards = page.getByRole('article');
        await cards.first().waitFor();
        for (const card of await cards.all()) {
          const text = await visibleText(card);
          const number = text.match(/\b(\d{4})(\d{2})(\d{2})-\d+\b/);
          const date = text.match(/\b(\d{4})\. (\d{1,2})\. (\d{1,2})\./);
          assert.ok(number && date, `a number and a date on: ${text}`);
          assert.deepEqual(
            [Number(date[1]), Number(date[2]), Number(date[3])],
            [Number(number[1]), Number(number[2]), Number(number[3])],
            `the date beside ${number[0]}`,
          );
        }
      },
      () => member,
    );
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    for (const role of ['guest', 'member'] as const) {
      describe(`axe on every screen: ${role}, ${viewport} (${VIEWPORTS[viewport].width} px)`, () => {
        let session: Session | undefined;
        const found: string[] = [];
        before(async () => {
          session = await openSession(browser, shop.url, { viewport: VIEWPORTS[viewport] });
          if (role === 'member') {
            await logIn(session.page, MEMBER, PASSWORD);
            await session.page.waitForURL((url) => url.pathname === '/');
          }
        });
        after(async () => session?.close());

        /** Scans the page as it is once `ready` resolves; records the figure, remembers what failed. */
        const scan = async (name: string, ready: (page: Page) => Promise<unknown>) => {
          const page = session!.page;
          await ready(page);
          // Let fonts, images and transitions settle so contrast is measured on what a person sees (endless
          // animations, such as a busy ring, are not waited for).
          await page.waitForLoadState('networkidle').catch(() => {});
          await page.evaluate(() =>
            Promise.all([
              document.fonts.ready,
              ...document
                .getAnimations()
                .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
                .map((animation) => animation.finished.catch(() => undefined)),
            ]),
          );
          const { violations, nodes, others } = await severeViolations(page);
          const lesser = others.length > 0 ? `  (lesser: ${others.join(', ')})` : '';
          figures.push(`${role.padEnd(6)} ${viewport.padEnd(7)} ${name.padEnd(28)} ${nodes}${lesser}`);
          if (nodes > 0) found.push(`${name}:\n${describeViolations(violations)}`);
        };
        const at = (path: string, ready: (page: Page) => Promise<unknown>) => async (page: Page) => {
          await page.goto(path);
          await ready(page);
        };
        const h1 = (name?: string) => (page: Page) =>
          page
            .getByRole('heading', { level: 1, ...(name ? { name, exact: true } : {}) })
            .first()
            .waitFor();

        it(
          'has no serious or critical violation',
          withScreenshot(
            () => session,
            async () => {
              await scan(
                'home',
                at('/', (page) => homeSection(page, 'K-MERCH').getByRole('listitem').first().waitFor()),
              );
              if (viewport === 'desktop') {
                await scan('home, menu open', async (page) => {
                  await mainNav(page).getByRole('button', { name: 'K-MERCH', exact: true }).click();
                  await mainNav(page).getByRole('link', { name: 'LIGHT STICK', exact: true }).waitFor();
                });
              } else {
                await scan('home, menu drawer', async (page) => {
                  await page.getByRole('button', { name: 'Menu', exact: true }).click();
                  await mainNav(page).getByRole('heading', { name: 'K-MERCH' }).waitFor();
                });
              }
              await scan(
                'product list',
                at('/productlist/9?categoryName=K-MERCH', (p) =>
                  productGrid(p).getByRole('listitem').first().waitFor(),
                ),
              );
              await scan('search overlay', async (page) => {
                await page.goto('/');
                await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
                await page.getByRole('searchbox', { name: 'Search products' }).fill(keyword);
                await page
                  .getByRole('list', { name: 'Search results' })
                  .getByRole('listitem')
                  .first()
                  .waitFor();
              });
              await scan(
                'search results',
                at(`/search?keyword=${encodeURIComponent(keyword)}`, (p) =>
                  productGrid(p).getByRole('listitem').first().waitFor(),
                ),
              );
              await scan('product detail', at(`/productdetail/${target.picks[0].uuid}`, h1(target.title)));
              await scan('contact', at('/contact', h1()));
              if (role === 'guest') {
                // Pages that read nothing of the member: a member sees the same page under the header that
                // every other screen of the member's sweep already checks, so one sweep per width scans them.
                await scan('not found', at('/no-such-page', h1()));
                await scan('unknown category', at('/productlist/999', h1()));
                await scan(
                  'login',
                  at('/login', (p) => p.getByLabel('Email', { exact: true }).waitFor()),
                );
                await scan('sign-up', at('/signup', h1()));
                await scan('find password', at('/findpassword', h1()));
              } else {
                await scan('added to cart', async (page) => {
                  await page.goto(`/productdetail/${target.picks[1].uuid}`);
                  await page.getByRole('heading', { level: 1, name: target.title, exact: true }).waitFor();
                  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
                  await page
                    .getByRole('dialog', { name: 'Added to Cart!' })
                    .or(page.getByRole('alertdialog'))
                    .first()
                    .waitFor();
                });
                await scan(
                  'cart',
                  at('/cart', (p) =>
                    p
                      .getByRole('list', { name: 'Cart items', exact: true })
                      .getByRole('listitem')
                      .first()
                      .waitFor(),
                  ),
                );
                await scan(
                  'checkout',
                  at('/order', (p) => p.getByRole('form', { name: 'Delivery', exact: true }).waitFor()),
                );
                await scan('quick order', at('/quickorder', h1('Quick order')));
                await scan('saved lists', at('/mypage/lists', h1('Saved lists')));
                await scan(
                  'my page (password)',
                  at('/mypage', (p) => p.getByLabel('Password', { exact: true }).waitFor()),
                );
                await scan('my account', async (page) => {
                  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
                  await page.getByRole('button', { name: 'CONFIRM', exact: true }).click();
                  await page.getByRole('heading', { level: 1, name: 'My Account', exact: true }).waitFor();
                });
                await scan(
                  'order list',
                  at('/mypage/shoppinginfo', (p) =>
                    p
                      .getByRole('link', { name: /^View Details/ })
                      .first()
                      .waitFor(),
                  ),
                );
                if (orderPath) await scan('order detail', at(orderPath, h1('Order Detail')));
              }
              assert.deepEqual(found, [], `serious or critical axe violations:\n${found.join('\n')}`);
            },
          ),
        );
      });
    }
  }
});
