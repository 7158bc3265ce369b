import type { QueryClient } from '@tanstack/react-query';
import { productDetailQuery } from '../features/product-detail/api/product-detail-api';
import { productListQuery } from '../lib/catalog-api';
import { initialReads } from './initial-reads';
import { FIRST_PAGE_MODULES } from './router';

/** The first render waits at most this long for the first page's data; the static shell shows meanwhile. */
const FIRST_RENDER_WAIT_MS = 400;

/**
 * Starts the first page's queries and loads its page module before the first render, and waits a moment for them.
 * index.html's inline script asked for all of them while this script downloaded, so they are usually there already:
 * the first render then shows the page with its products at once, instead of a spinner and skeletons that later
 * renders replace right after.
 */
export async function loadFirstPage(client: QueryClient): Promise<void> {
  const { page, reads } = initialReads(window.location.pathname, window.location.search);
  const pageModule = FIRST_PAGE_MODULES[page];
  const loads: Promise<unknown>[] = reads.map((read) =>
    read.kind === 'list'
      ? client.prefetchQuery(productListQuery(read.params))
      : client.prefetchQuery(productDetailQuery(read.optionUuid)),
  );
  if (pageModule) loads.push(pageModule());
  if (loads.length === 0) return;
  await Promise.race([
    Promise.all(loads),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
}
