import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath } from './chromium-path.js';

/** Flags the system Chromium needs in containers and CI. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
];

export const resultsDir = path.resolve(import.meta.dirname, '../test-results');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
}

/**
 * Starts a shop (anything with `stop()`) and launches the browser side by side. When either fails, the other
 * is stopped or closed before the error is thrown: an open browser would keep the journey's process alive
 * until its 15-minute limit, and the `after` hooks never learn of a shop or browser a failed start returns.
 */
export async function startWithBrowser<T extends { stop(): Promise<void> }>(
  starting: Promise<T>,
): Promise<[T, Browser]> {
  const [started, launched] = await Promise.allSettled([starting, launchBrowser()]);
  if (started.status === 'fulfilled' && launched.status === 'fulfilled')
    return [started.value, launched.value];
  if (started.status === 'fulfilled') await started.value.stop().catch(() => {});
  if (launched.status === 'fulfilled') await launched.value.close().catch(() => {});
  throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
}

export interface ApiExchange {
  method: string;
  url: string;
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Every answer under /api/ that any page of this session received, in arrival order. */
  apiResponses: ApiExchange[];
  /** Resolves once every /api/ request made so far has been answered (or has failed), read and recorded. */
  settled(): Promise<void>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface SessionOptions {
  viewport?: { width: number; height: number };
  /** The browser's language (navigator.languages, Accept-Language): 'ko-KR' for a Korean visitor. */
  locale?: string;
}

/** A fresh browser context (empty session storage) with one page on the shop at `baseURL`. */
export async function openSession(
  browser: Browser,
  baseURL: string,
  { viewport = { width: 1440, height: 900 }, locale }: SessionOptions = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport, ...(locale ? { locale } : {}) });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const apiResponses: ApiExchange[] = [];
  const pending = new Set<Promise<void>>();

  // Followed from the request on: a response event can reach this process after the page already drew what
  // the answer carried (Playwright may wait for the response's extra headers first), and `settled` would then
  // miss it. A request is announced long before its answer can reach the page.
  context.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const read = request
      .response()
      .then(async (response) => {
        if (!response) return;
        const text = await response.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        apiResponses.push({
          method: request.method(),
          url: response.url(),
          status: response.status(),
          body,
        });
      })
      // A body can be gone when the page navigated away meanwhile; nothing reached the page then.
      .catch(() => {})
      .finally(() => pending.delete(read));
    pending.add(read);
  });

  const page = await context.newPage();
  return {
    context,
    page,
    apiResponses,
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    screenshot: async (name) => {
      await mkdir(resultsDir, { recursive: true });
      const file = path.join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: () => context.close(),
  };
}

/**
 * Wraps a test body so that a failure leaves a full-page screenshot of the session's page in
 * e2e/test-results/, named after the test.
 */
export function withScreenshot(session: () => Session | undefined, body: () => Promise<void>) {
  return async (t: TestContext) => {
    try {
      await body();
    } catch (error) {
      const file = await session()
        ?.screenshot(t.fullName)
        .catch(() => undefined);
      if (file) t.diagnostic(`screenshot: ${path.relative(process.cwd(), file)}`);
      throw error;
    }
  };
}
