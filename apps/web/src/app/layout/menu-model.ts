import { type ArtistCategory, CATEGORY_ID, type CategoryNode } from '@kshop/contract';
import { categoryPath, NEW_PATH, PRE_ORDER_PATH } from '../../lib/links';

/** What the mega-menu shows, built from the category tree and the artist categories (spec section 2). */

export type MenuEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'artists'; label: string; artistCategoryId: number }
  | { kind: 'categories'; label: string; categoryId: number; children: readonly CategoryNode[] };

export type MenuColumn = { id: string; label: string; entries: readonly MenuEntry[] };

const link = (label: string, to: string): MenuEntry => ({ kind: 'link', label, to });

const childrenOf = (tree: readonly CategoryNode[], id: number): readonly CategoryNode[] => {
  const stack = [...tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.id === id) return node.children;
    stack.push(...node.children);
  }
  return [];
};

/**
 * The menu's own words, in the page's language; the other labels are the catalogue's category names, shown as
 * staff named them (PRE-ORDER, K-MERCH, LIGHT STICK).
 */
export type MenuWords = {
  new: string;
  preOrder: string;
  artist: string;
  merchandise: string;
  allEvents: string;
  contact: string;
};

export const ENGLISH_MENU_WORDS: MenuWords = {
  new: 'NEW',
  preOrder: 'PRE-ORDER',
  artist: 'K-ARTIST',
  merchandise: 'MERCHANDISE',
  allEvents: 'ALL EVENTS',
  contact: 'CONTACT US',
};

export function buildMenu(
  tree: readonly CategoryNode[],
  artistCategories: readonly ArtistCategory[],
  words: MenuWords = ENGLISH_MENU_WORDS,
): MenuColumn[] {
  const subPanel = (label: string, categoryId: number): MenuEntry => ({
    kind: 'categories',
    label,
    categoryId,
    children: childrenOf(tree, categoryId),
  });
  return [
    {
      id: 'new',
      label: words.new,
      entries: [link(words.new, NEW_PATH), link(words.preOrder, PRE_ORDER_PATH)],
    },
    {
      id: 'artist',
      label: words.artist,
      entries: artistCategories.map((c) => ({ kind: 'artists', label: c.category, artistCategoryId: c.id })),
    },
    {
      id: 'album',
      label: 'K-ALBUM',
      entries: childrenOf(tree, CATEGORY_ID.kAlbum).map((c) =>
        link(c.category, categoryPath(c.id, c.category)),
      ),
    },
    {
      id: 'merch',
      label: 'K-MERCH',
      entries: [
        link(words.merchandise, categoryPath(CATEGORY_ID.kMerch)),
        link('LIGHT STICK', categoryPath(CATEGORY_ID.lightStick)),
        link('PHOTO BOOK', categoryPath(CATEGORY_ID.photoBook)),
        subPanel("SEASON'S GREETINGS", CATEGORY_ID.seasonsGreetings),
        subPanel('K-CHARACTERS', CATEGORY_ID.kCharacters),
      ],
    },
    {
      id: 'magazine',
      label: 'K-MAGAZINE',
      entries: [link('K-MAGAZINE', categoryPath(CATEGORY_ID.kMagazine))],
    },
    { id: 'event', label: 'K-EVENT', entries: [link(words.allEvents, categoryPath(CATEGORY_ID.events))] },
    { id: 'contact', label: words.contact, entries: [link(words.contact, '/contact')] },
  ];
}
