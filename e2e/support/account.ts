import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { visibleText } from './assertions.js';

/** The buyer's account screens as a user finds them: by role and accessible name (spec section 2). */

export const accessToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('accessToken'));

/** The icon link in the page header: /mypage for a member, /login for a guest. */
export const myPageIcon = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'My Page', exact: true });

/**
 * Waits for the shop's alert or confirm showing exactly `text`, presses `button` in it and waits for it to
 * close.
 */
export async function answerDialog(page: Page, text: string, button: 'OK' | 'Cancel' = 'OK') {
  const dialog = page.getByRole('alertdialog', { name: text, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** From the header's My Page icon through the password prompt to My Account. */
export async function openMyAccount(page: Page, email: string, password: string) {
  await myPageIcon(page).click();
  await page.waitForURL((url) => url.pathname === '/mypage');
  await page.getByText(email, { exact: true }).waitFor();
  await page
    .getByText('If you want to change your account information, you need to authenticate yourself.', {
      exact: true,
    })
    .waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'CONFIRM', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/mypage/account');
  await page.getByRole('heading', { level: 1, name: 'My Account', exact: true }).waitFor();
}

export const profileRegion = (page: Page) => page.getByRole('region', { name: 'Profile', exact: true });
export const addressRegion = (page: Page) =>
  page.getByRole('region', { name: 'Shipping Address', exact: true });
export const myInfoRegion = (page: Page) => page.getByRole('region', { name: 'My info', exact: true });

/** The profile in view mode as term -> shown value, once it shows. */
export async function profileShown(page: Page): Promise<Record<string, string>> {
  const region = profileRegion(page);
  await region.getByRole('term').first().waitFor();
  const terms = await region.getByRole('term').allInnerTexts();
  const values = await region.getByRole('definition').allInnerTexts();
  assert.equal(terms.length, values.length, 'every profile term has one value');
  return Object.fromEntries(terms.map((term, index) => [term.trim(), values[index]?.trim() ?? '']));
}

/** The shipping addresses, top to bottom: title ('Default' or 'Address') and text, once the list loaded. */
export async function addressesShown(page: Page): Promise<{ title: string; text: string }[]> {
  const region = addressRegion(page);
  await region
    .getByRole('listitem')
    .first()
    .or(region.getByText('No saved addresses.', { exact: true }))
    .waitFor();
  const items = await region.getByRole('listitem').all();
  return Promise.all(
    items.map(async (item) => ({
      // The heading's own text, which is also its accessible name; the style shows it in capitals.
      title: ((await item.getByRole('heading').textContent()) ?? '').trim(),
      text: (await visibleText(item.getByRole('paragraph'))).trim(),
    })),
  );
}

/** The address card that shows `text`. */
export const addressItem = (page: Page, text: string) =>
  addressRegion(page).getByRole('listitem').filter({ hasText: text });

/** Fills the open 'Add Address' or 'Edit Address' dialog. */
export async function fillAddressDialog(
  dialog: Locator,
  { postalCode, addressDetail, isDefault }: { postalCode: string; addressDetail: string; isDefault: boolean },
) {
  await dialog.getByLabel('Postal code', { exact: true }).fill(postalCode);
  await dialog.getByLabel('Shipping address', { exact: true }).fill(addressDetail);
  await dialog.getByRole('checkbox', { name: 'Set as default address', exact: true }).setChecked(isDefault);
}

/** A small valid PDF in `dir`, to upload as a business certificate. */
export async function writeCertificatePdf(dir: string, name = 'business-certificate.pdf'): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(
    file,
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
  return file;
}
