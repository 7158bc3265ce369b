/** The guide pages the footer links to, without their texts (those load with the guide page). */
export const GUIDE_LINKS = [
  { slug: 'shipping', title: 'Shipping Guide' },
  { slug: 'returns', title: 'Return & Refund Policy' },
  { slug: 'terms', title: 'Terms of Service' },
  { slug: 'privacy', title: 'Privacy Policy' },
] as const;

export type GuideSlug = (typeof GUIDE_LINKS)[number]['slug'];

export const guideTitle = (slug: GuideSlug): string =>
  GUIDE_LINKS.find((guide) => guide.slug === slug)?.title ?? slug;
