import DOMPurify from 'dompurify';

/** The only markup a product description may keep (spec section 2, product detail). */
export const DESCRIPTION_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'img'] as const;
const IMAGE_ATTRIBUTES = ['src', 'alt'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A private DOMPurify instance, so its hook does not change sanitising anywhere else. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (node.nodeName !== 'IMG') data.keepAttr = false;
  });
  return purifier;
}

/** Keeps p, br, strong, em, u, ul, ol, li and img (with src and alt only); drops everything else. */
export function sanitizeDescription(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...DESCRIPTION_TAGS],
    ALLOWED_ATTR: IMAGE_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
