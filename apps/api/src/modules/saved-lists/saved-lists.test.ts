import { randomUUID } from 'node:crypto';
import {
  QUICK_ORDER_MESSAGES,
  SAVED_LIST_LINES_MAX,
  SAVED_LIST_MESSAGES,
  SAVED_LISTS_MAX,
  type SavedListData,
  type SavedListSummary,
} from '@kshop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshProductDerived } from '../../db/derived.js';
import { buyers, cartItems, type productOptions, products, savedLists } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, optionOfItsOwn } from '../../test/buying.js';

let shop: TestShop;
let korea: Auth;
let global: Auth;
let koreaId: string;
beforeAll(async () => {
  shop = await createTestShop();
  korea = await shop.loginAs(DEMO.korea);
  global = await shop.loginAs(DEMO.global);
  koreaId = (await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea)))[0]!.id;
});
afterAll(() => shop?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, auth: Auth, payload?: object, key?: string) =>
  shop.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: key === undefined ? auth : { ...auth, 'idempotency-key': key },
    payload,
  });
const okData = <T>(res: Awaited<ReturnType<typeof call>>): T => {
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as T;
};
const refused = (res: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(body(res).message).toBe(message);
};

/** A fresh option with its own SKU, on a product no other test is handed. */
const option = (stock: number, overrides: Partial<typeof productOptions.$inferInsert> = {}) =>
  optionOfItsOwn(shop, 'SL', stock, overrides);
const setProduct = async (productId: string, values: Partial<typeof products.$inferInsert>) => {
  await shop.db.update(products).set(values).where(eq(products.id, productId));
  await refreshProductDerived(shop.db, [productId], { searchText: false });
};
const newList = (auth: Auth, payload: object, key?: string) => call('POST', '/lists', auth, payload, key);
const detail = async (auth: Auth, uuid: string) =>
  okData<SavedListData>(await call('GET', `/lists/${uuid}`, auth));
const cartQuantity = async (optionId: string) => {
  const [line] = await shop.db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.buyerId, koreaId), eq(cartItems.productOptionId, optionId)));
  return line?.quantity ?? 0;
};
const listName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

describe('making a list', () => {
  it('saves the lines given, merging one option named twice, and shows each checked with the member price', async () => {
    const [a, b] = [await option(50), await option(50)];
    const name = listName('Weekly restock');
    const made = okData<SavedListSummary>(
      await newList(korea, {
        name,
        lines: [
          { productOptionUuid: a.id, quantity: 4 },
          { productOptionUuid: b.id, quantity: 2 },
          { productOptionUuid: a.id, quantity: 1 },
        ],
      }),
    );
    expect(made).toMatchObject({ name, lineCount: 2, pieceCount: 7 });
    const shown = await detail(korea, made.uuid);
    expect(shown.currencyCode).toBe('KRW');
    expect(shown.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [a.sku, 5],
      [b.sku, 2],
    ]);
    expect(shown.lines[0]!.check).toMatchObject({ outcome: 'ok', quantity: 5 });
    expect(shown.lines[0]!.check.product?.price).toBeGreaterThan(0);
    expect(shown.addableCount).toBe(2);
    // The list is in the member's lists, the last changed first.
    const { lists } = okData<{ lists: SavedListSummary[] }>(await call('GET', '/lists', korea));
    expect(lists[0]).toMatchObject({ uuid: made.uuid, lineCount: 2 });
  });

  it('saves the cart as it is, and refuses an empty cart', async () => {
    await shop.db.delete(cartItems).where(eq(cartItems.buyerId, koreaId));
    refused(
      await newList(korea, { name: listName('Empty'), fromCart: true }),
      400,
      SAVED_LIST_MESSAGES.emptyCart,
    );
    const [a, b] = [await option(50), await option(50)];
    // One add after the other, as the cart orders its lines by when they were added.
    await shop.db.insert(cartItems).values({ buyerId: koreaId, productOptionId: a.id, quantity: 3 });
    await shop.db.insert(cartItems).values({ buyerId: koreaId, productOptionId: b.id, quantity: 6 });
    const made = okData<SavedListSummary>(
      await newList(korea, { name: listName('From cart'), fromCart: true }),
    );
    const shown = await detail(korea, made.uuid);
    expect(shown.lines.map((l) => [l.productOptionUuid, l.quantity])).toEqual([
      [a.id, 3],
      [b.id, 6],
    ]);
    // The cart holds them already: putting the list in would add to those lines.
    expect(shown.lines[0]!.check.notes.map((n) => n.kind)).toContain('inCart');
    await shop.db.delete(cartItems).where(eq(cartItems.buyerId, koreaId));
  });

  it('refuses a name in use (whatever its case), a blank or long name, and a product not on sale, changing nothing', async () => {
    const name = listName('Seoul shop');
    okData(await newList(korea, { name }));
    refused(await newList(korea, { name: name.toUpperCase() }), 409, SAVED_LIST_MESSAGES.nameTaken);
    refused(await newList(korea, { name: '   ' }), 400, SAVED_LIST_MESSAGES.nameRequired);
    refused(await newList(korea, { name: 'x'.repeat(61) }), 400, 'The name can be at most 60 characters.');
    const hidden = await option(10);
    await setProduct(hidden.product.id, { isPublished: false });
    const before = (await shop.db.select().from(savedLists).where(eq(savedLists.buyerId, koreaId))).length;
    refused(
      await newList(korea, {
        name: listName('Hidden'),
        lines: [{ productOptionUuid: hidden.id, quantity: 1 }],
      }),
      400,
      QUICK_ORDER_MESSAGES.notPublished,
    );
    const tooMany = Array.from({ length: SAVED_LIST_LINES_MAX + 1 }, () => ({
      productOptionUuid: hidden.id,
      quantity: 1,
    }));
    refused(
      await newList(korea, { name: listName('Huge'), lines: tooMany }),
      400,
      SAVED_LIST_MESSAGES.tooManyLines(SAVED_LIST_LINES_MAX),
    );
    expect((await shop.db.select().from(savedLists).where(eq(savedLists.buyerId, koreaId))).length).toBe(
      before,
    );
    // The same name is free for another member.
    okData(await newList(global, { name }));
  });

  it('answers a repeat of the same Idempotency-Key with the first list, making one', async () => {
    const key = randomUUID();
    const name = listName('Twice');
    const first = okData<SavedListSummary>(await newList(korea, { name }, key));
    const again = okData<SavedListSummary>(await newList(korea, { name }, key));
    expect(again.uuid).toBe(first.uuid);
    const named = await shop.db.select().from(savedLists).where(eq(savedLists.name, name));
    expect(named).toHaveLength(1);
  });
});

describe('changing a list', () => {
  it('adds lines from product pages to the quantities held, sets and removes lines, and renames it', async () => {
    const [a, b] = [await option(50), await option(50)];
    const list = okData<SavedListSummary>(
      await newList(korea, { name: listName('Edits'), lines: [{ productOptionUuid: a.id, quantity: 2 }] }),
    );
    const key = randomUUID();
    const add = {
      lines: [
        { productOptionUuid: a.id, quantity: 3 },
        { productOptionUuid: b.id, quantity: 1 },
      ],
    };
    okData(await call('POST', `/lists/${list.uuid}/lines`, korea, add, key));
    // The same click sent again by the network adds nothing more.
    okData(await call('POST', `/lists/${list.uuid}/lines`, korea, add, key));
    expect((await detail(korea, list.uuid)).lines.map((l) => l.quantity)).toEqual([5, 1]);

    okData(await call('PUT', `/lists/${list.uuid}/lines/${b.id}`, korea, { quantity: 12 }));
    refused(
      await call('PUT', `/lists/${list.uuid}/lines/${b.id}`, korea, { quantity: 0 }),
      400,
      'quantity must be at least 1.',
    );
    const removed = okData<SavedListSummary>(
      await call('DELETE', `/lists/${list.uuid}/lines/${a.id}`, korea),
    );
    expect(removed).toMatchObject({ lineCount: 1, pieceCount: 12 });
    refused(
      await call('DELETE', `/lists/${list.uuid}/lines/${a.id}`, korea),
      404,
      SAVED_LIST_MESSAGES.lineNotFound,
    );

    const renamed = listName('Renamed');
    expect(
      okData<SavedListSummary>(await call('PATCH', `/lists/${list.uuid}`, korea, { name: renamed })).name,
    ).toBe(renamed);
    okData(await call('DELETE', `/lists/${list.uuid}`, korea));
    refused(await call('GET', `/lists/${list.uuid}`, korea), 404, SAVED_LIST_MESSAGES.notFound);
  });

  it("never shows or changes one member's list to another", async () => {
    const a = await option(50);
    const name = listName('Mine');
    const list = okData<SavedListSummary>(
      await newList(korea, { name, lines: [{ productOptionUuid: a.id, quantity: 2 }] }),
    );
    const attempts = [
      call('GET', `/lists/${list.uuid}`, global),
      call('PATCH', `/lists/${list.uuid}`, global, { name: 'Taken over' }),
      call('POST', `/lists/${list.uuid}/lines`, global, {
        lines: [{ productOptionUuid: a.id, quantity: 9 }],
      }),
      call('PUT', `/lists/${list.uuid}/lines/${a.id}`, global, { quantity: 99 }),
      call('DELETE', `/lists/${list.uuid}/lines/${a.id}`, global),
      call('POST', `/lists/${list.uuid}/cart`, global),
      call('DELETE', `/lists/${list.uuid}`, global),
    ];
    for (const res of await Promise.all(attempts)) refused(res, 404, SAVED_LIST_MESSAGES.notFound);
    const { lists } = okData<{ lists: SavedListSummary[] }>(await call('GET', '/lists', global));
    expect(lists.map((l) => l.uuid)).not.toContain(list.uuid);
    const shown = await detail(korea, list.uuid);
    expect(shown).toMatchObject({ name, lineCount: 1 });
    expect(shown.lines[0]!.quantity).toBe(2);
  });

  it(`keeps at most ${SAVED_LISTS_MAX} lists per member`, async () => {
    const mine = async () => okData<{ lists: SavedListSummary[] }>(await call('GET', '/lists', global));
    const held = (await mine()).lists.length;
    for (let i = held; i < SAVED_LISTS_MAX; i++) okData(await newList(global, { name: `List ${i}` }));
    refused(
      await newList(global, { name: 'One more' }),
      400,
      SAVED_LIST_MESSAGES.tooManyLists(SAVED_LISTS_MAX),
    );
    expect((await mine()).lists).toHaveLength(SAVED_LISTS_MAX);
    for (const list of (await mine()).lists) okData(await call('DELETE', `/lists/${list.uuid}`, global));
  });
});

describe('putting a list into the cart', () => {
  it('adds every line that passes in one step, says why the others stay out, and adds once per key', async () => {
    await shop.db.delete(cartItems).where(eq(cartItems.buyerId, koreaId));
    const good = await option(50);
    const boxed = await option(50, { minimumOrderQuantity: 6, orderMultiple: 6 });
    const soldOut = await option(0, { isSoldOut: true });
    const gone = await option(20);
    const list = okData<SavedListSummary>(
      await newList(korea, {
        name: listName('Friday'),
        lines: [
          { productOptionUuid: good.id, quantity: 4 },
          { productOptionUuid: boxed.id, quantity: 7 },
          { productOptionUuid: soldOut.id, quantity: 2 },
          { productOptionUuid: gone.id, quantity: 1 },
        ],
      }),
    );
    await shop.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.product.id));

    const key = randomUUID();
    const res = await call('POST', `/lists/${list.uuid}/cart`, korea, undefined, key);
    const added = okData<{
      added: { productOptionUuid: string; cartQuantity: number }[];
      lines: { outcome: string }[];
    }>(res);
    expect(body(res).message).toBe(QUICK_ORDER_MESSAGES.added(2));
    expect(added.added.map((a) => [a.productOptionUuid, a.cartQuantity])).toEqual([
      [good.id, 4],
      [boxed.id, 12],
    ]);
    expect(added.lines.map((l) => l.outcome)).toEqual(['ok', 'roundedToMultiple', 'soldOut', 'notPublished']);
    okData(await call('POST', `/lists/${list.uuid}/cart`, korea, undefined, key));
    expect(await cartQuantity(good.id)).toBe(4);
    expect(await cartQuantity(boxed.id)).toBe(12);
    expect(await cartQuantity(soldOut.id)).toBe(0);
    // The list itself is as saved.
    expect((await detail(korea, list.uuid)).lines.map((l) => l.quantity)).toEqual([4, 7, 2, 1]);
    await shop.db.delete(cartItems).where(eq(cartItems.buyerId, koreaId));
  });

  it('refuses an empty list', async () => {
    const list = okData<SavedListSummary>(await newList(korea, { name: listName('Nothing yet') }));
    refused(await call('POST', `/lists/${list.uuid}/cart`, korea), 400, SAVED_LIST_MESSAGES.emptyList);
  });
});
