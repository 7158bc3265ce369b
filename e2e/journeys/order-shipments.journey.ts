import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, severeViolations } from '../support/axe.js';
import { downloadedText, orderHeading, staffToken } from '../support/back-office.js';
import { type Session, withScreenshot } from '../support/browser.js';
import { waitForMail } from '../support/outbox.js';
import {
  apiCall,
  KOREA,
  memberCalls,
  openStaffDesk,
  orderableOptions,
  placeOrder,
  type StaffDesk,
} from '../support/staff-desk.js';
import { logIn } from '../support/storefront.js';

const OWNER = 'shipper@kshop.example';
const FIRST = { carrier: 'CJ대한통운', tracking: '6001-2345-6789' };
const SECOND = { carrier: 'EMS', tracking: 'EE123456789KR' };

/** As the demo Korean company, through the API: an order of 3 of one option and 2 of another product's. */
async function orderOfTwoLines(baseUrl: string) {
  const api = await memberCalls(baseUrl, KOREA);
  const [a, b] = await orderableOptions(api, 2);
  const order = await placeOrder(api, [
    { option: a!, quantity: 3 },
    { option: b!, quantity: 2 },
  ]);
  return { order, a: a!, b: b! };
}

describe('shipments: staff ship an order in two parcels with tracking, and download its documents', () => {
  let desk: StaffDesk;
  let owner: Session;
  let buyer: Session;
  let current: Session | undefined;
  let setup: Awaited<ReturnType<typeof orderOfTwoLines>>;

  before(async () => {
    desk = await openStaffDesk(OWNER, { buyer: true });
    owner = desk.owner;
    buyer = desk.buyer!;
    setup = await orderOfTwoLines(desk.shop.url);
    // Confirmed through the API with the owner's own token: this journey is about what follows.
    const token = await staffToken(owner.page);
    const { orderNumber } = setup.order;
    const detail = await apiCall<{ assignableStaff: { id: string; email: string }[] }>(
      desk.shop.url,
      `/api/v1/admin/orders/${orderNumber}`,
      token,
    );
    const me = detail.assignableStaff.find((s) => s.email === OWNER)!;
    await apiCall(desk.shop.url, `/api/v1/admin/orders/${orderNumber}/person-in-charge`, token, {
      staffId: me.id,
    });
    for (const status of ['CONFIRMED', 'PAID', 'PREPARING']) {
      await apiCall(desk.shop.url, `/api/v1/admin/orders/${orderNumber}/status`, token, { status });
    }
  });

  after(() => desk?.close());

  const step = (name: string, who: () => Session, body: (page: Page) => Promise<void>) =>
    it(
      name,
      withScreenshot(
        () => current,
        async () => {
          current = who();
          await body(current.page);
        },
      ),
    );

  const panel = (page: Page) => page.getByRole('region', { name: 'Shipments', exact: true });
  const shipNow = (page: Page, title: string) =>
    panel(page).getByRole('spinbutton', {
      name: new RegExp(`^Ship now: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });

  async function ship(page: Page, parcel: { carrier: string; tracking: string }) {
    await panel(page).getByRole('combobox', { name: 'Carrier', exact: true }).fill(parcel.carrier);
    await panel(page).getByRole('textbox', { name: 'Tracking number', exact: true }).fill(parcel.tracking);
    await panel(page).getByRole('button', { name: 'Ship', exact: true }).click();
  }

  step(
    'ships part of the order: one of the first line, with carrier and tracking number',
    () => owner,
    async (page) => {
      const { order, a, b } = setup;
      await page.goto(`/admin/orders/${order.orderNumber}`);
      await orderHeading(page, order.orderNumber, 'Preparing').waitFor();
      assert.equal(await shipNow(page, a.title).inputValue(), '3', 'the open quantity is offered');
      await shipNow(page, a.title).fill('1');
      await shipNow(page, b.title).fill('0');
      await ship(page, FIRST);
      await panel(page).getByRole('status').filter({ hasText: 'Shipment recorded.' }).waitFor();
      const sent = panel(page).getByRole('list', { name: 'Sent', exact: true });
      await sent.getByText(FIRST.tracking, { exact: true }).waitFor();
      // The form now offers what is still open, and the order is still Preparing.
      await orderHeading(page, order.orderNumber, 'Preparing').waitFor();
      assert.equal(await shipNow(page, a.title).inputValue(), '2');
      assert.equal(await shipNow(page, b.title).inputValue(), '2');
      const mail = await waitForMail(desk.shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${order.orderNumber}: part of your order has shipped$`),
      });
      assert.match(mail.text, new RegExp(FIRST.tracking));
      assert.match(mail.text, /Still to ship/);
    },
  );

  step(
    'ships the rest in a second parcel: the order becomes Shipped and the history shows both',
    () => owner,
    async (page) => {
      const { order } = setup;
      await ship(page, SECOND);
      await orderHeading(page, order.orderNumber, 'Shipped').waitFor();
      const sent = panel(page).getByRole('list', { name: 'Sent', exact: true });
      await sent.getByText(SECOND.tracking, { exact: true }).waitFor();
      assert.equal(await panel(page).getByRole('button', { name: 'Ship', exact: true }).count(), 0);
      const history = page.getByRole('region', { name: 'History', exact: true });
      await history.getByText(new RegExp(`tracking ${FIRST.tracking}`)).waitFor();
      await history.getByText(new RegExp(`tracking ${SECOND.tracking}`)).waitFor();
      const mail = await waitForMail(desk.shop.dataDir, {
        to: KOREA.email,
        subject: new RegExp(`^Order ${order.orderNumber}: Shipped$`),
      });
      assert.match(mail.text, new RegExp(FIRST.tracking));
      assert.match(mail.text, new RegExp(SECOND.tracking));
      const { violations } = await severeViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
    },
  );

  step(
    'downloads the invoice, the packing list and the second parcel packing list as PDFs',
    () => owner,
    async (page) => {
      const { order } = setup;
      const documents = page.getByRole('region', { name: 'Documents', exact: true });
      for (const [label, name] of [
        ['Invoice (PDF)', `invoice-${order.orderNumber}.pdf`],
        ['Packing list (PDF)', `packing-list-${order.orderNumber}.pdf`],
      ] as const) {
        const file = await downloadedText(page, () =>
          documents.getByRole('button', { name: label, exact: true }).click(),
        );
        assert.equal(file.fileName, name);
        assert.ok(file.text.startsWith('%PDF-'), `${label} is a PDF`);
      }
      // Each parcel has its own packing list too.
      const parcel = await downloadedText(page, () =>
        panel(page).getByRole('button', { name: 'Packing list of shipment 2 (PDF)', exact: true }).click(),
      );
      assert.equal(parcel.fileName, `packing-list-${order.orderNumber}-2.pdf`);
      assert.ok(parcel.text.startsWith('%PDF-'), 'the parcel packing list is a PDF');
    },
  );

  step(
    "the buyer's Order Detail shows both parcels with carrier and tracking number",
    () => buyer,
    async (page) => {
      await logIn(page, KOREA.email, KOREA.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/mypage/shoppingdetail/${setup.order.uuid}`);
      const section = page.getByRole('region', { name: 'Shipments', exact: true });
      await section.getByRole('table', { name: 'Shipment 2', exact: true }).waitFor();
      for (const parcel of [FIRST, SECOND]) {
        await section.getByText(parcel.carrier, { exact: true }).waitFor();
        await section.getByText(parcel.tracking, { exact: true }).waitFor();
      }
      assert.equal(await section.getByRole('table', { name: 'Still to Ship', exact: true }).count(), 0);
      const { violations } = await severeViolations(page);
      assert.deepEqual(violations, [], describeViolations(violations));
    },
  );
});
