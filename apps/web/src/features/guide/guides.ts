import { messages, OFFICE_HOURS } from '@kshop/contract';
import { type GuideSlug, guideTitle } from './guide-links';

/** The footer's guide pages: short static texts, written here because the spec only names them. */
export type Guide = { slug: GuideSlug; title: string; paragraphs: readonly string[] };

export const GUIDES: readonly Guide[] = [
  {
    slug: 'shipping',
    title: guideTitle('shipping'),
    paragraphs: [
      'Orders ship from our warehouse in Korea. After you place an order, a person in charge is assigned and contacts you about the receipt and tax invoice.',
      'Shipping fees depend on the destination, weight and carrier, and are added to your order by the person in charge before payment.',
      messages.address.notice,
      `Questions about a shipment: contact us during office hours (${OFFICE_HOURS}).`,
    ],
  },
  {
    slug: 'returns',
    title: guideTitle('returns'),
    paragraphs: [
      ...messages.productDetail.disclaimers,
      messages.productDetail.unboxingTip,
      'Report missing or damaged items within 7 days of delivery through the contact form, with your order number and the unboxing video.',
    ],
  },
  {
    slug: 'terms',
    title: guideTitle('terms'),
    paragraphs: [
      'This shop sells to registered businesses only. Accounts are reviewed and approved before prices are shown and orders can be placed.',
      'Prices, stock and release dates may change until an order is confirmed by the person in charge.',
      'Orders are binding once the receipt and tax invoice have been issued and paid.',
    ],
  },
  {
    slug: 'privacy',
    title: guideTitle('privacy'),
    paragraphs: [
      'We collect the business and contact details you give us at sign-up and checkout to review your account, process orders and answer inquiries.',
      'Business certificates are visible only to you and to our staff.',
      'Marketing messages are sent only if you agreed to them; you can change this on My Account at any time.',
    ],
  },
];

export const findGuide = (slug: string | undefined) => GUIDES.find((guide) => guide.slug === slug);
