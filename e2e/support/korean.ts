import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Session } from './browser.js';
import { repoRoot } from './server.js';

/**
 * The storefront's Korean as its catalogue holds it (apps/web/src/locales/ko/messages.po), so a Korean journey
 * finds controls by the names a Korean buyer reads without copying the translations: `ko('Add to Cart')`.
 */
function readCatalogue(app: 'web' | 'admin') {
  const text = readFileSync(path.join(repoRoot, `apps/${app}/src/locales/ko/messages.po`), 'utf8');
  const entries = new Map<string, string>();
  const unquote = (lines: string[]) =>
    lines
      .filter((line) => line.startsWith('"'))
      .map((line) => JSON.parse(line) as string)
      .join('');
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n');
    const id = lines.findIndex((line) => line.startsWith('msgid '));
    const str = lines.findIndex((line) => line.startsWith('msgstr '));
    if (id < 0 || str < 0) continue;
    const context = lines.find((line) => line.startsWith('msgctxt '));
    const english = unquote([lines[id]!.slice(6), ...lines.slice(id + 1, str)]);
    const korean = unquote([lines[str]!.slice(7), ...lines.slice(str + 1)]);
    entries.set(context ? `${JSON.parse(context.slice(8))}\u0004${english}` : english, korean);
  }
  return entries;
}

const catalogues = { web: readCatalogue('web'), admin: readCatalogue('admin') };

function lookUp(app: 'web' | 'admin', english: string, values: Record<string, string>, context?: string) {
  const korean = catalogues[app].get(context ? `${context}\u0004${english}` : english);
  assert.ok(korean, `the ${app} Korean catalogue has no '${english}'${context ? ` (${context})` : ''}`);
  return korean.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The Korean of a storefront message; fails at once when the catalogue has none. */
export const ko = (english: string, context?: string): string => lookUp('web', english, {}, context);

/** The Korean of a back-office message, its `{values}` filled in: `koAdmin('Mark as {statusName}', {…})`. */
export const koAdmin = (english: string, values: Record<string, string> = {}, context?: string): string =>
  lookUp('admin', english, values, context);

/** Every string value in an answer, at any depth. */
function stringsOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') {
    if (value.trim().length > 0) into.add(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) stringsOf(item, into);
  }
}

/**
 * What may stay in English on a Korean page: the catalogue's own content as the shop's answers carry it (product
 * titles, option values, category and artist names, vendors) and what a member entered, plus the brand, the
 * language switch's own "English", codes and amounts.
 */
const ALWAYS_ALLOWED = [
  // The brand, also as the logo draws it (K and SHOP apart), and the language switch's own name for English.
  /\bK-?SHOP\b/gi,
  /^SHOP$/,
  /\bEnglish\b/g,
  // The genre as Korean writes it too, codes, file formats and time zones.
  /\bK-?POP\b/gi,
  /\b(KRW|USD|SKU|ISO|PDF|CSV|XLSX|PNG|JPE?G|GIF|WEBP|SVG|HTML|KST|GMT)\b/g,
  /US\$/g,
];
const CONTACT = /[\w.+-]+@[\w-]+(\.[\w-]+)+|https?:\/\/\S+/g;

/**
 * The visible texts of the page (text nodes, and the names and placeholders a person meets) that still hold an
 * English word once the catalogue's content and the allowed words are taken out. The static shell (inert, hidden)
 * and anything not displayed are skipped.
 */
export async function englishLeft(page: Page, session: Session, entered: readonly string[] = []) {
  await session.settled();
  const content = new Set<string>(entered);
  for (const answer of session.apiResponses) stringsOf(answer.body, content);
  // Longest first, so that a title is taken out whole before a word of it.
  const known = [...content].filter((text) => /[A-Za-z]/.test(text)).sort((a, b) => b.length - a.length);
  // Written without inner named functions: the test runner's compiler would wrap them in a helper the page lacks.
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    // Code (a file's column names) is written as it must be typed, in any language.
    const hidden = '[inert], [aria-hidden="true"], script, style, noscript, template, code';
    const options = { opacityProperty: true, visibilityProperty: true };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent && !parent.closest(hidden) && parent.checkVisibility(options)) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
      if (element.closest(hidden) || !element.checkVisibility(options)) continue;
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
  const left: string[] = [];
  // A text that is part of what an answer carried is content: a line of a product's description, for one.
  const partOfContent = (text: string) => known.some((piece) => piece.includes(text));
  for (const text of shown) {
    if (partOfContent(text)) continue;
    let rest = text.replace(CONTACT, ' ');
    for (const allowed of ALWAYS_ALLOWED) rest = rest.replace(allowed, ' ');
    for (const piece of known) if (rest.includes(piece)) rest = rest.split(piece).join(' ');
    if (/[A-Za-z]{2,}/.test(rest)) left.push(text);
  }
  return [...new Set(left)];
}

/** Fails with the English texts the page still shows. */
export async function assertAllKorean(page: Page, session: Session, where: string, entered: string[] = []) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko', `${where}: <html lang>`);
  const left = await englishLeft(page, session, entered);
  assert.deepEqual(left, [], `${where} still shows English`);
}
