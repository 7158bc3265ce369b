import { randomUUID } from 'node:crypto';
import { SAVED_LIST_MESSAGES, type SavedListData } from '@kshop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedLists } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, stockedOption } from '../../test/buying.js';
import { serverErrors } from '../../test/races.js';

// On PostgreSQL (TEST_DATABASE_URL) the requests run as parallel transactions; on PGlite they queue.

let shop: TestShop;
let auth: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  auth = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const post = (url: string, payload?: object, key: string = randomUUID()) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...auth, 'idempotency-key': key },
    payload,
  });
const listsNamed = (name: string) => shop.db.select().from(savedLists).where(eq(savedLists.name, name));

describe('one member saving lists from several tabs at once', () => {
  it('10 simultaneous lists of one name make one list; the others are told the name is taken', async () => {
    const name = `Race ${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/lists', { name })));
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, body(a).message])).toEqual(
      Array(9).fill([409, SAVED_LIST_MESSAGES.nameTaken]),
    );
    expect(await listsNamed(name)).toHaveLength(1);
  });

  it('the same click sent 5 times at once makes one list', async () => {
    const name = `Repeat ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/lists', { name }, key)));
    expect(serverErrors(answers)).toEqual([]);
    const made = await listsNamed(name);
    expect(made).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode === 200))
      expect(body(answer).data.uuid).toBe(made[0]!.id);
  });

  it('10 simultaneous adds of one product to a list lose none of their quantities', async () => {
    const option = await stockedOption(shop, 100);
    const list = body(await post('/lists', { name: `Adds ${randomUUID().slice(0, 8)}` })).data;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/lists/${list.uuid}/lines`, { lines: [{ productOptionUuid: option.id, quantity: 2 }] }),
      ),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const shown = await shop.app.inject({ method: 'GET', url: `/api/v1/lists/${list.uuid}`, headers: auth });
    const data = body(shown).data as SavedListData;
    expect(data.lines.map((l) => l.quantity)).toEqual([20]);
  });
});
