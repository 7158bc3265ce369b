import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { answerDialog } from '../support/account.js';
import { eventually, visibleText } from '../support/assertions.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import {
  answersSeen,
  apiAnswer,
  type CartData,
  type Currency,
  cartItem,
  cartPatched,
  cartQuantity,
  cartReadBy,
  currencySymbol,
  findBuyingTargets,
  type MemberApi,
  memberApi,
  money,
  type OptionPick,
  optionSelect,
  orderCard,
  orderDetailShown,
  type ProductPick,
  selectedLabels,
  selectedQuantity,
  showsAmount,
  showsQuantity,
  termsShown,
} from '../support/buying.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';
import { logIn } from '../support/storefront.js';

const PASSWORD = 'Demo1234!';

interface Buyer {
  name: string;
  email: string;
  currency: Currency;
  receiver: { name: string; email: string; phone: string };
  /** The new shipping address added at checkout, with the country its dialog shows or is given. */
  address: { postalCode: string; detail: string; country: string };
  /** The staff memo and its amount in minor units. */
  memo: { text: string; label: string; minor: number };
}

const BUYERS: Buyer[] = [
  {
    name: 'a Korean company (₩)',
    email: 'korea@demo.kshop.example',
    currency: 'KRW',
    receiver: { name: 'Park Seojun', email: 'logistics@hanbit.example', phone: '+82 10-5555-0101' },
    address: {
      postalCode: '06234',
      detail: '서울특별시 강남구 테헤란로 152, 물류센터 3층',
      country: 'South Korea',
    },
    memo: { text: 'Shipping fee/15000', label: 'Shipping fee', minor: 15_000 },
  },
  {
    name: 'a global company (US$)',
    email: 'global@demo.kshop.example',
    currency: 'USD',
    receiver: { name: 'Jordan Lee', email: 'receiving@starlight.example', phone: '+1 562-555-0199' },
    // A Canadian postal code has letters; a Global company's address names its country.
    address: { postalCode: 'M5V 2T6', detail: '200 Front St W, Dock 4, Toronto, ON', country: 'Canada' },
    memo: { text: 'Shipping fee/25.50', label: 'Shipping fee', minor: 2_550 },
  },
];

describe('buying: from product options through the cart and checkout to a confirmed order', () => {
  let shop: StaffedShop;
  let browser: Browser;

  before(async () => {
    [shop, browser] = await startWithBrowser(startStaffedShop());
  });

  after(async () => {
    await browser?.close();
    await shop?.stop();
  });

  for (const buyer of BUYERS) {
    describe(`${buyer.name} buys`, () => {
      const { currency } = buyer;
      const price = (minor: number) => money(minor, currency);
      let session: Session | undefined;
      let api: MemberApi;
      let oneKey: ProductPick;
      let twoKeys: ProductPick;
      /** Cart line id of each ordered option, by option id, from the cart the page read. */
      const cartUuids = new Map<string, string>();
      /** Option id -> the quantity the cart should hold now. */
      const quantities = new Map<string, number>();
      let order: { uuid: string; orderNumber: string; subtotalMinor: number; firstTitle: string };
      let profile: { businessRegistrationNumber: string; companyName: string };

      before(async () => {
        session = await openSession(browser, shop.url);
        api = await memberApi(shop.url, buyer.email, PASSWORD);
        ({ oneKey, twoKeys } = await findBuyingTargets(api, currency));
      });

      after(async () => {
        await session?.close();
      });

      const step = (name: string, body: (page: Page) => Promise<void>) =>
        it(
          name,
          withScreenshot(
            () => session,
            () => body(session!.page),
          ),
        );

      /** The products the cart should hold: [product, option] in the order they were added. */
      const lines = () =>
        [oneKey, twoKeys]
          .flatMap((product) => product.picks.map((option) => [product, option] as const))
          .filter(([, option]) => quantities.has(option.uuid));
      const expectedTotal = () =>
        lines().reduce((sum, [, option]) => sum + option.priceMinor * quantities.get(option.uuid)!, 0);

      /** The cart the page shows matches `quantities`, line by line and in total. */
      const cartShowsQuantities = async (page: Page) => {
        for (const [product, option] of lines()) {
          await showsQuantity(cartQuantity(page, product.title, option.label), quantities.get(option.uuid)!);
        }
        const summary = page.getByRole('complementary', { name: 'Order Summary', exact: true });
        await showsAmount(summary, 'Total', price(expectedTotal()));
      };

      /** Opens the product at its sold-out option, so that nothing is chosen yet. */
      const openWithNothingChosen = async (page: Page, product: ProductPick) => {
        await page.goto(`/productdetail/${product.soldOut.uuid}`);
        await page.getByRole('heading', { level: 1, name: product.title, exact: true }).waitFor();
        await optionSelect(page, product.key1).waitFor();
        assert.deepEqual(await selectedLabels(page), [], 'nothing is chosen on opening a sold-out option');
      };

      const addToCartRefused = async (page: Page, message: string) => {
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await answerDialog(page, message);
      };

      /** Add to Cart posts the chosen options at `quantity` each and shows 'Added to Cart!'. */
      const addToCart = async (page: Page, options: OptionPick[]) => {
        const posted = apiAnswer(page, 'POST', '/api/v1/cart');
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        const { status, request } = await posted;
        assert.equal(status, 200, 'POST /api/v1/cart');
        assert.deepEqual(request, {
          productOptionAndQuantityList: options.map((o) => ({
            productOptionUuid: o.uuid,
            quantity: o.minimum,
          })),
        });
        const dialog = page.getByRole('dialog', { name: 'Added to Cart!', exact: true });
        await dialog.waitFor();
        for (const option of options) quantities.set(option.uuid, option.minimum);
        return dialog;
      };

      step(`logs in and sees prices in ${currencySymbol(currency)}`, async (page) => {
        await logIn(page, buyer.email, PASSWORD);
        await page.waitForURL((url) => url.pathname === '/');
        await page.goto(`/productdetail/${oneKey.picks[0].uuid}`);
        await page.getByRole('heading', { level: 1, name: oneKey.title, exact: true }).waitFor();
        await eventually(async () =>
          assert.ok((await visibleText(page.getByRole('main'))).includes(price(oneKey.picks[0].priceMinor))),
        );
      });

      step(
        'one option key: a sold-out value is disabled, each choice adds its option once at the minimum quantity',
        async (page) => {
          const [first, second] = oneKey.picks;
          await openWithNothingChosen(page, oneKey);
          await addToCartRefused(page, 'Please select product options before adding to cart.');

          const select = optionSelect(page, oneKey.key1);
          const soldOut = select.getByRole('option', {
            name: `${oneKey.soldOut.value1} (Sold out)`,
            exact: true,
          });
          assert.ok(await soldOut.isDisabled(), `${oneKey.soldOut.value1} is sold out and cannot be chosen`);
          for (const option of oneKey.picks) {
            const choice = select.getByRole('option', { name: option.value1, exact: true });
            assert.ok(await choice.isEnabled(), `${option.value1} can be chosen`);
          }

          await select.selectOption({ label: first.value1 });
          await showsQuantity(selectedQuantity(page, first.label), first.minimum);
          await select.selectOption({ label: second.value1 });
          await showsQuantity(selectedQuantity(page, second.label), second.minimum);
          await select.selectOption({ label: first.value1 });
          await showsQuantity(selectedQuantity(page, first.label), first.minimum);
          assert.deepEqual(
            await selectedLabels(page),
            [first.label, second.label],
            'no option is added twice',
          );
          const minus = selectedQuantity(page, first.label).getByRole('button', {
            name: 'Decrease quantity',
          });
          assert.ok(await minus.isDisabled(), 'minus is disabled at the minimum');
          await showsAmount(
            page.getByRole('main'),
            'TOTAL',
            price(first.priceMinor * first.minimum + second.priceMinor * second.minimum),
          );

          const added = await addToCart(page, [first, second]);
          await added.getByRole('link', { name: 'Continue Shopping', exact: true }).click();
          await page.waitForURL((url) => url.pathname === '/');
        },
      );

      step('an option already in the cart is refused with "Product is already in cart"', async (page) => {
        await openWithNothingChosen(page, oneKey);
        await optionSelect(page, oneKey.key1).selectOption({ label: oneKey.picks[0].value1 });
        await showsQuantity(selectedQuantity(page, oneKey.picks[0].label), oneKey.picks[0].minimum);
        await addToCartRefused(page, 'Product is already in cart');
      });

      step(
        'two option keys: option 2 follows option 1, sold-out choices are disabled, an option is added once',
        async (page) => {
          const [first, second] = twoKeys.picks;
          const key2 = twoKeys.key2!;
          await openWithNothingChosen(page, twoKeys);
          const select1 = optionSelect(page, twoKeys.key1);
          const select2 = optionSelect(page, key2);
          assert.ok(await select2.isDisabled(), `${key2} waits for ${twoKeys.key1}`);
          for (const value of twoKeys.soldOutValues1) {
            const soldOut = select1.getByRole('option', { name: `${value} (Sold out)`, exact: true });
            assert.ok(await soldOut.isDisabled(), `${value} has nothing left and cannot be chosen`);
          }
          await addToCartRefused(page, 'Please select product options before adding to cart.');

          await select1.selectOption({ label: first.value1 });
          await eventually(async () => assert.ok(await select2.isEnabled(), `${key2} opens`));
          const soldOut = select2.getByRole('option', {
            name: `${twoKeys.soldOut.value2} (Sold out)`,
            exact: true,
          });
          assert.ok(await soldOut.isDisabled(), `${twoKeys.soldOut.label} is sold out and cannot be chosen`);
          assert.deepEqual(await selectedLabels(page), [], 'option 1 alone adds nothing');

          await select2.selectOption({ label: first.value2! });
          await showsQuantity(selectedQuantity(page, first.label), first.minimum);
          await select1.selectOption({ label: second.value1 });
          await eventually(async () => assert.equal(await select2.inputValue(), '', `${key2} starts over`));
          await select2.selectOption({ label: second.value2! });
          await showsQuantity(selectedQuantity(page, second.label), second.minimum);
          await select1.selectOption({ label: first.value1 });
          await select2.selectOption({ label: first.value2! });
          await showsQuantity(selectedQuantity(page, first.label), first.minimum);
          assert.deepEqual(
            await selectedLabels(page),
            [first.label, second.label],
            'no option is added twice',
          );
          await showsAmount(
            page.getByRole('main'),
            'TOTAL',
            price(first.priceMinor * first.minimum + second.priceMinor * second.minimum),
          );

          const added = await addToCart(page, [first, second]);
          const cart = await cartReadBy(page, () =>
            added.getByRole('link', { name: 'View Cart', exact: true }).click(),
          );
          await page.waitForURL((url) => url.pathname === '/cart');
          for (const line of cart.cartList) cartUuids.set(line.productOption.uuid, line.uuid);
          assert.deepEqual(
            cart.cartList.map((line) => [line.productOption.uuid, line.quantity]).sort(),
            [...quantities].sort(),
            'the cart holds the four options at their minimum',
          );
          const line = cart.cartList.find((l) => l.productOption.uuid === first.uuid)!;
          assert.equal(
            line.productOption.stock - line.productOption.holdStock,
            first.available,
            'the cart and the product detail agree on what is available',
          );
        },
      );

      step(
        `the cart shows each line at its minimum and the total in ${currencySymbol(currency)}`,
        async (page) => {
          await page.getByRole('heading', { level: 1, name: 'Cart', exact: true }).waitFor();
          const items = page.getByRole('list', { name: 'Cart items', exact: true }).getByRole('listitem');
          await eventually(async () => assert.equal(await items.count(), lines().length));
          await cartShowsQuantities(page);
          for (const [product, option] of lines()) {
            const stepper = cartQuantity(page, product.title, option.label);
            assert.ok(
              await stepper.getByRole('button', { name: 'Decrease quantity' }).isDisabled(),
              'minus at minimum',
            );
            assert.ok(
              await stepper.getByRole('button', { name: 'Increase quantity' }).isEnabled(),
              'plus below stock',
            );
            const item = await visibleText(cartItem(page, product.title, option.label));
            assert.ok(item.includes(price(option.priceMinor)), `${option.label} shows its unit price`);
          }
          const summary = await visibleText(
            page.getByRole('complementary', { name: 'Order Summary', exact: true }),
          );
          const other = currency === 'KRW' ? 'US$' : '₩';
          assert.ok(!summary.includes(other), `a ${currencySymbol(currency)} buyer sees no ${other}`);
        },
      );

      step('the stepper moves a line up and down; the server hears it after the pause', async (page) => {
        const option = oneKey.picks[0];
        const stepper = cartQuantity(page, oneKey.title, option.label);
        const cartUuid = cartUuids.get(option.uuid)!;
        const plus = stepper.getByRole('button', { name: 'Increase quantity', exact: true });
        const minus = stepper.getByRole('button', { name: 'Decrease quantity', exact: true });

        let patched = cartPatched(page, cartUuid, option.minimum + 2);
        await plus.click();
        await plus.click();
        await showsQuantity(stepper, option.minimum + 2);
        await patched;
        quantities.set(option.uuid, option.minimum + 2);
        await cartShowsQuantities(page);

        patched = cartPatched(page, cartUuid, option.minimum + 1);
        await minus.click();
        await patched;
        quantities.set(option.uuid, option.minimum + 1);
        await cartShowsQuantities(page);
        assert.ok(await minus.isEnabled(), 'minus works above the minimum');
      });

      step(
        'typing stops at the available stock and the minimum; non-numeric text becomes the minimum',
        async (page) => {
          const option = twoKeys.picks[0];
          const stepper = cartQuantity(page, twoKeys.title, option.label);
          const cartUuid = cartUuids.get(option.uuid)!;
          const textbox = stepper.getByRole('textbox', { name: 'Quantity', exact: true });
          const plus = stepper.getByRole('button', { name: 'Increase quantity', exact: true });
          const minus = stepper.getByRole('button', { name: 'Decrease quantity', exact: true });
          const says = (message: string) =>
            eventually(async () =>
              assert.equal((await visibleText(stepper.getByRole('status'))).trim(), message),
            );

          let patched = cartPatched(page, cartUuid, option.available);
          await textbox.fill(String(option.available + 10));
          await showsQuantity(stepper, option.available);
          await says(`Maximum available quantity is ${option.available}`);
          assert.ok(await plus.isDisabled(), 'plus is disabled at the maximum');
          await patched;
          quantities.set(option.uuid, option.available);
          await cartShowsQuantities(page);

          patched = cartPatched(page, cartUuid, option.minimum);
          await textbox.fill('abc');
          await showsQuantity(stepper, option.minimum);
          await patched;
          assert.ok(await minus.isDisabled(), 'minus is disabled at the minimum');
          quantities.set(option.uuid, option.minimum);

          await textbox.fill(String(option.minimum - 1));
          await says(`Minimum order quantity is ${option.minimum}`);
          await showsQuantity(stepper, option.minimum);

          patched = cartPatched(page, cartUuid, option.minimum + 1);
          await plus.click();
          await patched;
          quantities.set(option.uuid, option.minimum + 1);
          await cartShowsQuantities(page);
        },
      );

      step('Remove takes a line out; a reload shows what the server kept', async (page) => {
        const option = twoKeys.picks[1];
        const removed = apiAnswer(page, 'DELETE', '/api/v1/cart');
        await cartItem(page, twoKeys.title, option.label)
          .getByRole('button', { name: /^Remove/ })
          .click();
        const { status, request } = await removed;
        assert.equal(status, 200, 'DELETE /api/v1/cart');
        assert.deepEqual(request, { cartUuid: cartUuids.get(option.uuid) });
        quantities.delete(option.uuid);
        await cartItem(page, twoKeys.title, option.label).waitFor({ state: 'detached' });
        await cartShowsQuantities(page);

        const cart = await cartReadBy(page, () => page.reload());
        assert.deepEqual(
          cart.cartList.map((line) => [line.productOption.uuid, line.quantity]).sort(),
          [...quantities].sort(),
          'the server holds the quantities the buyer chose',
        );
        await cartShowsQuantities(page);
      });

      step('checkout lists the lines and names a missing field', async (page) => {
        profile = await api.get('/api/v1/user');
        await page.getByRole('link', { name: 'CHECKOUT', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/order');
        const form = page.getByRole('form', { name: 'Delivery', exact: true });
        const number = form.getByLabel('Business registration number', { exact: true });
        const company = form.getByLabel('Company name', { exact: true });
        assert.equal(await number.inputValue(), profile.businessRegistrationNumber);
        assert.equal(await company.inputValue(), profile.companyName);
        assert.ok(
          !(await number.isEditable()) && !(await company.isEditable()),
          'the company fields are read-only',
        );

        const products = page.getByRole('complementary', { name: 'Product Information', exact: true });
        const items = products
          .getByRole('list', { name: 'Products to order', exact: true })
          .getByRole('listitem');
        await eventually(async () => assert.equal(await items.count(), lines().length));
        for (const [product, option] of lines()) {
          const quantity = quantities.get(option.uuid)!;
          const item = items.filter({ hasText: product.title }).filter({ hasText: option.label });
          const calc = `${quantity} x ${price(option.priceMinor)} = ${price(option.priceMinor * quantity)}`;
          await item.getByText(calc, { exact: true }).waitFor();
        }
        await showsAmount(products, 'Total', price(expectedTotal()));

        await form.getByLabel('Receiver name', { exact: true }).fill(buyer.receiver.name);
        await form.getByLabel('Receiver email', { exact: true }).fill(buyer.receiver.email);
        // The phone starts filled from the profile; emptied, it is the one field named.
        const phone = form.getByLabel('Phone number', { exact: true });
        assert.notEqual(await phone.inputValue(), '');
        await phone.fill('');
        await page.getByRole('button', { name: 'ORDER NOW', exact: true }).click();
        await answerDialog(page, 'Please fill in the following fields: Phone number is required');
        assert.deepEqual(await answersSeen(session!, 'POST', '/api/v1/order'), [], 'nothing is ordered');
        await form.getByLabel('Phone number', { exact: true }).fill(buyer.receiver.phone);
      });

      step('a new address is added in Select Address and chosen for delivery', async (page) => {
        const form = page.getByRole('form', { name: 'Delivery', exact: true });
        await form.getByRole('button', { name: 'Select / Add Address', exact: true }).click();
        const picker = page.getByRole('dialog', { name: 'Select Address', exact: true });
        await picker.getByRole('button', { name: 'Add Address', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Address', exact: true });
        await dialog.getByLabel('Postal code', { exact: true }).fill(buyer.address.postalCode);
        await dialog.getByLabel('Shipping address', { exact: true }).fill(buyer.address.detail);
        const country = dialog.getByRole('combobox', { name: 'Country', exact: true });
        if (buyer.currency === 'USD') await country.selectOption({ label: buyer.address.country });
        assert.equal(await country.locator('option:checked').textContent(), buyer.address.country);
        assert.equal(
          await dialog.getByRole('checkbox', { name: 'Set as default address', exact: true }).isChecked(),
          false,
        );
        const saved = apiAnswer(page, 'POST', '/api/v1/user/address');
        await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
        assert.equal((await saved).status, 200, 'POST /api/v1/user/address');
        await answerDialog(page, 'Address added successfully!');

        const added = picker.getByRole('listitem').filter({ hasText: buyer.address.detail });
        await added.getByRole('button', { name: 'Select', exact: true }).click();
        await picker.waitFor({ state: 'detached' });
        assert.equal(
          await form.getByLabel('Postal code', { exact: true }).inputValue(),
          buyer.address.postalCode,
        );
        assert.equal(await form.getByLabel('Address', { exact: true }).inputValue(), buyer.address.detail);
      });

      step(
        'ORDER NOW asks first, then assigns a person in charge; Confirm opens the order detail',
        async (page) => {
          const orderNow = page.getByRole('button', { name: 'ORDER NOW', exact: true });
          await orderNow.click();
          await answerDialog(page, 'Do you want to place the order?', 'Cancel');
          assert.deepEqual(await answersSeen(session!, 'POST', '/api/v1/order'), [], 'Cancel orders nothing');

          const placed = apiAnswer<{ uuid: string; orderNumber: string }>(page, 'POST', '/api/v1/order');
          await orderNow.click();
          await answerDialog(page, 'Do you want to place the order?');
          const { status, data, request } = await placed;
          assert.equal(status, 200, 'POST /api/v1/order');
          assert.deepEqual(
            (
              request as { productOptionList: { productOptionUuid: string; quantity: number }[] }
            ).productOptionList
              .map((line) => [line.productOptionUuid, line.quantity])
              .sort(),
            [...quantities].sort(),
            'the order carries the cart lines',
          );
          const assigned = page.getByRole('dialog', { name: 'Assigning a person in charge', exact: true });
          await assigned.getByText(data.orderNumber).waitFor();
          await assigned.getByRole('link', { name: 'Confirm', exact: true }).click();
          await page.waitForURL((url) => url.pathname === `/mypage/shoppingdetail/${data.uuid}`);

          const detail = await orderDetailShown(page);
          const shown = await termsShown(detail);
          assert.equal(shown['Order Number'], data.orderNumber);
          assert.ok(shown['Order Date'], 'the order date shows');
          assert.equal(shown.Status, 'PENDING (Assigning a person in charge)');
          assert.equal(shown.Total, price(expectedTotal()));
          assert.equal(shown.SubTotal, undefined, 'no SubTotal before any memo');
          assert.equal(shown['Receiver Name'], buyer.receiver.name);
          assert.equal(shown.Company, profile.companyName);
          assert.equal(shown.Phone, buyer.receiver.phone);
          assert.equal(shown.Address, `${buyer.address.detail} (${buyer.address.postalCode})`);
          assert.equal(shown.Country, buyer.address.country);

          const ordered = detail
            .getByRole('list', { name: 'Ordered products', exact: true })
            .getByRole('listitem');
          assert.equal(await ordered.count(), lines().length);
          for (const [product, option] of lines()) {
            const quantity = quantities.get(option.uuid)!;
            const item = await visibleText(
              ordered.filter({ hasText: product.title }).filter({ hasText: option.label }),
            );
            assert.ok(item.includes(`Quantity: ${quantity}`), `${option.label}: quantity ${quantity}`);
            assert.ok(item.includes(price(option.priceMinor * quantity)), `${option.label}: its amount`);
          }
          const firstTitle = (await visibleText(ordered.first().getByRole('paragraph').first())).trim();
          order = {
            uuid: data.uuid,
            orderNumber: data.orderNumber,
            subtotalMinor: expectedTotal(),
            firstTitle,
          };
        },
      );

      step('the ordered lines left the cart', async (page) => {
        const cart: CartData = await cartReadBy(page, () =>
          page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }).click(),
        );
        const left = cart.cartList.filter((line) => quantities.has(line.productOption.uuid));
        assert.deepEqual(left, [], 'no ordered line is in the cart the page read');
        await page.getByText('Your cart is empty', { exact: true }).waitFor();
        const stored = await api.get<CartData>('/api/v1/cart');
        assert.deepEqual(
          stored.cartList.filter((line) => quantities.has(line.productOption.uuid)),
          [],
          'no ordered line is in the stored cart',
        );
        await page.getByRole('link', { name: 'Continue Shopping', exact: true }).waitFor();
      });

      step('Shopping Info lists the order and opens its detail', async (page) => {
        await page.getByRole('banner').getByRole('link', { name: 'My Page', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/mypage');
        await page
          .getByRole('navigation', { name: 'My Page menu', exact: true })
          .getByRole('link', { name: 'Shopping Info', exact: true })
          .click();
        await page.waitForURL((url) => url.pathname === '/mypage/shoppinginfo');
        await page.getByRole('heading', { level: 1, name: 'Shopping Info', exact: true }).waitFor();
        const { card, link } = orderCard(page, order.orderNumber);
        const text = await visibleText(card);
        assert.ok(text.includes(order.orderNumber), 'the card shows the order number');
        assert.ok(text.includes(order.firstTitle), 'the card shows the first product');
        assert.ok(text.includes(`and ${lines().length - 1} more`), 'the card counts the other products');
        assert.ok(text.includes(price(order.subtotalMinor)), 'the card shows the amount');

        await link.click();
        await page.waitForURL((url) => url.pathname === `/mypage/shoppingdetail/${order.uuid}`);
        const shown = await termsShown(await orderDetailShown(page));
        assert.equal(shown['Order Number'], order.orderNumber);
      });

      step('a staff memo and the move to CONFIRMED show on the order after a reload', async (page) => {
        const memoed = await shop.staff('order', order.orderNumber, 'memo', buyer.memo.text);
        assert.match(memoed, /memo added/);
        // An order is confirmed only with a person in charge.
        const desk = `desk-${buyer.currency.toLowerCase()}@kshop.example`;
        await shop.staff('staff', 'create', desk, '--language', 'en');
        assert.match(await shop.staff('order', order.orderNumber, 'assign', desk), /is in charge/);
        const moved = await shop.staff('order', order.orderNumber, 'status', 'CONFIRMED');
        assert.match(moved, /PENDING -> CONFIRMED/);

        await page.reload();
        const shown = await termsShown(await orderDetailShown(page));
        assert.equal(shown.Status, 'CONFIRMED');
        assert.equal(shown.SubTotal, price(order.subtotalMinor));
        assert.equal(shown[buyer.memo.label], price(buyer.memo.minor));
        assert.equal(shown.Total, price(order.subtotalMinor + buyer.memo.minor));

        await page.getByRole('link', { name: 'Back to Shopping Info', exact: true }).click();
        const { card, link } = orderCard(page, order.orderNumber);
        await eventually(async () =>
          assert.ok((await visibleText(card)).includes(price(order.subtotalMinor + buyer.memo.minor))),
        );
        assert.ok(await link.isVisible(), 'Shopping Info shows the order');
      });

      step("ORDER AGAIN puts the order's lines back into the cart at their quantities", async (page) => {
        await orderCard(page, order.orderNumber).link.click();
        await page.waitForURL((url) => url.pathname === `/mypage/shoppingdetail/${order.uuid}`);
        await page.getByRole('button', { name: 'ORDER AGAIN', exact: true }).click();
        await page.getByText('Added to your cart:', { exact: true }).waitFor();
        const stored = await api.get<CartData>('/api/v1/cart');
        const inCart = new Map(stored.cartList.map((line) => [line.productOption.uuid, line.quantity]));
        for (const [uuid, quantity] of quantities) {
          assert.equal(inCart.get(uuid), quantity, 'each ordered line is back in the cart as it was ordered');
        }
        await page.getByRole('link', { name: 'Go to cart', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cart');
      });
    });
  }
});
