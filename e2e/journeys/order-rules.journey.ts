import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { windowState } from '../../packages/contract/dist/index.js';
import { eventually, visibleText } from '../support/assertions.js';
import {
  amountsShown,
  moveOrder,
  offeredMoves,
  oneTimePasswordIn,
  orderHeading,
  replaceOneTimePassword,
  signIn,
  statusRegion,
} from '../support/back-office.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { money, orderDetailShown } from '../support/buying.js';
import { waitForMail } from '../support/outbox.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';
import { logIn } from '../support/storefront.js';

const OWNER = { email: 'desk@kshop.example', password: 'Backoffice2025!' };
const KOREA = { email: 'korea@demo.kshop.example', password: 'Demo1234!' };
const REASON = 'The label cancelled the pressing.';
const won = (minor: number) => money(minor, 'KRW');

type Envelope<T> = { statusCode: number; message: string; data: T };

/** Places a one-line order as the demo Korean company through the API; answers its number and amount. */
async function placeOrder(baseUrl: string) {
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
  const login = await call<{ accessToken: string }>('/api/v1/auth/login', undefined, KOREA);
  const token = login.data.accessToken;
  const list = await call<{ productOptionList: { optionUuid: string }[] }>(
    '/api/v1/product/list?limit=50&sort=latest',
    token,
  );
  for (const { optionUuid } of list.data.productOptionList) {
    const detail = await call<{
      product: { salesStartAt?: string | null; salesEndAt?: string | null; preorder?: boolean };
      optionList: {
        uuid: string;
        isSoldOut: boolean;
        stock: number;
        minimumOrderQuantity: number;
        productPrice: { totalPrice: number } | null;
      }[];
    }>(`/api/v1/product/detail/${optionUuid}`, token);
    // Inside its order window and sold from stock (issue 34).
    const { salesStartAt = null, salesEndAt = null, preorder = false } = detail.data.product;
    if (preorder || windowState({ salesStartAt, salesEndAt }) !== 'OPEN') continue;
    const option = detail.data.optionList.find(
      (o) => !o.isSoldOut && o.productPrice && o.stock >= o.minimumOrderQuantity + 5,
    );
    if (!option) continue;
    const quantity = option.minimumOrderQuantity;
    const amount = option.productPrice!.totalPrice * quantity;
    const placed = await call<{ uuid: string; orderNumber: string }>('/api/v1/order', token, {
      currencyCode: 'KRW',
      finalPaymentAmount: amount,
      productOptionList: [{ productOptionUuid: option.uuid, quantity }],
      receiverInfo: {
        companyName: 'Hanbit Records Co., Ltd.',
        companyEmail: KOREA.email,
        receiverName: 'Kim Minji',
        phoneNumber: '+82 10-1234-5678',
        postalCode: '06234',
        addressDetail: '12 Teheran-ro, Gangnam-gu, Seoul',
      },
    });
    assert.equal(placed.statusCode, 200, placed.message);
    return { ...placed.data, amount };
  }
  throw new Error('the demo catalogue has no option to order');
}

describe('order rules: a person in charge before confirming, memos voided, cancelling with a reason', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let owner: Session;
  let buyer: Session;
  let current: Session | undefined;
  let order: { uuid: string; orderNumber: string; amount: number };

  before(async () => {
    [shop, browser] = await startWithBrowser(startStaffedShop());
    const printed = await shop.staff('staff', 'create', OWNER.email, '--language', 'en');
    owner = await openSession(browser, shop.url);
    buyer = await openSession(browser, shop.url);
    order = await placeOrder(shop.url);
    await signIn(owner.page, OWNER.email, oneTimePasswordIn(printed));
    await replaceOneTimePassword(owner.page, oneTimePasswordIn(printed), OWNER.password);
  });

  after(async () => {
    for (const opened of [owner, buyer]) await opened?.close();
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
    'with nobody in charge the order offers only Cancel order and says why; assigning oneself offers Confirm',
    () => owner,
    async (page) => {
      await page.goto(`/admin/orders/${order.orderNumber}`);
      await orderHeading(page, order.orderNumber, 'Assigning a person in charge').waitFor();
      assert.deepEqual(await offeredMoves(page), ['Cancel order']);
      await statusRegion(page)
        .getByText('Assign a person in charge before confirming the order.', { exact: true })
        .waitFor();
      const panel = page.getByRole('region', { name: 'Person in charge', exact: true });
      await panel.getByRole('combobox', { name: 'Person in charge', exact: true }).selectOption({
        label: OWNER.email,
      });
      await panel.getByRole('button', { name: 'Assign', exact: true }).click();
      await panel.getByRole('status').filter({ hasText: 'Person in charge updated.' }).waitFor();
      await eventually(async () =>
        assert.deepEqual(await offeredMoves(page), ['Mark as Confirmed', 'Cancel order']),
      );
      await moveOrder(page, order.orderNumber, 'Mark as Confirmed', 'Confirmed');
    },
  );

  step(
    'a voided memo stays listed with who voided it and no longer counts in the final amount',
    () => owner,
    async (page) => {
      const region = page.getByRole('region', { name: 'Amounts and memos', exact: true });
      const hint = await visibleText(region.locator('.field__hint').first());
      assert.ok(hint.includes('Shipping fee/15000 adds ₩15,000'), hint);
      const field = region.getByLabel('New memo', { exact: true });
      for (const memo of ['Shipping fee/15000', 'Discount/-5000']) {
        await field.fill(memo);
        await region.getByRole('button', { name: 'Add memo', exact: true }).click();
        await eventually(async () => assert.equal(await field.inputValue(), ''));
      }
      await eventually(async () =>
        assert.equal((await amountsShown(page))['Final amount'], won(order.amount + 10_000)),
      );
      await region.getByRole('button', { name: 'Void memo Discount/-5000', exact: true }).click();
      const question = page.getByRole('alertdialog');
      await question.getByRole('button', { name: 'Void memo', exact: true }).click();
      await eventually(async () =>
        assert.equal((await amountsShown(page))['Final amount'], won(order.amount + 15_000)),
      );
      const memos = region.getByRole('list', { name: 'Memos', exact: true }).getByRole('listitem');
      const texts = await memos.allInnerTexts();
      assert.equal(texts.length, 2);
      assert.ok(texts[0]!.includes(`Added by ${OWNER.email}`), texts[0]);
      assert.ok(texts[1]!.includes('(voided)') && texts[1]!.includes(`voided by ${OWNER.email}`), texts[1]);
    },
  );

  step(
    'cancelling asks for a reason, refuses an empty one, and the history records who and why',
    () => owner,
    async (page) => {
      const status = statusRegion(page);
      await status.getByRole('button', { name: 'Cancel order', exact: true }).click();
      const reason = status.getByLabel('Reason for cancelling', { exact: true });
      await reason.waitFor();
      const submit = status.locator('form').getByRole('button', { name: 'Cancel order', exact: true });
      await submit.click();
      await status
        .getByRole('alert')
        .filter({ hasText: 'Please give a reason for cancelling the order.' })
        .waitFor();
      await reason.fill(REASON);
      await submit.click();
      const question = page.getByRole('alertdialog', {
        name: new RegExp(`^Move order ${order.orderNumber} to Cancelled\\? `),
      });
      await question.getByRole('button', { name: 'Cancel order', exact: true }).click();
      await orderHeading(page, order.orderNumber, 'Cancelled').waitFor();

      const steps = await page
        .getByRole('region', { name: 'History', exact: true })
        .getByRole('listitem')
        .allInnerTexts();
      assert.equal(steps.length, 3, steps.join(' | '));
      assert.ok(steps[0]!.includes('by the buyer'), steps[0]);
      assert.ok(steps[2]!.includes(`by ${OWNER.email}`) && steps[2]!.includes(REASON), steps[2]);
      // Memos stay as they are on a cancelled order.
      assert.equal(await page.getByLabel('New memo', { exact: true }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^Void memo/ }).count(), 0);
    },
  );

  step(
    "the buyer's mail carries the reason",
    () => owner,
    async () => {
      const mail = await waitForMail(shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${order.orderNumber}: Cancelled$`),
      });
      assert.ok(mail.text.includes(`Reason: ${REASON}`), mail.text);
    },
  );

  step(
    'the staff command line keeps the same rules: someone in charge to confirm, a reason to cancel',
    () => owner,
    async () => {
      const other = await placeOrder(shop.url);
      const refusal = (args: string[]) =>
        shop.staff(...args).then(
          () => assert.fail(`'${args.join(' ')}' was not refused`),
          (error: { stderr?: string }) => error.stderr ?? '',
        );
      assert.match(
        await refusal(['order', other.orderNumber, 'status', 'CONFIRMED']),
        /Assign a person in charge before confirming the order\./,
      );
      assert.match(await shop.staff('order', other.orderNumber, 'assign', OWNER.email), /is in charge/);
      assert.match(
        await shop.staff('order', other.orderNumber, 'status', 'CONFIRMED'),
        /PENDING -> CONFIRMED/,
      );
      assert.match(await refusal(['order', other.orderNumber, 'status', 'CANCELLED']), /CANCELLED <reason>/);
      assert.match(
        await shop.staff('order', other.orderNumber, 'status', 'CANCELLED', 'Ordered', 'twice.'),
        /CONFIRMED -> CANCELLED/,
      );
      const mail = await waitForMail(shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${other.orderNumber}: Cancelled$`),
      });
      assert.ok(mail.text.includes('Reason: Ordered twice.'), mail.text);
    },
  );

  step(
    "the buyer's Order Detail lists each status with its date and the memos that count",
    () => buyer,
    async (page) => {
      await logIn(page, KOREA.email, KOREA.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/mypage/shoppingdetail/${order.uuid}`);
      const detail = await orderDetailShown(page);
      const history = detail.getByRole('region', { name: 'Status History', exact: true });
      const steps = await history.getByRole('listitem').allInnerTexts();
      assert.deepEqual(
        steps.map((s) => s.split(' ')[0]),
        ['PENDING', 'CONFIRMED', 'CANCELLED'],
      );
      assert.ok(
        steps.every((s) => /\d{4}\. \d{1,2}\. \d{1,2}\./.test(s)),
        steps.join(' | '),
      );
      const text = await visibleText(detail);
      assert.ok(text.includes('Shipping fee'), 'the memo that counts is shown');
      assert.ok(!text.includes('Discount'), 'the voided memo is not');
    },
  );
});
