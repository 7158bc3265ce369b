import { type BuyerTexts, type Localized, OFFICE_HOURS } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GuideSlug } from './guide-links';

/**
 * A paragraph of a guide: the guide's own text, or texts of the contract (the spec's sentences, in the page's
 * language through useContractTexts).
 */
export type GuideParagraph =
  | MessageDescriptor
  | { contract: (texts: Localized<BuyerTexts>) => string | readonly string[] };

/**
 * The footer's guide pages: short static texts, written here because the spec only names them. The titles are
 * those of guide-links.ts (the footer's GUIDE_TITLES, the same messages).
 */
export type Guide = { slug: GuideSlug; title: MessageDescriptor; paragraphs: readonly GuideParagraph[] };

export const GUIDES: readonly Guide[] = [
  {
    slug: 'shipping',
    title: msg`Shipping Guide`,
    paragraphs: [
      msg`Orders ship from our warehouse in Korea. After you place an order, a person in charge is assigned and contacts you about the receipt and tax invoice.`,
      msg`Shipping fees depend on the destination, weight and carrier, and are added to your order by the person in charge before payment.`,
      { contract: ({ messages }) => messages.address.notice },
      msg`Questions about a shipment: contact us during office hours (${OFFICE_HOURS}).`,
    ],
  },
  {
    slug: 'returns',
    title: msg`Return & Refund Policy`,
    paragraphs: [
      { contract: ({ messages }) => messages.productDetail.disclaimers },
      { contract: ({ messages }) => messages.productDetail.unboxingTip },
      msg`Report missing or damaged items within 7 days of delivery through the contact form, with your order number and the unboxing video.`,
    ],
  },
  {
    slug: 'terms',
    title: msg`Terms of Service`,
    paragraphs: [
      msg`This shop sells to registered businesses only. Accounts are reviewed and approved before prices are shown and orders can be placed.`,
      msg`Prices, stock and release dates may change until an order is confirmed by the person in charge.`,
      msg`Orders are binding once the receipt and tax invoice have been issued and paid.`,
    ],
  },
  {
    slug: 'privacy',
    title: msg`Privacy Policy`,
    paragraphs: [
      msg`We collect the business and contact details you give us at sign-up and checkout to review your account, process orders and answer inquiries.`,
      msg`Business certificates are visible only to you and to our staff.`,
      msg`Marketing messages are sent only if you agreed to them; you can change this on My Account at any time.`,
    ],
  },
];

export const findGuide = (slug: string | undefined) => GUIDES.find((guide) => guide.slug === slug);
