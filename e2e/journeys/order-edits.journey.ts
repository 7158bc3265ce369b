import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, visibleText } from '../support/assertions.js';
import { describeViolations, severeViolations } from '../support/axe.js';
import { amountsShown, orderHeading } from '../support/back-office.js';
import { type Session, withScreenshot } from '../support/browser.js';
import { money } from '../support/buying.js';
import { waitForMail } from '../support/outbox.js';
import {
  KOREA,
  memberCalls,
  openStaffDesk,
  orderableOptions,
  placeOrder,
  type StaffDesk,
} from '../support/staff-desk.js';

const OWNER = 'editor@kshop.example';
const won = (amount: number) => money(amount, 'KRW');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * As the demo Korean company, through the API: two orderable options of different products; the first is
 * ordered (one line), the second is what staff will add.
 */
async function orderAndSpare(baseUrl: string) {
  const api = await memberCalls(baseUrl, KOREA);
  const [ordered, spare] = await orderableOptions(api, 2);
  const order = await placeOrder(api, [{ option: ordered!, quantity: 1 }]);
  return { order, ordered: ordered!, spare: spare! };
}

describe('order edits: staff change a quantity and add a line before shipping, and see the new total', () => {
  let desk: StaffDesk;
  let owner: Session;
  let current: Session | undefined;
  let setup: Awaited<ReturnType<typeof orderAndSpare>>;

  before(async () => {
    desk = await openStaffDesk(OWNER);
    owner = desk.owner;
    setup = await orderAndSpare(desk.shop.url);
  });

  after(() => desk?.close());

  const step = (name: string, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => current,
        async () => {
          current = owner;
          await body(owner.page);
        },
      ),
    );

  const edits = (page: Page) => page.getByRole('region', { name: 'Change lines', exact: true });

  /** Answers the confirmation that names `action`, after checking what it says the amounts become. */
  async function confirm(page: Page, action: string, says: string) {
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    const said = await visibleText(question);
    assert.ok(said.includes(says), said);
    await question.getByRole('button', { name: action, exact: true }).click();
    await question.waitFor({ state: 'detached' });
  }

  step(
    'changes the ordered quantity from 1 to 3 after a confirmation that shows the new total',
    async (page) => {
      const { order, ordered } = setup;
      await page.goto(`/admin/orders/${order.orderNumber}`);
      await orderHeading(page, order.orderNumber, 'Assigning a person in charge').waitFor();
      const field = edits(page).getByRole('spinbutton', {
        name: new RegExp(`^Quantity of ${escaped(ordered.title)}`),
      });
      await field.fill('3');
      await edits(page).getByRole('button', { name: 'Change quantity', exact: true }).click();
      await confirm(
        page,
        'Change quantity',
        `final amount ${won(ordered.price)} → ${won(3 * ordered.price)}.`,
      );
      await edits(page).getByRole('status').filter({ hasText: 'Quantity changed to 3.' }).waitFor();
      await eventually(async () =>
        assert.equal((await amountsShown(page))['Final amount'], won(3 * ordered.price)),
      );
      const mail = await waitForMail(desk.shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${order.orderNumber} changed$`),
      });
      assert.match(mail.text, /quantity 1 → 3/);
    },
  );

  step('finds another product, adds one of its options and sees the new total', async (page) => {
    const { ordered, spare } = setup;
    const region = edits(page);
    await region.getByRole('searchbox', { name: 'Product, vendor or artist', exact: true }).fill(spare.title);
    await region.getByRole('button', { name: 'Find products', exact: true }).click();
    await region.getByRole('button', { name: spare.title, exact: true }).first().click();
    const option = region.getByRole('combobox', { name: `Option of ${spare.title}`, exact: true });
    await option.selectOption(spare.uuid);
    await region.getByRole('spinbutton', { name: 'Quantity to add', exact: true }).fill('2');
    const total = 3 * ordered.price + 2 * spare.price;
    await region.getByRole('button', { name: 'Add line', exact: true }).click();
    await confirm(page, 'Add line', `final amount ${won(3 * ordered.price)} → ${won(total)}.`);
    await region.getByRole('status').filter({ hasText: 'added.' }).waitFor();
    await eventually(async () => {
      const amounts = await amountsShown(page);
      assert.equal(amounts.Products, won(total));
      assert.equal(amounts['Final amount'], won(total));
    });
    const lines = page.getByRole('region', { name: 'Lines', exact: true });
    await lines.getByRole('cell', { name: spare.title, exact: true }).waitFor();
    // The history lists both edits.
    const history = page.getByRole('region', { name: 'History', exact: true });
    await history.getByText(/^Added .* × 2$/).waitFor();
    await history.getByText(/: 1 → 3$/).waitFor();
    const { violations } = await severeViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
  });
});
