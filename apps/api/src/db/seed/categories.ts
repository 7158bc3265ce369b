import { CATEGORY_ID } from '@kshop/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { categories } from '../schema.js';

export type CategorySeed = { id: number; name: string; children?: readonly CategorySeed[] };

/**
 * The shop's category structure with the ids the storefront links to (spec section 3). Id 0 is not a row:
 * it means every category. Siblings are listed in menu order.
 */
export const CATEGORY_TREE: readonly CategorySeed[] = [
  {
    id: CATEGORY_ID.kAlbum,
    name: 'K-ALBUM',
    children: [
      { id: 5, name: 'STANDARD ALBUM' },
      { id: 6, name: 'PLATFORM ALBUM' },
      { id: 7, name: 'LP / VINYL' },
      { id: 8, name: 'OST' },
    ],
  },
  {
    id: CATEGORY_ID.kMerch,
    name: 'K-MERCH',
    children: [
      { id: CATEGORY_ID.lightStick, name: 'LIGHT STICK' },
      { id: CATEGORY_ID.photoBook, name: 'PHOTO BOOK' },
      {
        id: CATEGORY_ID.seasonsGreetings,
        name: "SEASON'S GREETINGS",
        children: [
          { id: 20, name: "2027 SEASON'S GREETINGS" },
          { id: 21, name: 'CALENDAR & DIARY' },
        ],
      },
      {
        id: CATEGORY_ID.kCharacters,
        name: 'K-CHARACTERS',
        children: [
          { id: 22, name: 'PLUSH' },
          { id: 23, name: 'FIGURE' },
          { id: 24, name: 'STATIONERY' },
        ],
      },
    ],
  },
  { id: CATEGORY_ID.kMagazine, name: 'K-MAGAZINE' },
  { id: CATEGORY_ID.events, name: 'K-EVENT' },
];

export type CategoryRow = { id: number; parentId: number | null; name: string; sortOrder: number };

/** Rows for the categories table, parents before their children. */
export function flattenCategoryTree(tree: readonly CategorySeed[] = CATEGORY_TREE): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const visit = (nodes: readonly CategorySeed[], parentId: number | null) => {
    nodes.forEach((node, index) => {
      rows.push({ id: node.id, parentId, name: node.name, sortOrder: index + 1 });
      if (node.children) visit(node.children, node.id);
    });
  };
  visit(tree, null);
  return rows;
}

/**
 * Writes the category structure; safe to run on every start. Names, parents and order follow the code,
 * so a rename here reaches existing databases.
 */
export async function seedCategories(db: Executor): Promise<void> {
  await db
    .insert(categories)
    .values(flattenCategoryTree())
    .onConflictDoUpdate({
      target: categories.id,
      set: {
        name: sql`excluded.name`,
        parentId: sql`excluded.parent_id`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
