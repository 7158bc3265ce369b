import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { answerDialog, writeCertificatePdf } from './account.js';
import { eventually, visibleText } from './assertions.js';
import { readFromMail, waitForMail } from './outbox.js';

/** The back office (the staff app at /admin) as staff find it: by role and accessible name. */

/** The staff token, kept apart from the buyer's 'accessToken'. */
export const staffToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('adminAccessToken'));

/** What the staff command line printed as the new account's one-time password. */
export function oneTimePasswordIn(printed: string): string {
  const found = /One-time password: (\S+)/.exec(printed)?.[1];
  assert.ok(found, `no one-time password in:\n${printed}`);
  return found;
}

export const backOfficeNav = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office', exact: true });

/** The names of the links in the side navigation, top to bottom. */
export async function navLinks(page: Page): Promise<string[]> {
  const nav = backOfficeNav(page);
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((name) => name.trim());
}

/**
 * Waits until the side panel names who is signed in (their name, or email without one) and their role: the
 * navigation depends on the role, so only then does it show every link it will show.
 */
export async function signedInAs(page: Page, who: string, role: 'Owner' | 'Staff') {
  const panel = page.getByRole('complementary').getByRole('paragraph').filter({ hasText: who });
  await eventually(async () =>
    assert.equal((await visibleText(panel)).replace(/\s+/g, ' ').trim(), `${who} ${role}`),
  );
}

/** Opens a screen from the side navigation and waits for its heading. */
export async function openFromNav(page: Page, link: string, heading = link) {
  await backOfficeNav(page).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** From /admin, which sends a signed-out visitor to the sign-in screen, through the Sign in form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/admin/signin');
  await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** On the forced Change password screen: replaces the one-time password and lands on the dashboard. */
export async function replaceOneTimePassword(page: Page, oneTime: string, password: string) {
  await page.getByRole('heading', { level: 1, name: 'Change password', exact: true }).waitFor();
  await page.getByLabel('One-time password', { exact: true }).fill(oneTime);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
  await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor();
}

/** The number a dashboard tile shows, e.g. 2 for the link '2 Accounts waiting for approval'. */
export async function tileCount(page: Page, label: string): Promise<number> {
  const link = page.getByRole('main').getByRole('link', { name: new RegExp(`^\\d+\\s*${label}$`) });
  const name = (await visibleText(link)).replace(/\s+/g, ' ').trim();
  const count = /^(\d+)/.exec(name)?.[1];
  assert.ok(count, `the tile '${label}' shows no number: ${name}`);
  return Number(count);
}

/** Each row of a table as its cells' texts, header row left out. */
export async function tableRows(table: Locator): Promise<string[][]> {
  await table.waitFor();
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) =>
      (await row.getByRole('cell').or(row.getByRole('rowheader')).allInnerTexts()).map((c) => c.trim()),
    ),
  );
}

// Orders

export const statusRegion = (page: Page) => page.getByRole('region', { name: 'Status', exact: true });
export const amountsRegion = (page: Page) =>
  page.getByRole('region', { name: 'Amounts and memos', exact: true });

/** The moves the order's Status panel offers right now, in order. */
export async function offeredMoves(page: Page): Promise<string[]> {
  const buttons = statusRegion(page).getByRole('button');
  await buttons.first().waitFor();
  return (await buttons.allInnerTexts()).map((name) => name.trim());
}

/**
 * Presses `action` (e.g. 'Mark as Paid') in the Status panel, answers its question with the button of the
 * same name and waits for 'The order is now {label}.' and the heading's new status.
 */
export async function moveOrder(page: Page, orderNumber: string, action: string, label: string) {
  await statusRegion(page).getByRole('button', { name: action, exact: true }).click();
  const question = page.getByRole('alertdialog', {
    name: new RegExp(`^Move order ${orderNumber} to ${label}\\? `),
  });
  await question.waitFor();
  await question.getByRole('button', { name: action, exact: true }).click();
  await question.waitFor({ state: 'detached' });
  await statusRegion(page)
    .getByRole('status')
    .filter({ hasText: `The order is now ${label}.` })
    .waitFor();
  await orderHeading(page, orderNumber, label).waitFor();
}

export const orderHeading = (page: Page, orderNumber: string, label: string) =>
  page.getByRole('heading', { level: 1, name: `Order ${orderNumber} ${label}`, exact: true });

/** The 'Amounts and memos' table as row label -> amount, e.g. { Products: '₩54,000', 'Final amount': … }. */
export async function amountsShown(page: Page): Promise<Record<string, string>> {
  // Read in one go: the table is drawn again when a memo is added or voided, and rows read one by one could
  // be gone before their turn.
  const rows = await amountsRegion(page)
    .getByRole('row')
    .evaluateAll((trs) =>
      // No named functions in here: the test runner's compiler would name them with a helper the page lacks.
      trs.map((tr) =>
        [tr.querySelector('th'), tr.querySelector('td')].map(
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, as visibleText reads it
          (cell) => (cell as HTMLElement | null)?.innerText.trim() ?? '',
        ),
      ),
    );
  return Object.fromEntries(rows);
}

// Products

/** The fields of option `n` (1-based) in the product form: its fieldset 'Option n' (with 'Default' on one). */
export const optionGroup = (page: Page, n: number) =>
  page.getByRole('group', { name: new RegExp(`^Option ${n}(?!\\d)`) });

export interface OptionInput {
  value1: string;
  value2: string;
  priceKrw: number;
  priceUsd: number;
  stock: number;
  minimum: number;
  isDefault?: boolean;
}

/** Fills option `n`'s values, prices, stock and minimum, and makes it the default when asked. */
export async function fillOption(page: Page, n: number, keys: [string, string], option: OptionInput) {
  const group = optionGroup(page, n);
  await group.getByLabel(`Value 1 (${keys[0]})`, { exact: true }).fill(option.value1);
  await group.getByLabel(`Value 2 (${keys[1]})`, { exact: true }).fill(option.value2);
  await group.getByLabel('KRW price', { exact: true }).fill(String(option.priceKrw));
  await group.getByLabel('USD price', { exact: true }).fill(String(option.priceUsd));
  await group.getByLabel('Stock', { exact: true }).fill(String(option.stock));
  await group.getByLabel('Minimum order quantity', { exact: true }).fill(String(option.minimum));
  if (option.isDefault) await group.getByRole('radio', { name: 'Default option', exact: true }).check();
}

/** Finds a product on the Products screen by its title and opens its form. */
export async function openProduct(page: Page, title: string) {
  await openFromNav(page, 'Products');
  const filter = page.getByRole('form', { name: 'Filter products', exact: true });
  await filter.getByLabel('Title, vendor or artist', { exact: true }).fill(title);
  await filter.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === title);
  await page
    .getByRole('table', { name: 'Products', exact: true })
    .getByRole('link', { name: title, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save product', exact: true }).waitFor();
}

/** The Stock field of each option of the open product form, top to bottom. */
export async function stocksShown(page: Page, count: number): Promise<number[]> {
  const stocks: number[] = [];
  for (let n = 1; n <= count; n++) {
    stocks.push(Number(await optionGroup(page, n).getByLabel('Stock', { exact: true }).inputValue()));
  }
  return stocks;
}

// Catalogue CSV

/** RFC 4180 records of `text` (quoted cells may hold commas, quotes and line breaks); a BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/** Records back to CSV text, quoting the cells that need it, one CRLF-terminated line per record. */
export const toCsv = (records: string[][]) =>
  records
    .map((record) =>
      record.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','),
    )
    .join('\r\n')
    .concat('\r\n');

/** Runs `action`, which makes the page download a file, and resolves with its name and text. */
export async function downloadedText(page: Page, action: () => Promise<unknown>) {
  const download = page.waitForEvent('download');
  await action();
  const file = await download;
  const path = await file.path();
  return { fileName: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

// Storefront sign-up

export interface Company {
  email: string;
  password: string;
  businessRegistrationNumber: string;
  companyName: string;
  representativeName: string;
  phoneNumber: string;
  postalCode: string;
  companyAddress: string;
}

/**
 * A Korea company signs up on the storefront's /signup with its emailed code and a PDF certificate written to
 * `filesDir`, and is sent to /login.
 */
export async function signUpKoreaCompany(page: Page, dataDir: string, filesDir: string, company: Company) {
  await page.goto('/signup');
  await page.getByRole('heading', { level: 1, name: 'CREATE ACCOUNT', exact: true }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(company.email);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const mail = await waitForMail(dataDir, { to: company.email, subject: /verification code/i });
  await page
    .getByLabel('Verification code', { exact: true })
    .fill(readFromMail(mail, /Your verification code is (\d{6})\./));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByText('Email verified.', { exact: true }).waitFor();

  await page.getByLabel('Password', { exact: true }).fill(company.password);
  await page.getByLabel('Password check', { exact: true }).fill(company.password);
  await page
    .getByRole('group', { name: 'Company Location', exact: true })
    .getByRole('button', { name: 'Korea Company', exact: true })
    .click();
  await page
    .getByLabel('Business registration number', { exact: true })
    .fill(company.businessRegistrationNumber);
  await page.getByLabel('Company name', { exact: true }).fill(company.companyName);
  await page.getByLabel('Representative name', { exact: true }).fill(company.representativeName);
  await page.getByLabel('Phone number', { exact: true }).fill(company.phoneNumber);
  await page.getByLabel('Postal code', { exact: true }).fill(company.postalCode);
  await page.getByLabel('Business address', { exact: true }).fill(company.companyAddress);
  const certificate = await writeCertificatePdf(filesDir);
  await page.getByLabel('Business certificate', { exact: true }).setInputFiles(certificate);
  await page.getByText('Uploaded: business-certificate.pdf', { exact: true }).waitFor();
  await page.getByRole('checkbox', { name: 'I agree to the privacy policy (required)', exact: true }).check();
  await page
    .getByRole('checkbox', { name: 'I agree to the terms of service (required)', exact: true })
    .check();
  await page.getByRole('button', { name: 'CREATE', exact: true }).click();
  await answerDialog(page, 'Sign up successful! Please log in.');
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The HTTP status `page` gets for GET `path` with `token` as its bearer, asked from inside the page. */
export const statusWithToken = (page: Page, path: string, token: string | null) =>
  page.evaluate(
    async ({ path, token }) =>
      (await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status,
    { path, token },
  );

/** Waits until `locator`'s rendered text, spaces folded, equals `expected`. */
export const showsText = (locator: Locator, expected: string) =>
  eventually(async () => assert.equal((await visibleText(locator)).replace(/\s+/g, ' ').trim(), expected));
