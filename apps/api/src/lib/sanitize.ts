import { DESCRIPTION_ALLOWED_ATTRIBUTES, DESCRIPTION_ALLOWED_TAGS } from '@kshop/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions are stored already reduced to the spec's tags; the storefront sanitises again
 * when it shows them. Image sources must be the shop's own paths or https.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...DESCRIPTION_ALLOWED_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(DESCRIPTION_ALLOWED_ATTRIBUTES).map(([k, v]) => [k, [...v]]),
    ),
    allowedSchemes: ['https'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });
}
