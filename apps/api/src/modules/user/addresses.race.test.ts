import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, buyers } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { serverErrors } from '../../test/races.js';

// On PostgreSQL (TEST_DATABASE_URL) the requests run as parallel transactions; on PGlite they queue.

let shop: TestShop;
let auth: { authorization: string };
let buyerId: string;
beforeAll(async () => {
  shop = await createTestShop();
  auth = await shop.loginAs(DEMO.global);
  buyerId = (await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.global)))[0]!.id;
});
afterAll(() => shop?.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload });
const defaultsOfBuyer = () =>
  shop.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.buyerId, buyerId), eq(addresses.isDefault, true)));

describe('one member changing its addresses from several tabs at once', () => {
  it('10 simultaneous "add as default" all succeed and leave exactly one default', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/user/address', {
          addressDetail: `${i + 1} Race Street`,
          isDefault: true,
          country: 'US',
        }),
      ),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const defaults = await defaultsOfBuyer();
    expect(defaults).toHaveLength(1);
    // The default is one of the ten, the one whose transaction went last.
    expect(answers.map((a) => body(a).data.addressUuid)).toContain(defaults[0]!.id);
  });

  it('10 simultaneous "set as default" on different addresses, with deletions, leave exactly one default', async () => {
    const mine = [];
    for (let i = 0; i < 10; i++) {
      // A Global company's address names its country.
      const added = await call('POST', '/user/address', {
        addressDetail: `${i + 1} Default Lane`,
        country: 'US',
      });
      mine.push({ id: body(added).data.addressUuid as string, addressDetail: `${i + 1} Default Lane` });
    }
    const [doomed, ...kept] = mine;
    const answers = await Promise.all([
      ...kept
        .slice(0, 9)
        .map((a) =>
          call('PATCH', `/user/address/${a.id}`, { addressDetail: a.addressDetail, isDefault: true }),
        ),
      call('DELETE', `/user/address/${doomed!.id}`),
    ]);
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const defaults = await defaultsOfBuyer();
    expect(defaults).toHaveLength(1);
    expect(kept.slice(0, 9).map((a) => a.id)).toContain(defaults[0]!.id);
  });
});
