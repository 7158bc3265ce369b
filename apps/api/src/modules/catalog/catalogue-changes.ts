/**
 * What a committed change did to what the catalogue shows, and how it travels on the `catalogue_changed`
 * channel between instances: the database's triggers (migrations 0003, 0034, 0036, 0037) and the shop's own
 * announcements (after an order's quiet statement) use the same payloads.
 * - `''`: anything may have changed (a category, an artist, a price group's discount): every kept answer
 *   goes.
 * - `'stock:<option id>,<option id>,…'`: only these options' stock (stock, held stock, their sold-out flag)
 *   changed. Only a product's detail shows an option's stock, so only the details of their products are made
 *   again, served stale meanwhile for at most `STOCK_SHOWN_WITHIN_MS`; lists and searches show a product's
 *   stock only as its `in_stock`, whose change is announced as `instock:`.
 * - `'shown:<product id>,…'`: something these products show changed, not which lists hold them or their order
 *   (an option's price, name or rules; a product's title, description, images, status or dates: lists filter
 *   and order on a few of the products' own columns, migration 0036). Their details, page images and the
 *   lists and searches showing them go at once.
 * - `'instock:<product id>,…'`: these products sold out or came back (their `in_stock`). Their details, the
 *   lists and searches showing them and every list and search filtered by stock state go at once; a list of
 *   every stock state holds and counts the same products in the same order.
 * - `'listed:<product id>,…'`: which lists hold these products, or where, may have changed (a product created,
 *   deleted or published; its category, tags, artists, search text or release date; an option made default,
 *   added or removed). Their details and every list and search go; other products' details, the category
 *   tree and the artists stay.
 * - `'sales:<product id>,…'`: these products' sales totals changed (folds, shown at most once per
 *   `CATALOGUE_SALES_LAG_MS`); `'sales'` alone: many products' did. The lists and searches that show one of
 *   the products, and every list in best-selling order, are stale: still served while they are made again
 *   (`AnswerCache.markStale`). Details do not show sales.
 */
export type CatalogueChange =
  | { readonly kind: 'everything' }
  | { readonly kind: 'sales'; readonly productIds: readonly string[] | null }
  | { readonly kind: 'stock'; readonly optionIds: readonly string[] }
  | { readonly kind: 'shown'; readonly productIds: readonly string[] }
  | { readonly kind: 'instock'; readonly productIds: readonly string[] }
  | { readonly kind: 'listed'; readonly productIds: readonly string[] };

export const EVERYTHING: CatalogueChange = { kind: 'everything' };

/**
 * A detail shows a committed change to its options' stock within this time, on every instance: until then
 * the detail kept before it may still be served while it is made again, so that an order never makes the
 * buyers reading its product's page wait for the database.
 */
export const STOCK_SHOWN_WITHIN_MS = 1_000;

/** Sales totals of more products than this are announced as a change to every list's sales. */
const MOST_SALES_NAMED = 2_000;

/** New sales totals of these products. */
export const salesChange = (productIds: readonly string[]): CatalogueChange => ({
  kind: 'sales',
  productIds: productIds.length > MOST_SALES_NAMED ? null : productIds,
});

/** Every kept list and search (each shows its products' sales totals). */
const A_LIST = 'list';
/** A list or search in best-selling order. */
const SALES_ORDER = 'sales order';
/** A list or search of the products in stock, or of those sold out. */
const STOCK_FILTERED = 'stock filter';
const sold = (productId: string) => `sold:${productId}`;

/**
 * The tags a kept list or search answer carries: the products it shows, whether it is ordered by their
 * sales and whether it holds only products of one stock state.
 */
export const listTags = (
  productIds: readonly string[],
  { orderedBySales, stockFiltered }: { orderedBySales: boolean; stockFiltered: boolean },
): string[] => [
  A_LIST,
  ...(orderedBySales ? [SALES_ORDER] : []),
  ...(stockFiltered ? [STOCK_FILTERED] : []),
  ...productIds.map(sold),
];

const showsProduct = (productId: string) => `product:${productId}`;

/** The tags a kept detail carries: its product's, and its options' ids (whose stock it shows). */
export const detailTags = (productId: string, optionIds: readonly string[]): string[] => [
  showsProduct(productId),
  ...optionIds,
];

/** The kept answers that show these products: their details, and the lists and searches holding them. */
export const showingProducts = (productIds: readonly string[]): string[] =>
  productIds.flatMap((id) => [showsProduct(id), sold(id)]);

/** The kept answers that may no longer hold these products, or hold them in another place. */
export const listingProducts = (change: { kind: 'instock' | 'listed'; productIds: readonly string[] }) => [
  ...change.productIds.map(showsProduct),
  ...(change.kind === 'listed' ? [A_LIST] : [STOCK_FILTERED, ...change.productIds.map(sold)]),
];

/** The kept answers a change of these products' sales makes stale. */
export const staleAfter = (change: { productIds: readonly string[] | null }): string[] =>
  change.productIds === null ? [A_LIST] : [SALES_ORDER, ...change.productIds.map(sold)];

/** A change to these options' stock, and to the stock state of the products it sold out or brought back. */
export const stockChanges = (
  optionIds: readonly string[],
  flippedProductIds: readonly string[],
): CatalogueChange[] => [
  { kind: 'stock', optionIds },
  ...(flippedProductIds.length > 0 ? [{ kind: 'instock' as const, productIds: flippedProductIds }] : []),
];

const STOCK = 'stock:';
const SHOWN = 'shown:';
const IN_STOCK = 'instock:';
const LISTED = 'listed:';
const SALES = 'sales';
const SALES_OF = 'sales:';
/** A NOTIFY payload holds at most 7,999 bytes: 200 option ids (36 characters and a comma each) fit. */
const IDS_PER_PAYLOAD = 200;

/** The payloads that announce `change`: one for everything or many sales, else the ids 200 to a payload. */
export function payloadsOf(change: CatalogueChange): string[] {
  if (change.kind === 'everything') return [''];
  if (change.kind === 'sales')
    return change.productIds === null ? [SALES] : chunks(SALES_OF, change.productIds);
  if (change.kind === 'shown') return chunks(SHOWN, change.productIds);
  if (change.kind === 'instock') return chunks(IN_STOCK, change.productIds);
  if (change.kind === 'listed') return chunks(LISTED, change.productIds);
  return chunks(STOCK, change.optionIds);
}

function chunks(prefix: string, ids: readonly string[]): string[] {
  const payloads: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_PAYLOAD)
    payloads.push(prefix + ids.slice(i, i + IDS_PER_PAYLOAD).join(','));
  return payloads;
}

/** The change a payload announces; one it cannot read counts as a change to everything. */
export function changeOf(payload: string): CatalogueChange {
  if (payload === SALES) return { kind: 'sales', productIds: null };
  const ids = (prefix: string) => {
    const named = payload.slice(prefix.length).split(',');
    return named.every((id) => UUID.test(id)) ? named : null;
  };
  if (payload.startsWith(SALES_OF)) {
    const productIds = ids(SALES_OF);
    return productIds ? { kind: 'sales', productIds } : EVERYTHING;
  }
  for (const [prefix, kind] of [
    [SHOWN, 'shown'],
    [IN_STOCK, 'instock'],
    [LISTED, 'listed'],
  ] as const) {
    if (!payload.startsWith(prefix)) continue;
    const productIds = ids(prefix);
    return productIds ? { kind, productIds } : EVERYTHING;
  }
  if (payload.startsWith(STOCK)) {
    const optionIds = ids(STOCK);
    return optionIds ? { kind: 'stock', optionIds } : EVERYTHING;
  }
  return EVERYTHING;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
