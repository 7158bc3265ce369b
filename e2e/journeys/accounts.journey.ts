import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  accessToken,
  addressesShown,
  addressItem,
  addressRegion,
  answerDialog,
  fillAddressDialog,
  myInfoRegion,
  myPageIcon,
  openMyAccount,
  profileRegion,
  profileShown,
  writeCertificatePdf,
} from '../support/account.js';
import { eventually, visibleText } from '../support/assertions.js';
import { openSession, type Session, startWithBrowser, withScreenshot } from '../support/browser.js';
import { mailsTo, readFromMail, waitForMail } from '../support/outbox.js';
import { type StaffedShop, startStaffedShop } from '../support/staffed-shop.js';
import { cards, homeSection, logIn, mainNav, menuItem } from '../support/storefront.js';

/** The company that signs up in this journey and lives through it to the deletion of its account. */
const COMPANY = {
  email: 'orders@hanbit-records.example',
  password: 'Hanbit2024!',
  businessRegistrationNumber: '1208812345',
  companyName: 'Hanbit Records',
  representativeName: 'Kim Minji',
  phoneNumber: '+82 10-1234-5678',
  postalCode: '04524',
  companyAddress: 'Seoul, Jung-gu, Sejong-daero 110',
  certificate: 'business-certificate.pdf',
};
const NEW_PHONE = '+82 2-555-0199';
const NEW_PASSWORD = 'Seoul2025!';
const SEOUL = {
  postalCode: '04524',
  addressDetail: 'Seoul, Jung-gu, Sejong-daero 110, 3F',
  isDefault: false,
};
const SEOUL_EDITED = { ...SEOUL, addressDetail: 'Seoul, Jung-gu, Sejong-daero 110, 5F' };
const BUSAN = { postalCode: '48058', addressDetail: 'Busan, Haeundae-gu, Centum-ro 55', isDefault: true };
/** An address card's text: a Korea Company's addresses are in Korea unless it names another country. */
const cardText = (postalCode: string, addressDetail: string) =>
  `[${postalCode}] ${addressDetail}, South Korea`;
const SHOP_INBOX = 'sales@kshop.example';
const INVALID_LOGIN = 'Invalid email or password.';

const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** Through the main menu: CONTACT US opens a panel with the CONTACT US link. */
async function openContactUs(page: Page) {
  await menuItem(page, 'CONTACT US').hover();
  await mainNav(page).getByRole('link', { name: 'CONTACT US', exact: true }).click();
  await atPath(page, '/contact');
  await page.getByRole('heading', { level: 1, name: 'CONTACT US', exact: true }).waitFor();
}

/** Logs in and expects to stay on /login with the server's refusal under the email, and no session. */
async function loginRefused(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await page.getByRole('alert').filter({ hasText: INVALID_LOGIN }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.equal(await accessToken(page), null, 'no session was started');
}

/** Logs in and expects the home page with a session. */
async function loginAccepted(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await atPath(page, '/');
  assert.ok(await accessToken(page), 'the token is kept in sessionStorage.accessToken');
}

describe('a company signs up, is approved, keeps its account and deletes it', () => {
  let shop: StaffedShop;
  let browser: Browser;
  let filesDir: string;
  /** The browser the company signs up in and keeps its account with. */
  let company: Session;
  /** Another browser, where the company recovers its password and goes on. */
  let recovered: Session;
  let guest: Session;
  /** The browser the running step works in; a failing step screenshots it. */
  let current: Session | undefined;
  /** The password that works right now; it changes as the company changes or recovers it. */
  let password = COMPANY.password;

  before(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'kshop-e2e-files-'));
    [shop, browser] = await startWithBrowser(startStaffedShop());
    // Fresh browser contexts (empty session storage): the company's, its second computer's, a guest's.
    const open = () => openSession(browser, shop.url);
    [company, recovered, guest] = await Promise.all([open(), open(), open()]);
  });

  after(async () => {
    for (const opened of [company, recovered, guest]) await opened?.close();
    await browser?.close();
    await shop?.stop();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  /** A step working in the browser `session()` gives. */
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
    'the sign-up form counts the code down in m:ss and refuses a wrong code with Wrong code',
    () => company,
    async (signup) => {
      await signup.goto('/signup');
      await signup.getByRole('heading', { level: 1, name: 'CREATE ACCOUNT', exact: true }).waitFor();
      const verify = signup.getByRole('button', { name: 'Verify', exact: true });
      assert.ok(await verify.isDisabled(), 'Verify waits for a code to be sent');

      await signup.getByLabel('Email', { exact: true }).fill(COMPANY.email);
      await signup.getByRole('button', { name: 'Send', exact: true }).click();
      const timer = signup.getByRole('timer', { name: 'Time left', exact: true });
      const first = (await visibleText(timer)).trim();
      assert.match(first, /^(3:00|2:[0-5]\d)$/, 'the countdown starts at 3:00');
      const seconds = (shown: string) => {
        const [minutes = '', rest = ''] = shown.split(':');
        return Number(minutes) * 60 + Number(rest);
      };
      await eventually(
        async () => {
          const shown = (await visibleText(timer)).trim();
          assert.match(shown, /^[0-2]:[0-5]\d$/);
          assert.ok(seconds(shown) < seconds(first), `the countdown still shows ${shown}`);
        },
        { timeout: 5_000 },
      );
      assert.ok(await verify.isEnabled(), 'Verify works once a code is sent');

      const mail = await waitForMail(shop.dataDir, { to: COMPANY.email, subject: /verification code/i });
      const code = readFromMail(mail, /Your verification code is (\d{6})\./);
      const wrongCode = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
      const codeField = signup.getByLabel('Verification code', { exact: true });
      await codeField.fill(wrongCode);
      await verify.click();
      await signup.getByRole('alert').filter({ hasText: 'Wrong code' }).waitFor();
      assert.equal(await signup.getByText('Email verified.', { exact: true }).count(), 0);

      await codeField.fill(code);
      await verify.click();
      await signup.getByText('Email verified.', { exact: true }).waitFor();
      assert.equal(await timer.count(), 0, 'the countdown stops once the email is verified');
      assert.equal(
        await signup.getByLabel('Email', { exact: true }).isEditable(),
        false,
        'the email is locked',
      );
    },
  );

  step(
    'the company completes the sign-up with its certificate and is sent to /login',
    () => company,
    async (signup) => {
      await signup.getByLabel('Password', { exact: true }).fill(COMPANY.password);
      await signup.getByLabel('Password check', { exact: true }).fill(COMPANY.password);

      const location = signup.getByRole('group', { name: 'Company Location', exact: true });
      const korea = location.getByRole('button', { name: 'Korea Company', exact: true });
      const global = location.getByRole('button', { name: 'Global Company', exact: true });
      await korea.click();
      assert.equal(await korea.getAttribute('aria-pressed'), 'true');
      assert.equal(await global.getAttribute('aria-pressed'), 'false');

      await signup
        .getByLabel('Business registration number', { exact: true })
        .fill(COMPANY.businessRegistrationNumber);
      await signup.getByLabel('Company name', { exact: true }).fill(COMPANY.companyName);
      await signup.getByLabel('Representative name', { exact: true }).fill(COMPANY.representativeName);
      await signup.getByLabel('Phone number', { exact: true }).fill(COMPANY.phoneNumber);
      await signup.getByLabel('Postal code', { exact: true }).fill(COMPANY.postalCode);
      await signup.getByLabel('Business address', { exact: true }).fill(COMPANY.companyAddress);
      await signup
        .getByLabel('Business certificate', { exact: true })
        .setInputFiles(await writeCertificatePdf(filesDir, COMPANY.certificate));
      await signup.getByText(`Uploaded: ${COMPANY.certificate}`, { exact: true }).waitFor();

      await signup
        .getByRole('checkbox', { name: 'I agree to the privacy policy (required)', exact: true })
        .check();
      await signup
        .getByRole('checkbox', { name: 'I agree to the terms of service (required)', exact: true })
        .check();
      await signup.getByRole('button', { name: 'CREATE', exact: true }).click();
      await answerDialog(signup, 'Sign up successful! Please log in.');
      await atPath(signup, '/login');
    },
  );

  step(
    'logging in while pending, the company is told so and its session is cleared',
    () => company,
    async (buyer) => {
      await logIn(buyer, COMPANY.email, COMPANY.password);
      await answerDialog(buyer, 'Your account is pending approval. Please contact support.');
      assert.equal(await accessToken(buyer), null, 'the session is cleared');
      assert.equal(await myPageIcon(buyer).getAttribute('href'), '/login', 'My Page leads a guest to /login');
    },
  );

  step(
    'approved with the staff command, the company logs in and sees prices in won (₩)',
    () => company,
    async (buyer) => {
      const printed = await shop.staff('approve', COMPANY.email);
      assert.ok(printed.includes(`Approved ${COMPANY.email} (${COMPANY.companyName}).`), printed);
      await waitForMail(shop.dataDir, { to: COMPANY.email, subject: /account is approved/ });

      await loginAccepted(buyer, COMPANY.email, password);
      const preOrder = homeSection(buyer, 'PRE-ORDER');
      await eventually(async () => assert.match(await visibleText(cards(preOrder).first()), /₩/));
      const home = await visibleText(buyer.locator('body'));
      assert.ok(!home.includes('Members Only'), 'an approved member sees no Members Only');
      assert.ok(!home.includes('US$'), 'a Korea Company sees no US$');
    },
  );

  step(
    'My Page asks for the password again, then My Account shows the profile and its certificate',
    () => company,
    async (buyer) => {
      await openMyAccount(buyer, COMPANY.email, password);
      const menu = buyer.getByRole('navigation', { name: 'My Page menu', exact: true });
      for (const link of ['My Page', 'My Account', 'Shopping Info']) {
        await menu.getByRole('link', { name: link, exact: true }).waitFor();
      }
      await buyer.getByRole('button', { name: 'LOG OUT', exact: true }).waitFor();

      const profile = await profileShown(buyer);
      assert.equal(profile.Email, COMPANY.email);
      assert.equal(profile['Phone number'], COMPANY.phoneNumber);
      assert.equal(profile['Company name'], COMPANY.companyName);
      assert.equal(profile['Representative name'], COMPANY.representativeName);
      assert.equal(profile['Business registration number'], COMPANY.businessRegistrationNumber);
      assert.equal(profile.Address, COMPANY.companyAddress);
      assert.equal(profile['Postal code'], COMPANY.postalCode);
      assert.match(profile['Business certificate'] ?? '', new RegExp(`^${COMPANY.certificate}`));

      const [download] = await Promise.all([
        buyer.waitForEvent('download'),
        profileRegion(buyer).getByRole('button', { name: 'Download', exact: true }).click(),
      ]);
      assert.equal(download.suggestedFilename(), COMPANY.certificate);
      const saved = await download.path();
      assert.match(await readFile(saved, 'latin1'), /^%PDF-1\.4/, 'the certificate comes back as uploaded');
    },
  );

  step(
    'the company changes its phone number with the pencil and SAVE; CANCEL restores the values',
    () => company,
    async (buyer) => {
      const profile = profileRegion(buyer);
      const form = buyer.getByRole('form', { name: 'Edit profile', exact: true });
      const phone = form.getByLabel('Phone number', { exact: true });
      const companyName = form.getByLabel('Company name', { exact: true });

      await profile.getByRole('button', { name: 'Edit', exact: true }).click();
      assert.equal(await phone.inputValue(), COMPANY.phoneNumber);
      await phone.fill(NEW_PHONE);
      await form.getByRole('button', { name: 'SAVE', exact: true }).click();
      await answerDialog(buyer, 'Profile updated successfully!');
      await form.waitFor({ state: 'detached' });
      await eventually(async () => assert.equal((await profileShown(buyer))['Phone number'], NEW_PHONE));

      await profile.getByRole('button', { name: 'Edit', exact: true }).click();
      await phone.fill('+82 10-0000-0000');
      await companyName.fill('Someone Else Co.');
      await form
        .getByRole('checkbox', { name: 'I agree to receive marketing information', exact: true })
        .check();
      await form.getByRole('button', { name: 'CANCEL', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      const shown = await profileShown(buyer);
      assert.equal(shown['Phone number'], NEW_PHONE);
      assert.equal(shown['Company name'], COMPANY.companyName);
      assert.equal(shown['Marketing agreement'], 'Not agreed');

      await profile.getByRole('button', { name: 'Edit', exact: true }).click();
      assert.equal(await phone.inputValue(), NEW_PHONE, 'editing again starts from the saved values');
      assert.equal(await companyName.inputValue(), COMPANY.companyName);
      await form.getByRole('button', { name: 'CANCEL', exact: true }).click();

      await buyer.reload();
      await buyer.getByRole('heading', { level: 1, name: 'My Account', exact: true }).waitFor();
      assert.equal((await profileShown(buyer))['Phone number'], NEW_PHONE, 'the shop kept the new number');
    },
  );

  step(
    'the company adds a first address, which is the Default, and a second one as the new default',
    () => company,
    async (buyer) => {
      const region = addressRegion(buyer);
      await region.getByText('No saved addresses.', { exact: true }).waitFor();

      await region.getByRole('button', { name: 'Add Address', exact: true }).click();
      let dialog = buyer.getByRole('dialog', { name: 'Add Address', exact: true });
      await fillAddressDialog(dialog, SEOUL);
      await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
      await answerDialog(buyer, 'Address added successfully!');
      await dialog.waitFor({ state: 'detached' });
      await eventually(async () =>
        assert.deepEqual(await addressesShown(buyer), [
          { title: 'Default', text: cardText(SEOUL.postalCode, SEOUL.addressDetail) },
        ]),
      );

      await region.getByRole('button', { name: 'Add Address', exact: true }).click();
      dialog = buyer.getByRole('dialog', { name: 'Add Address', exact: true });
      await fillAddressDialog(dialog, BUSAN);
      await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
      await answerDialog(buyer, 'Address added successfully!');
      await eventually(async () =>
        assert.deepEqual(await addressesShown(buyer), [
          { title: 'Default', text: cardText(BUSAN.postalCode, BUSAN.addressDetail) },
          { title: 'Address', text: cardText(SEOUL.postalCode, SEOUL.addressDetail) },
        ]),
      );
    },
  );

  step(
    'the company edits an address and deletes it after confirming',
    () => company,
    async (buyer) => {
      await addressItem(buyer, SEOUL.addressDetail)
        .getByRole('button', { name: 'Edit', exact: true })
        .click();
      const dialog = buyer.getByRole('dialog', { name: 'Edit Address', exact: true });
      assert.equal(await dialog.getByLabel('Postal code', { exact: true }).inputValue(), SEOUL.postalCode);
      assert.equal(
        await dialog.getByLabel('Shipping address', { exact: true }).inputValue(),
        SEOUL.addressDetail,
      );
      assert.equal(
        await dialog.getByRole('checkbox', { name: 'Set as default address', exact: true }).isChecked(),
        false,
      );
      await fillAddressDialog(dialog, SEOUL_EDITED);
      await dialog.getByRole('button', { name: 'UPDATE', exact: true }).click();
      await answerDialog(buyer, 'Address updated successfully!');
      await eventually(async () =>
        assert.deepEqual(await addressesShown(buyer), [
          { title: 'Default', text: cardText(BUSAN.postalCode, BUSAN.addressDetail) },
          { title: 'Address', text: cardText(SEOUL.postalCode, SEOUL_EDITED.addressDetail) },
        ]),
      );

      const remove = addressItem(buyer, SEOUL_EDITED.addressDetail).getByRole('button', {
        name: 'Delete',
        exact: true,
      });
      await remove.click();
      await answerDialog(buyer, 'Are you sure you want to delete this address?', 'Cancel');
      assert.equal((await addressesShown(buyer)).length, 2, 'Cancel keeps the address');

      await remove.click();
      await answerDialog(buyer, 'Are you sure you want to delete this address?');
      await answerDialog(buyer, 'Address deleted successfully.');
      const remaining = [{ title: 'Default', text: cardText(BUSAN.postalCode, BUSAN.addressDetail) }];
      await eventually(async () => assert.deepEqual(await addressesShown(buyer), remaining));

      await buyer.reload();
      assert.deepEqual(await addressesShown(buyer), remaining, 'the shop kept the addresses as shown');
    },
  );

  step(
    'the company changes its password, must log in again, and only the new one works',
    () => company,
    async (buyer) => {
      await myInfoRegion(buyer).getByRole('button', { name: 'Change password', exact: true }).click();
      const dialog = buyer.getByRole('dialog', { name: 'Change password', exact: true });
      await dialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await answerDialog(buyer, 'Password has been changed successfully. Please log in again.');
      await atPath(buyer, '/login');
      assert.equal(await accessToken(buyer), null, 'the session ended');

      await loginRefused(buyer, COMPANY.email, COMPANY.password);
      await loginAccepted(buyer, COMPANY.email, NEW_PASSWORD);
      password = NEW_PASSWORD;
    },
  );

  step(
    'a forgotten password is replaced by a mailed temporary one that logs in',
    () => recovered,
    async (buyer) => {
      await buyer.goto('/findpassword');
      await buyer.getByRole('link', { name: 'Back to Login', exact: true }).click();
      await atPath(buyer, '/login');
      await buyer.getByRole('link', { name: 'Forgot your password?', exact: true }).click();
      await atPath(buyer, '/findpassword');
      // The address changes before the page does: until its heading shows, 'Email' may still be the login
      // form's field, which the page then replaces empty.
      await buyer.getByRole('heading', { level: 1, name: 'FIND PASSWORD', exact: true }).waitFor();

      const email = buyer.getByLabel('Email', { exact: true });
      await email.fill('nobody@hanbit-records.example');
      await buyer.getByRole('button', { name: 'SEND', exact: true }).click();
      await answerDialog(buyer, 'User not found. Please check your email address.');
      assert.equal(await email.inputValue(), '', 'the unknown email is cleared');

      const subject = /temporary password/i;
      const before = (await mailsTo(shop.dataDir, COMPANY.email, subject)).length;
      await email.fill(COMPANY.email);
      await buyer.getByRole('button', { name: 'SEND', exact: true }).click();
      await answerDialog(buyer, 'A temporary password has been sent to your email.');
      await atPath(buyer, '/login');

      const mail = await waitForMail(shop.dataDir, { to: COMPANY.email, subject, countBefore: before });
      const temporary = readFromMail(mail, /Your temporary password is (\S+)/);
      await loginAccepted(buyer, COMPANY.email, temporary);
      password = temporary;
    },
  );

  step(
    'a guest sends an inquiry through Contact Us and it reaches the shop',
    () => guest,
    async (visitor) => {
      await visitor.goto('/');
      await openContactUs(visitor);

      const inquiry = {
        'Business registration number': '2148867890',
        'Company name': 'Seoul Pop Traders',
        'Representative name': 'Lee Jiwoo',
        Email: 'buyer@seoulpop.example',
        'Phone number': '+82 10-9876-5432',
      };
      for (const [label, value] of Object.entries(inquiry)) {
        const field = visitor.getByLabel(label, { exact: true });
        assert.ok(await field.isEditable(), `a guest fills in ${label}`);
        assert.equal(await field.inputValue(), '', `${label} starts empty for a guest`);
        await field.fill(value);
      }
      const content = 'We would like to order 200 albums for our stores in Seoul.';
      await visitor.getByLabel('Content', { exact: true }).fill(content);
      await visitor.getByRole('checkbox', { name: 'I agree to the terms of service', exact: true }).check();
      await visitor.getByRole('button', { name: 'POST', exact: true }).click();
      await answerDialog(visitor, 'your inquiry has been submitted successfully.');
      await atPath(visitor, '/');

      const mail = await waitForMail(shop.dataDir, { to: SHOP_INBOX, subject: /Seoul Pop Traders/ });
      assert.match(mail.text, /Member: no \(guest\)/);
      assert.ok(mail.text.includes(content), 'the inquiry mail carries the content');
    },
  );

  step(
    'a member sends an inquiry with its company fields filled in and locked',
    () => recovered,
    async (member) => {
      await openContactUs(member);

      const locked = {
        'Business registration number': COMPANY.businessRegistrationNumber,
        'Company name': COMPANY.companyName,
        'Representative name': COMPANY.representativeName,
      };
      for (const [label, value] of Object.entries(locked)) {
        const field = member.getByLabel(label, { exact: true });
        await eventually(async () =>
          assert.equal(await field.inputValue(), value, `${label} comes from the profile`),
        );
        assert.ok(await field.isDisabled(), `${label} is locked`);
      }
      const email = member.getByLabel('Email', { exact: true });
      const phone = member.getByLabel('Phone number', { exact: true });
      assert.equal(await email.inputValue(), COMPANY.email);
      assert.equal(await phone.inputValue(), NEW_PHONE);
      assert.ok((await email.isEditable()) && (await phone.isEditable()), 'email and phone stay editable');

      const content = 'Please send us the wholesale terms for light sticks.';
      await member.getByLabel('Content', { exact: true }).fill(content);
      await member.getByRole('checkbox', { name: 'I agree to the terms of service', exact: true }).check();
      await member.getByRole('button', { name: 'POST', exact: true }).click();
      await answerDialog(member, 'your inquiry has been submitted successfully.');
      await atPath(member, '/');

      // The shop's inbox also holds the company's sign-up notice, which names it too: wait for the inquiry's.
      const mail = await waitForMail(shop.dataDir, {
        to: SHOP_INBOX,
        subject: /^Inquiry from Hanbit Records$/,
      });
      assert.match(mail.text, /Member: yes/);
      assert.match(mail.text, new RegExp(`registration ${COMPANY.businessRegistrationNumber}`));
      assert.ok(mail.text.includes(content), 'the inquiry mail carries the content');
    },
  );

  step(
    'the company deletes its account after confirming, and can no longer log in',
    () => recovered,
    async (member) => {
      await openMyAccount(member, COMPANY.email, password);
      const deleteAccount = myInfoRegion(member).getByRole('button', { name: 'Delete account', exact: true });
      await deleteAccount.click();
      await answerDialog(member, 'Are you sure you want to delete your account?', 'Cancel');
      assert.equal(new URL(member.url()).pathname, '/mypage/account', 'Cancel keeps the account');

      await deleteAccount.click();
      await answerDialog(member, 'Are you sure you want to delete your account?');
      await answerDialog(member, 'Account deleted successfully.');
      await atPath(member, '/');
      assert.equal(await accessToken(member), null, 'the session is cleared');

      await loginRefused(member, COMPANY.email, password);
    },
  );
});
