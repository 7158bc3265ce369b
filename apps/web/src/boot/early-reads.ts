/**
 * Inlined into index.html at build time (see build/first-paint.ts) and run while the page is still parsed, before
 * the app's JavaScript has arrived: it tells the static shell which page to draw, starts the page's API reads and
 * its route's script and styles, and fetches the largest image of the first screen as soon as its read answers and
 * draws it in the shell, where the first screen keeps its place. The app then takes those answers instead of asking
 * again (lib/early-responses.ts). It must stay small.
 */

import type { Language } from '@kshop/contract';
import { type FirstPage, initialReads, initialReadUrl } from '../app/initial-reads';
import { getAccessToken } from '../lib/access-token';
import type { EarlyResponses } from '../lib/early-responses';
import { initialLanguage } from '../lib/language';

/** Filled in by the build: the lazily loaded script chunks and stylesheets each first page needs. */
declare const __ROUTE_ASSETS__: Partial<Record<FirstPage, { scripts: string[]; styles: string[] }>>;
/** Filled in by the build: each language's catalogue chunk, which the app's first render waits for. */
declare const __CATALOG_ASSETS__: Partial<Record<Language, string>>;

const addLink = (attributes: Record<string, string>) => {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
};

const { page, reads } = initialReads(location.pathname, location.search);
// The page's language, set before anything is painted: it picks the static shell drawn in that language.
const language = initialLanguage();
document.documentElement.lang = language;

/**
 * The lead image in the static shell's place for it (the main image's square, the first card's), so it is painted as
 * soon as it arrives instead of once the app has run: usually the page's largest paint. The app's first render
 * replaces the shell with its own image of the same address and size, so nothing moves.
 */
const drawInShell = (selector: string, src: string) => {
  const draw = () => {
    const slot = document.querySelector(
      `[data-shell-language="${language}"] [data-shell-page="${page}"] ${selector}`,
    );
    if (!slot || slot.querySelector('img')) return;
    const image = document.createElement('img');
    image.alt = '';
    image.src = src;
    image.setAttribute('fetchpriority', 'high');
    slot.appendChild(image);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw, { once: true });
  else draw();
};
document.documentElement.dataset.firstPage = page;

const token = getAccessToken();
const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
if (token) headers.Authorization = `Bearer ${token}`;
const early: EarlyResponses = {};
for (const read of reads) {
  const url = initialReadUrl(read);
  const response = fetch(url, { headers });
  early[url] = { token, response };
  const { leadImage, leadImageSlot } = read;
  if (leadImage) {
    response
      .then((answer) => answer.clone().json())
      .then((envelope: { statusCode: number; data: unknown }) => {
        const image = envelope.statusCode === 200 ? leadImage(envelope.data) : undefined;
        if (!image) return;
        addLink({ rel: 'preload', as: 'image', href: image, fetchpriority: 'high' });
        if (leadImageSlot) drawInShell(leadImageSlot, image);
      })
      .catch(() => {});
  }
}
window.__kshopEarlyResponses = early;

const assets = __ROUTE_ASSETS__[page];
// index.html carries these styles inline already (build/first-paint.ts), so the first paint does not wait for them;
// the links are there for the page's module, which asks for its stylesheets before it runs and finds them loading.
for (const href of assets?.styles ?? []) addLink({ rel: 'stylesheet', href, crossorigin: '' });
for (const href of assets?.scripts ?? []) addLink({ rel: 'modulepreload', href, crossorigin: '' });
// The page's language catalogue, and no other: it loads beside the app's own script instead of after it.
const catalog = __CATALOG_ASSETS__[language];
if (catalog) addLink({ rel: 'modulepreload', href: catalog, crossorigin: '' });
