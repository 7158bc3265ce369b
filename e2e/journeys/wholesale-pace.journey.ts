import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertNoHorizontalScroll, eventually, visibleText } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import {
  type CartData,
  findBuyingTargets,
  type MemberApi,
  memberApi,
  type ProductPick,
} from '../support/buying.js';
import { type Shop, startShop } from '../support/server.js';
import { cards, logIn, productGrid } from '../support/storefront.js';

const KOREA = 'korea@demo.kshop.example';
const PASSWORD = 'Demo1234!';
const accessToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('accessToken'));

type Option = { uuid: string; minimumOrderQuantity: number; orderMultiple: number | null };

/** The smallest quantity an option takes: its minimum, rounded up to its multiple. */
const smallest = (o: Option) => {
  const multiple = o.orderMultiple ?? 1;
  return Math.ceil(o.minimumOrderQuantity / multiple) * multiple;
};

describe('ordering at wholesale pace: every version in one form, lists as order forms, a session in every tab', () => {
  let shop: Shop;
  let browser: Browser;
  let buyer: Session;
  let api: MemberApi;
  let album: ProductPick;

  before(async () => {
    [shop, browser] = await startWithBrowser(startShop());
    api = await memberApi(shop.url, KOREA, PASSWORD);
    album = (await findBuyingTargets(api, 'KRW')).twoKeys;
    buyer = await openSession(browser, shop.url);
    await logIn(buyer.page, KOREA, PASSWORD);
    await buyer.page.waitForURL((url) => url.pathname === '/');
  });

  after(async () => {
    await buyer?.close();
    await browser?.close();
    await shop?.stop();
  });

  const step = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => buyer,
        () => body(buyer.page),
      ),
    );
  const cartQuantities = async () =>
    new Map(
      (await api.get<CartData>('/api/v1/cart')).cartList.map((l) => [l.productOption.uuid, l.quantity]),
    );

  step(
    'orders two versions of an album from its grid in one click, beside what the cart holds',
    async (page) => {
      const [first, second] = album.picks;
      const detail = await api.get<{ optionList: Option[] }>(`/api/v1/product/detail/${first.uuid}`);
      const rules = new Map(detail.optionList.map((o) => [o.uuid, o]));
      const before = await cartQuantities();
      await page.goto(`/productdetail/${first.uuid}`);
      const grid = page.getByRole('region', { name: 'Order several versions at once' });
      await grid.waitFor();
      // A sold-out version has no box; one click asks to be told about every one.
      assert.equal(
        await grid.getByRole('textbox', { name: `Quantity of ${album.soldOut.label}` }).count(),
        0,
      );
      assert.equal(
        await grid
          .getByRole('button', { name: 'Notify me about every sold-out version', exact: true })
          .count(),
        1,
      );
      const wanted = [first, second].map((pick) => ({ pick, quantity: smallest(rules.get(pick.uuid)!) }));
      for (const { pick, quantity } of wanted)
        await grid
          .getByRole('textbox', { name: `Quantity of ${pick.label}`, exact: true })
          .fill(String(quantity));
      await grid.getByRole('button', { name: 'Add these versions to cart', exact: true }).click();
      await page.getByRole('dialog', { name: 'Added to Cart!', exact: true }).waitFor();
      const after = await cartQuantities();
      for (const { pick, quantity } of wanted)
        assert.equal(after.get(pick.uuid), (before.get(pick.uuid) ?? 0) + quantity, pick.label);

      // The same again adds to the lines instead of refusing the whole add.
      await page.getByRole('dialog').getByRole('link', { name: 'Continue Shopping', exact: true }).click();
      await page.goto(`/productdetail/${first.uuid}`);
      await grid
        .getByRole('textbox', { name: `Quantity of ${first.label}`, exact: true })
        .fill(String(wanted[0]!.quantity));
      await grid.getByRole('button', { name: 'Add these versions to cart', exact: true }).click();
      await page.getByRole('dialog', { name: 'Added to Cart!', exact: true }).waitFor();
      assert.equal((await cartQuantities()).get(first.uuid), after.get(first.uuid)! + wanted[0]!.quantity);
    },
  );

  step(
    'the product page with its grid has no serious accessibility violation at 1280 and 375 px',
    async (page) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/productdetail/${album.picks[0].uuid}`);
        await page.getByRole('region', { name: 'Order several versions at once' }).waitFor();
        const { violations } = await severeViolations(page);
        assert.deepEqual(violations, [], `${width} px: ${describeViolations(violations)}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );

  step("adds from a product list with the card's own quantity box", async (page) => {
    await page.goto('/productlist/0?stockStatus=inStock');
    const card = cards(productGrid(page))
      .filter({ has: page.getByRole('button', { name: /to cart$/ }) })
      .first();
    const add = card.getByRole('button', { name: /to cart$/ });
    await add.waitFor();
    await add.click();
    await eventually(async () => assert.equal((await visibleText(card)).includes('Added to Cart!'), true));
    // Continue Shopping from the cart comes back to this list.
    await page.goto('/cart');
    await page.getByRole('link', { name: 'CONTINUE SHOPPING', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/productlist/0' && url.search === '?stockStatus=inStock',
    );
  });

  step(
    'saves the cart as a list, adds versions to it from the grid, and puts the whole list back into the cart',
    async (page) => {
      const held = (await api.get<CartData>('/api/v1/cart')).cartList;
      assert.ok(held.length >= 2, 'the steps before filled the cart');
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Save cart as a list', exact: true }).click();
      await page.getByLabel('Name of the new list', { exact: true }).fill('Weekly restock');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const saved = page.getByRole('status').filter({ hasText: 'saved to “Weekly restock”' });
      await saved.waitFor();
      assert.equal(
        await saved.textContent(),
        `${held.length} lines saved to “Weekly restock”. Open the list`,
      );

      // A version of the album goes into the same list from its product page.
      const extra = album.picks[0];
      await page.goto(`/productdetail/${extra.uuid}`);
      const grid = page.getByRole('region', { name: 'Order several versions at once' });
      await grid.getByRole('textbox', { name: `Quantity of ${extra.label}`, exact: true }).fill('3');
      await page.getByRole('button', { name: 'Save these versions to a list', exact: true }).click();
      await page.getByLabel('Save to', { exact: true }).selectOption({ label: 'Weekly restock' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: '1 lines saved to “Weekly restock”' }).waitFor();
      assert.ok(held.some((l) => l.productOption.uuid === extra.uuid));

      // In My Page, the list; the cart is emptied, and the list fills it again in one click.
      await page.goto('/mypage/lists');
      await page.getByRole('link', { name: 'Weekly restock', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Weekly restock', exact: true }).waitFor();
      const lines = page.getByRole('table', { name: 'Lines of the list', exact: true }).getByRole('row');
      // The version was in the cart already: its line holds 3 more, no line is added.
      const listed = held.length;
      await eventually(async () => assert.equal((await lines.count()) - 1, listed));
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const { violations } = await severeViolations(page);
        assert.deepEqual(violations, [], `${width} px: ${describeViolations(violations)}`);
        if (width === 375) await assertNoHorizontalScroll(page);
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.evaluate(
        async (uuids) => {
          const token = sessionStorage.getItem('accessToken');
          for (const cartUuid of uuids)
            await fetch('/api/v1/cart', {
              method: 'DELETE',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ cartUuid }),
            });
        },
        held.map((l) => l.uuid),
      );
      assert.equal((await api.get<CartData>('/api/v1/cart')).cartList.length, 0);
      await page.getByRole('button', { name: /^Put \d+ lines? in the cart$/ }).click();
      await page.getByRole('status').filter({ hasText: 'lines added to your cart.' }).waitFor();
      const refilled = await cartQuantities();
      for (const line of held)
        assert.ok((refilled.get(line.productOption.uuid) ?? 0) >= line.quantity, line.productOption.uuid);
      assert.equal(refilled.size, listed);
    },
  );

  step('a product opened in a new tab (Ctrl+click) keeps the buyer logged in', async (page) => {
    const token = await accessToken(page);
    assert.ok(token, 'the first tab holds a session');
    await page.goto('/productlist/0');
    const link = cards(productGrid(page)).first().getByRole('link').first();
    const [tab] = await Promise.all([
      buyer.context.waitForEvent('page'),
      link.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForLoadState();
    await tab.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await accessToken(tab), token, "the new tab took the open tab's session");
    assert.ok(
      !(await visibleText(tab.getByRole('main'))).includes('Members Only'),
      'the new tab shows prices',
    );

    // Logging out in one tab logs out the other.
    await page.goto('/mypage/account');
    await page.getByRole('button', { name: 'LOG OUT', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(async () => assert.equal(await accessToken(tab), null));
    await eventually(async () =>
      assert.ok((await visibleText(tab.getByRole('main'))).includes('Members Only')),
    );
    await tab.close();
  });
});
