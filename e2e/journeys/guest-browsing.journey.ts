import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  assertNoHorizontalScroll,
  assertNoPriceInApi,
  assertNoVisiblePrice,
  eventually,
} from '../support/assertions.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { type Shop, startShop } from '../support/server.js';
import {
  cardLinks,
  cards,
  cardTitles,
  currentCardLinks,
  homeSection,
  mainNav,
  menuItem,
  openFirstProduct,
  productGrid,
} from '../support/storefront.js';

const HOME_SECTIONS = ['PRE-ORDER', 'K-MERCH', 'K-MAGAZINE'];
/** How long typing pauses before the search overlay searches (SEARCH_DEBOUNCE_MS in the contract). */
const SEARCH_PAUSE_MS = 300;
/** A list with more than one page of products and both in-stock and sold-out ones. */
const BIG_LIST = '/productlist/9?categoryName=K-MERCH';

/** Waits until the grid shows other products than `previous` (none counts) and returns their links. */
const gridChangedFrom = (page: Page, previous: readonly string[]) =>
  eventually(async () => {
    const products = await currentCardLinks(productGrid(page));
    assert.notDeepEqual(products, previous, `the grid at ${page.url()} did not change`);
    return products;
  });

const query = (page: Page) => new URL(page.url()).searchParams;

describe('a guest browsing the shop sees everything but prices', () => {
  let shop: Shop;
  let browser: Browser;
  let guest: Session;
  let phone: Session | undefined;
  /** A title shown on the home page: the search steps look for a word of it. */
  let homeTitle = '';

  before(async () => {
    [shop, browser] = await startWithBrowser(startShop());
    guest = await openSession(browser, shop.url);
    phone = await openSession(browser, shop.url, { viewport: { width: 375, height: 812 } });
  });

  after(async () => {
    await phone?.close();
    await guest?.close();
    await browser?.close();
    await shop?.stop();
  });

  /** A step of the journey; whatever it does, the guest must not have seen a price on screen or in the API. */
  const step = (name: string, body: (page: Page) => Promise<void>, session = () => guest) =>
    it(
      name,
      withScreenshot(session, async () => {
        await body(session().page);
        await assertNoVisiblePrice(session().page);
        await session().settled();
        assertNoPriceInApi(session().apiResponses);
      }),
    );

  step('the home page shows PRE-ORDER, K-MERCH and K-MAGAZINE with Members Only cards', async (page) => {
    await page.goto('/');
    for (const title of HOME_SECTIONS) {
      const section = homeSection(page, title);
      await section.getByRole('heading', { name: title, exact: true }).waitFor();
      const titles = await cardTitles(section);
      assert.ok(titles.length > 0, `${title} shows no products`);
      const prices = await cards(section).getByText('Members Only', { exact: true }).count();
      assert.equal(prices, titles.length, `every ${title} card says 'Members Only'`);
    }
    homeTitle = (await cardTitles(homeSection(page, 'PRE-ORDER')))[0] ?? '';
  });

  step('the mega-menu leads from K-MERCH to LIGHT STICK', async (page) => {
    await page.goto('/');
    await menuItem(page, 'K-MERCH').hover();
    await mainNav(page).getByRole('link', { name: 'LIGHT STICK', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/productlist/10');
    await page.getByRole('heading', { level: 1, name: 'LIGHT STICK' }).waitFor();
    assert.ok((await cardTitles(productGrid(page))).length > 0, 'LIGHT STICK lists products');
  });

  step('the mega-menu leads from K-ARTIST through an artist category to an artist', async (page) => {
    await page.goto('/');
    await menuItem(page, 'K-ARTIST').hover();
    const column = mainNav(page).getByRole('group', { name: 'K-ARTIST', exact: true });
    const artistCategory = column.getByRole('button').first();
    await artistCategory.hover();
    await eventually(async () => assert.equal(await artistCategory.getAttribute('aria-expanded'), 'true'));
    const artist = column.getByRole('link').first();
    const artistName = (await artist.textContent())?.trim() ?? '';
    await artist.click();
    await page.waitForURL(
      (url) => url.pathname === '/productlist/0' && /^\d+$/.test(url.searchParams.get('artistId') ?? ''),
    );
    await page.getByRole('heading', { level: 1, name: artistName, exact: true }).waitFor();
    assert.ok((await cardTitles(productGrid(page))).length > 0, `${artistName} lists products`);
  });

  step('the stock filter changes the address and the grid', async (page) => {
    await page.goto(BIG_LIST);
    const all = await cardLinks(productGrid(page));

    await page.getByLabel('Stock status', { exact: true }).selectOption({ label: 'Out of stock' });
    await page.waitForURL((url) => url.searchParams.get('stockStatus') === 'outOfStock');
    const soldOut = await gridChangedFrom(page, all);
    assert.ok(soldOut.length > 0, 'the demo K-MERCH list has sold-out products');
    const soldOutCards = await cards(productGrid(page)).getByText('SOLD OUT', { exact: true }).count();
    assert.equal(soldOutCards, soldOut.length, 'every out-of-stock card shows SOLD OUT');

    await page.getByLabel('Stock status', { exact: true }).selectOption({ label: 'In stock' });
    await page.waitForURL((url) => url.searchParams.get('stockStatus') === 'inStock');
    const inStock = await gridChangedFrom(page, soldOut);
    assert.ok(inStock.length > 0, 'the demo K-MERCH list has products in stock');
    assert.equal(await cards(productGrid(page)).getByText('SOLD OUT', { exact: true }).count(), 0);
    assert.ok(
      !inStock.some((product) => soldOut.includes(product)),
      'no product is both in and out of stock',
    );

    await page.getByLabel('Stock status', { exact: true }).selectOption({ label: 'ALL' });
    await page.waitForURL((url) => url.searchParams.get('stockStatus') === 'all');
    assert.deepEqual(await gridChangedFrom(page, inStock), all);
  });

  step('the sort changes the address and the order of the grid', async (page) => {
    await page.goto(BIG_LIST);
    const latest = await cardLinks(productGrid(page));
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Best Selling' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'bestSelling');
    assert.equal(query(page).get('categoryName'), 'K-MERCH', 'the other query values stay');
    await gridChangedFrom(page, latest);
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Release Date' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'releaseDate');
    assert.equal(query(page).get('categoryName'), 'K-MERCH', 'the other query values stay');
    await eventually(async () =>
      assert.ok(
        (await currentCardLinks(productGrid(page))).length > 0,
        'the release-date order shows products',
      ),
    );
  });

  step('the Pagination nav pages through the list', async (page) => {
    await page.goto(BIG_LIST);
    const firstPage = await cardLinks(productGrid(page));
    assert.equal(firstPage.length, 20, 'a product list shows 20 per page');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    assert.equal(
      await pagination.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current'),
      'page',
    );

    await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const secondPage = await gridChangedFrom(page, firstPage);
    assert.ok(!secondPage.some((product) => firstPage.includes(product)), 'page 2 repeats nothing of page 1');
    assert.equal(
      await pagination.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
      'page',
    );
    assert.equal(
      await pagination.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current'),
      null,
    );
  });

  let keyword = '';
  step(
    'the search overlay shows at most 4 results after the pause and VIEW ALL opens the search page',
    async (page) => {
      keyword = homeTitle.match(/\p{L}{4,}/gu)?.sort((a, b) => b.length - a.length)[0] ?? '';
      assert.ok(keyword, `no search word in the home page title '${homeTitle}'`);
      const opened = Date.now();
      await page.clock.install({ time: opened });
      await page.goto('/');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      const searchesBefore = guest.apiResponses.length;
      // The overlay's search for the whole word, once typing paused: the results drawn after it are final.
      const searchedWhole = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/v1/product/search' && url.searchParams.get('keyword') === keyword;
      });
      // The page's clock stands still while the word is typed key by key, so however late the keys arrive on
      // a busy machine no pause falls between them; then typing pauses for just the overlay's wait.
      await page.clock.pauseAt(opened + 60_000);
      await dialog.getByLabel('Search products', { exact: true }).pressSequentially(keyword, { delay: 60 });
      await page.clock.runFor(SEARCH_PAUSE_MS);
      await page.clock.resume();
      await searchedWhole;

      const results = dialog.getByRole('listitem');
      await results.first().waitFor();
      const count = await results.count();
      assert.ok(count >= 1 && count <= 4, `the overlay shows 1 to 4 results, not ${count}`);
      await guest.settled();
      const searched = guest.apiResponses
        .slice(searchesBefore)
        .filter((r) => new URL(r.url).pathname === '/api/v1/product/search')
        .map((r) => new URL(r.url).searchParams.get('keyword'));
      assert.deepEqual([...new Set(searched)], [keyword], 'the overlay searched only once typing paused');

      await dialog.getByRole('link', { name: 'VIEW ALL', exact: true }).click();
      await page.waitForURL(
        (url) => url.pathname === '/search' && url.searchParams.get('keyword') === keyword,
      );
      await page.getByRole('heading', { level: 1, name: keyword, exact: true }).waitFor();
      assert.equal(await dialog.count(), 0, 'the overlay closed');
      assert.ok(
        (await cardTitles(productGrid(page))).length > 0,
        `the search page lists products for '${keyword}'`,
      );
    },
  );

  step('the search page sorts and filters its results', async (page) => {
    await page.goto(`/search?keyword=${encodeURIComponent(keyword)}`);
    await cardTitles(productGrid(page));
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Best Selling' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'bestSelling');
    // The grid is drawn again from the sorted and filtered answer; the next step clicks in it.
    const filtered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/v1/product/search' && url.search.includes('inStock');
    });
    await page.getByLabel('Stock status', { exact: true }).selectOption({ label: 'In stock' });
    await page.waitForURL((url) => url.searchParams.get('stockStatus') === 'inStock');
    await filtered;
    assert.equal(query(page).get('keyword'), keyword);
    assert.equal(query(page).get('sort'), 'bestSelling');
    await eventually(async () =>
      assert.ok((await currentCardLinks(productGrid(page))).length > 0, 'in-stock results show'),
    );
  });

  step(
    'a product detail shows Members Only, the must-read notice, options and You may also like',
    async (page) => {
      // The last step left the grid between two answers (sorted, then filtered): the first card read
      // there may be replaced before the click lands. A fresh load of the same address shows one answer.
      await page.reload();
      await openFirstProduct(page, productGrid(page));
      await page.getByText('Members Only', { exact: true }).first().waitFor();

      const mustRead = page.getByRole('button', { name: 'MUST READ AND AGREE BEFORE PURCHASE' });
      assert.equal(await mustRead.getAttribute('aria-expanded'), 'false');
      const disclaimer = page.getByText(/paper products/i);
      assert.equal(await disclaimer.isVisible(), false, 'the disclaimers start collapsed');
      await mustRead.click();
      assert.equal(await mustRead.getAttribute('aria-expanded'), 'true');
      await disclaimer.waitFor();

      await guest.settled();
      const detail = guest.apiResponses.findLast((r) =>
        new URL(r.url).pathname.startsWith('/api/v1/product/detail/'),
      );
      const optionList = (detail?.body as { data?: { optionList?: { optionNameKey2: string | null }[] } })
        ?.data?.optionList;
      assert.ok(optionList && optionList.length > 0, 'the detail answer lists the options');
      const dropdowns = optionList.some((option) => option.optionNameKey2) ? 2 : 1;
      assert.equal(await page.getByRole('main').getByRole('combobox').count(), dropdowns, 'option dropdowns');

      const alsoLike = page.getByRole('region', { name: 'You may also like' });
      await alsoLike.getByRole('heading', { name: 'You may also like' }).waitFor();
      const suggestions = await cardTitles(alsoLike);
      assert.ok(
        suggestions.length >= 1 && suggestions.length <= 6,
        `1 to 6 suggestions, not ${suggestions.length}`,
      );
      assert.equal(
        await alsoLike.getByRole('link', { name: 'VIEW ALL' }).getAttribute('href'),
        '/productlist/0?tag=pre&categoryName=PRE-ORDER',
      );
    },
  );

  step('the cart and My Page icons lead a guest to /login', async (page) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'My Page', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
  });

  step('an unknown address shows a not-found page', async (page) => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await page.getByRole('link', { name: /home/i }).first().waitFor();
  });

  step(
    'a 375px wide screen does not scroll sideways on home, list and detail',
    async (page) => {
      await page.goto('/');
      await cardTitles(homeSection(page, 'K-MAGAZINE'));
      await assertNoHorizontalScroll(page);
      await assertNoVisiblePrice(page);

      await page.goto(BIG_LIST);
      await cardTitles(productGrid(page));
      await assertNoHorizontalScroll(page);
      await assertNoVisiblePrice(page);

      await openFirstProduct(page, productGrid(page));
      await page.getByRole('region', { name: 'You may also like' }).getByRole('listitem').first().waitFor();
      await assertNoHorizontalScroll(page);
    },
    () => {
      if (!phone) throw new Error('the phone session did not open');
      return phone;
    },
  );

  it('no answer under /api/ carried a price, and the catalogue calls were all seen', async () => {
    const responses = [guest, phone].flatMap((session) => session?.apiResponses ?? []);
    assertNoPriceInApi(responses);
    const answered = responses.filter((r) => r.status === 200).map((r) => new URL(r.url).pathname);
    for (const call of ['/api/v1/product/list', '/api/v1/product/search', '/api/v1/product/detail/']) {
      assert.ok(
        answered.some((path) => path.startsWith(call)),
        `an answer of ${call} was checked`,
      );
    }
  });
});
