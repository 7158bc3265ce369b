import type { SyntheticEvent } from 'react';

/** Shown where a product image is missing or fails to load; inline, so it cannot fail itself. */
export const FALLBACK_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#f1f1ef"/><path d="M38 78l16-20 12 14 8-10 12 16z" fill="#c9c9c4"/><circle cx="76" cy="46" r="7" fill="#c9c9c4"/><text x="60" y="104" font-family="sans-serif" font-size="11" fill="#8a8a85" text-anchor="middle">No image</text></svg>',
)}`;

/** onError handler of an img: swap in the fallback once (never loops, because the fallback always loads). */
export function showFallbackImage(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (img.src !== FALLBACK_IMAGE_URL) img.src = FALLBACK_IMAGE_URL;
}
