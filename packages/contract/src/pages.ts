/**
 * The storefront's product detail page address (spec section 2), which the API writes as well: the back-in-stock
 * mail links to it, and the page's HTML is served with its main image already named.
 */
export const productDetailPath = (optionUuid: string) => `/productdetail/${encodeURIComponent(optionUuid)}`;

const PRODUCT_DETAIL_PATH = /^\/productdetail\/([^/]+)\/?$/;

/** A path segment with its percent escapes decoded; undefined for a malformed escape. */
export function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The option id a detail page's path names, decoded; undefined for any other path or a malformed escape. */
export function productDetailPathId(pathname: string): string | undefined {
  const segment = PRODUCT_DETAIL_PATH.exec(pathname)?.[1];
  return segment === undefined ? undefined : decodedSegment(segment);
}
