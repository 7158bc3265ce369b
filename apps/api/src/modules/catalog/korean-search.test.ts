import { CATEGORY_ID } from '@kshop/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { eventually } from '../../test/eventually.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

type Card = { productUuid: string; categoryId: number; title: string };
const search = async (keyword: string) => {
  const res = await shop.app.inject({
    method: 'GET',
    url: `/api/v1/product/search?keyword=${encodeURIComponent(keyword)}&limit=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = body(res).data as { productOptionList: Card[]; totalCount: number };
  return { cards: data.productOptionList, total: data.totalCount };
};

/** The ids of a category and the categories below it. */
const subtree = async (id: number) =>
  (
    await queryRows<{ id: number }>(
      shop.db,
      sql`with recursive tree as (select id from categories where id = ${id}
          union all select c.id from categories c join tree on c.parent_id = tree.id)
        select id from tree`,
    )
  ).map((row) => row.id);

/** How many listed products a category and the categories below it hold. */
const productsUnder = async (id: number) =>
  (
    await queryRows<{ n: number }>(
      shop.db,
      sql`with recursive tree as (select id from categories where id = ${id}
          union all select c.id from categories c join tree on c.parent_id = tree.id)
        select count(*)::int as n from products
        where deleted_at is null and is_published and category_id in (select id from tree)`,
    )
  )[0]!.n;

describe('searching in Korean', () => {
  it.each([
    ['앨범', 'album', CATEGORY_ID.kAlbum],
    ['응원봉', 'light stick', CATEGORY_ID.lightStick],
    ['포토북', 'photo book', CATEGORY_ID.photoBook],
    ['시즌그리팅', "season's greetings", CATEGORY_ID.seasonsGreetings],
    ['잡지', 'magazine', CATEGORY_ID.kMagazine],
  ])(
    '%s finds every product of its type (%s), by its category or its title',
    async (korean, english, category) => {
      const found = await search(korean);
      expect(found.total).toBeGreaterThan(0);
      const ofType = await productsUnder(category);
      expect(ofType).toBeGreaterThan(0);
      // Every product of the type's category is found (more may be, by a title naming the type).
      expect(found.total).toBeGreaterThanOrEqual(ofType);
      // And nothing else: each found product is of the category, or its title names the type.
      const ofCategory = new Set(await subtree(category));
      const named = (title: string) =>
        title.toLowerCase().replace(/\s/g, '').includes(english.replace(/\s/g, ''));
      expect(found.cards.filter((card) => !ofCategory.has(card.categoryId) && !named(card.title))).toEqual(
        [],
      );
    },
  );

  it("finds an artist's albums by the artist's Korean name and a Korean type word", async () => {
    const korean = await search('던브레이크 앨범');
    const english = await search('dawnbreak album');
    expect(korean.total).toBeGreaterThan(0);
    expect(korean.total).toBe(english.total);
    expect(new Set(korean.cards.map((c) => c.productUuid))).toEqual(
      new Set(english.cards.map((c) => c.productUuid)),
    );
  });

  it('finds an artist by the initial consonants of the Korean name, as Korean shops allow', async () => {
    const initials = await search('ㄷㅂㄹㅇㅋ');
    const named = await search('던브레이크');
    expect(initials.total).toBeGreaterThan(0);
    expect(initials.total).toBe(named.total);
  });

  it("follows a category's new name: its products, and those below it, are found by it", async () => {
    const clerk = await staffSession(shop, 'korean-search@kshop.example', 'STAFF');
    const [plush] = await queryRows<{ id: number; name: string; parent_id: number; sort_order: number }>(
      shop.db,
      sql`select id, name, parent_id, sort_order from categories where name = 'PLUSH'`,
    );
    expect((await search('봉제인형')).total).toBe(0);
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/categories',
      headers: clerk,
      payload: {
        id: plush!.id,
        category: 'PLUSH 봉제인형',
        parentId: plush!.parent_id,
        sortOrder: plush!.sort_order,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = await eventually(
      () => search('봉제인형'),
      (result) => result.total > 0,
    );
    expect(found.cards.every((card) => card.categoryId === plush!.id)).toBe(true);
    // The type word of the new name is there too, in the other language: 'plush' brings '인형'.
    expect((await search('인형')).total).toBeGreaterThanOrEqual(found.total);
  });
});
