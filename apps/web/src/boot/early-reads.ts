/**
 * Inlined into index.html at build time (see build/first-paint.ts) and run while the page is still parsed, before
 * the app's JavaScript has arrived: it tells the static shell which page to draw, starts the page's API reads and
 * its route's script and styles, and fetches the largest image of the first screen as soon as its read answers.
 * The app then takes those answers instead of asking again (lib/early-responses.ts). It must stay small.
 */
import { type FirstPage, initialReads, initialReadUrl } from '../app/initial-reads';
import { getAccessToken } from '../lib/access-token';
import type { EarlyResponses } from '../lib/early-responses';

/** Filled in by the build: the lazily loaded script chunks and stylesheets each first page needs. */
declare const __ROUTE_ASSETS__: Partial<Record<FirstPage, { scripts: string[]; styles: string[] }>>;

const addLink = (attributes: Record<string, string>) => {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
};

const { page, reads } = initialReads(location.pathname, location.search);
document.documentElement.dataset.firstPage = page;

const token = getAccessToken();
const headers: Record<string, string> = { Accept: 'application/json' };
if (token) headers.Authorization = `Bearer ${token}`;
const early: EarlyResponses = {};
for (const read of reads) {
  const url = initialReadUrl(read);
  const response = fetch(url, { headers });
  early[url] = { token, response };
  const { leadImage } = read;
  if (leadImage) {
    response
      .then((answer) => answer.clone().json())
      .then((envelope: { statusCode: number; data: unknown }) => {
        const image = envelope.statusCode === 200 ? leadImage(envelope.data) : undefined;
        if (image) addLink({ rel: 'preload', as: 'image', href: image, fetchpriority: 'high' });
      })
      .catch(() => {});
  }
}
window.__kshopEarlyResponses = early;

const assets = __ROUTE_ASSETS__[page];
// The static shell draws the page with these styles: hold the first paint for them (blocking=render), as for the
// stylesheet index.html names, so the shell does not move when they arrive.
for (const href of assets?.styles ?? [])
  addLink({ rel: 'stylesheet', href, crossorigin: '', blocking: 'render' });
for (const href of assets?.scripts ?? []) addLink({ rel: 'modulepreload', href, crossorigin: '' });
