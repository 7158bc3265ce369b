import type { Locator, Page } from 'playwright-core';

/** The storefront as a user finds it: by role and accessible name (spec section 2). */

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A top-level item of the main navigation (NEW, K-ARTIST, K-MERCH, ...). */
export const menuItem = (page: Page, label: string) =>
  mainNav(page)
    .getByRole('button', { name: label, exact: true })
    .or(mainNav(page).getByRole('link', { name: label, exact: true }))
    .first();

/** The 'Products' grid of a list or search page. */
export const productGrid = (page: Page) => page.getByRole('list', { name: 'Products', exact: true });

/** A home page section (PRE-ORDER, K-MERCH, K-MAGAZINE). */
export const homeSection = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

/** The cards of a product list, one list item each. */
export const cards = (list: Locator) => list.getByRole('listitem');

/** Titles of the cards in `list`, in order, once at least one card shows. */
export async function cardTitles(list: Locator): Promise<string[]> {
  await cards(list).first().waitFor();
  return (await cards(list).getByRole('heading').allInnerTexts()).map((title) => title.trim());
}

/**
 * The detail links of the cards in `list`, in order, once at least one card shows. They tell products apart;
 * titles do not, as two products can share a title.
 */
export async function cardLinks(list: Locator): Promise<string[]> {
  await cards(list).first().waitFor();
  return currentCardLinks(list);
}

/** The detail links of the cards `list` shows right now, possibly none. */
export const currentCardLinks = (list: Locator) =>
  cards(list)
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

/** Opens the detail page of the first card in `list` and waits for its title. */
export async function openFirstProduct(page: Page, list: Locator): Promise<string> {
  const link = cards(list).first().getByRole('link').first();
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  await page.waitForURL(/\/productdetail\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  return title;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
}

/** The shop's in-page alert or dialog showing `text`. */
export const dialogWith = (page: Page, text: string) =>
  page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: text });
