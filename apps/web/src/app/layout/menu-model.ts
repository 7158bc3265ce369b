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

export function buildMenu(
  tree: readonly CategoryNode[],
  artistCategories: readonly ArtistCategory[],
): MenuColumn[] {
  const subPanel = (label: string, categoryId: number): MenuEntry => ({
    kind: 'categories',
    label,
    categoryId,
    children: childrenOf(tree, categoryId),
  });
  return [
    { id: 'new', label: 'NEW', entries: [link('NEW', NEW_PATH), link('PRE-ORDER', PRE_ORDER_PATH)] },
    {
      id: 'artist',
      label: 'K-ARTIST',
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
        link('MERCHANDISE', categoryPath(CATEGORY_ID.kMerch)),
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
    { id: 'event', label: 'K-EVENT', entries: [link('ALL EVENTS', categoryPath(CATEGORY_ID.events))] },
    { id: 'contact', label: 'CONTACT US', entries: [link('CONTACT US', '/contact')] },
  ];
}
