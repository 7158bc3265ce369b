import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload } from '../../test/buying.js';
import { brokenStock, driftedFacetRows, racingProduct, serverErrors, stockOf } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';
import { foldSales } from '../orders/pending-sales.js';

// On PostgreSQL (TEST_DATABASE_URL) these requests run as parallel transactions; on PGlite they queue on
// its single connection and the same checks still hold.

let shop: TestShop;
let owner: Auth;
let korea: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  owner = { authorization: (await staffSession(shop, 'bulk-race@kshop.example', 'OWNER')).authorization };
  korea = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const bulk = (payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/admin/products/bulk', headers: owner, payload });
const place = (payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: korea, payload });

describe('bulk edits racing orders and each other', () => {
  it('bulk edits naming the products in opposite orders race 10 orders, four rounds: no 5xx, no oversold stock', async () => {
    const a = await racingProduct(shop, owner, 'Race Bulk A');
    const b = await racingProduct(shop, owner, 'Race Bulk B');
    const options = [...a.options, ...b.options].map((o) => o.uuid);
    const payloads = await Promise.all(
      options.map((id, i) =>
        orderPayload(shop, 'KRW', [
          { productOptionUuid: id, quantity: 1 },
          { productOptionUuid: options[(i + 4) % options.length]!, quantity: 2 },
        ]),
      ),
    );
    const answers: LightMyRequestResponse[] = [];
    for (let round = 0; round < 4; round++) {
      const [replies] = await Promise.all([
        Promise.all([
          bulk({ productIds: [a.uuid, b.uuid], action: 'setTags', value: ['hot'] }),
          ...payloads.slice(0, 5).map(place),
          bulk({ productIds: [b.uuid, a.uuid], action: 'category', value: round % 2 ? 5 : 9 }),
          ...payloads.slice(1, 6).map(place),
          bulk({ productIds: [b.uuid, a.uuid], action: 'clearTags' }),
        ]),
        // Sales folded meanwhile rewrite the same products' rows.
        foldSales(shop.db),
      ]);
      answers.push(...replies);
    }
    expect(serverErrors(answers)).toEqual([]);
    expect([...new Set(answers.map((r) => r.statusCode))]).toEqual([200]);
    const rows = await stockOf(shop, [a.uuid, b.uuid]);
    expect(rows).toHaveLength(6);
    expect(brokenStock(rows)).toEqual([]);
    // The artists' and tags' rows followed every racing edit and sale.
    await foldSales(shop.db);
    expect(await driftedFacetRows(shop.db, [a.uuid, b.uuid])).toEqual([]);
    const [kept] = await queryRows<{ n: number }>(
      shop.db,
      sql`select count(*)::int as n from product_list_facets where product_id in (${a.uuid}::uuid, ${b.uuid}::uuid)`,
    );
    expect(kept!.n).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
