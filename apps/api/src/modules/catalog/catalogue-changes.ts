/**
 * What a committed change did to what the catalogue shows, and how it travels on the `catalogue_changed`
 * channel between instances: the database's triggers (migrations 0003, 0034) and the shop's own
 * announcements (after an order's quiet statement) use the same payloads.
 * - `''`: anything may have changed (a product, a price, a category, an artist, a product selling out or
 *   coming back): every kept answer goes.
 * - `'stock:<option id>,<option id>,…'`: only these options' stock (stock, held stock, their sold-out flag)
 *   changed. Only a product's detail shows an option's stock, so only the details of their products go;
 *   lists and searches show a product's stock only as its `in_stock`, whose change is a change to the product.
 * - `'sales'`: products' sales totals changed (a fold, shown at most once per `CATALOGUE_SALES_LAG_MS`): every
 *   kept answer is stale, still served while it is made again (`AnswerCache.markStale`).
 */
export type CatalogueChange =
  | { readonly kind: 'everything' }
  | { readonly kind: 'sales' }
  | { readonly kind: 'stock'; readonly optionIds: readonly string[] };

export const EVERYTHING: CatalogueChange = { kind: 'everything' };
export const SALES: CatalogueChange = { kind: 'sales' };

/** A change to these options' stock alone, or, when a product sold out or came back, to everything. */
export const stockChange = (optionIds: readonly string[], listingChanged: boolean): CatalogueChange =>
  listingChanged ? EVERYTHING : { kind: 'stock', optionIds };

const STOCK = 'stock:';
const SALES_PAYLOAD = 'sales';
/** A NOTIFY payload holds at most 7,999 bytes: 200 option ids (36 characters and a comma each) fit. */
const IDS_PER_PAYLOAD = 200;

/** The payloads that announce `change`: one for everything, or the option ids 200 to a payload. */
export function payloadsOf(change: CatalogueChange): string[] {
  if (change.kind === 'everything') return [''];
  if (change.kind === 'sales') return [SALES_PAYLOAD];
  const payloads: string[] = [];
  for (let i = 0; i < change.optionIds.length; i += IDS_PER_PAYLOAD)
    payloads.push(STOCK + change.optionIds.slice(i, i + IDS_PER_PAYLOAD).join(','));
  return payloads;
}

/** The change a payload announces; one it cannot read counts as a change to everything. */
export function changeOf(payload: string): CatalogueChange {
  if (payload === SALES_PAYLOAD) return SALES;
  if (!payload.startsWith(STOCK)) return EVERYTHING;
  const optionIds = payload.slice(STOCK.length).split(',');
  return optionIds.every((id) => UUID.test(id)) ? { kind: 'stock', optionIds } : EVERYTHING;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
