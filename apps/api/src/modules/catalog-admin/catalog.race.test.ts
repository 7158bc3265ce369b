import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { type Auth, orderPayload } from '../../test/buying.js';
import { importOutcome, startImport } from '../../test/imports.js';
import { brokenStock, racingProduct, serverErrors, stockOf } from '../../test/races.js';
import { staffSession } from '../../test/staff.js';

// On PostgreSQL (TEST_DATABASE_URL) these requests run as parallel transactions; on PGlite they queue on
// its single connection and the same checks still hold.

let shop: TestShop;
let owner: Auth;
let korea: Auth;
beforeAll(async () => {
  shop = await createTestShop();
  owner = { authorization: (await staffSession(shop, 'csv-owner@kshop.example', 'OWNER')).authorization };
  korea = await shop.loginAs(DEMO.korea);
});
afterAll(() => shop?.close());

const importCsv = (csv: string) => startImport(shop, owner, csv);

const place = (payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/order', headers: korea, payload });

/** The exported rows of the products, in the given product order, with every option's stock set. */
async function csvOf(productIds: string[], stock: number) {
  const exported = await shop.app.inject({ url: '/api/v1/admin/catalogue.csv', headers: owner });
  const [header, ...rows] = exported.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const stockColumn = header!.split(',').indexOf('stock');
  const lines = productIds.flatMap((id) =>
    rows
      .filter((row) => row.startsWith(`${id},`))
      .map((row) => {
        const cells = row.split(',');
        cells[stockColumn] = String(stock);
        return cells.join(',');
      }),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

describe('CSV imports racing orders and each other', () => {
  it('two imports naming the products in opposite orders race 10 orders, six rounds: no 5xx, no oversold stock', async () => {
    const a = await racingProduct(shop, owner, 'Race Csv A');
    const b = await racingProduct(shop, owner, 'Race Csv B');
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
    const outcomes: { status: string }[] = [];
    for (let round = 0; round < 6; round++) {
      const forwards = await csvOf([a.uuid, b.uuid], 40_000 + round);
      const backwards = await csvOf([b.uuid, a.uuid], 40_000 + round);
      const answered = await Promise.all([
        importCsv(forwards),
        ...payloads.slice(0, 5).map(place),
        importCsv(backwards),
        ...payloads.slice(1, 6).map(place),
      ]);
      answers.push(...answered);
      // The imports run as jobs while the orders go on; the round ends when both are through.
      outcomes.push(
        ...(await Promise.all(
          [answered[0]!, answered[6]!].map((started) => importOutcome(shop, owner, started)),
        )),
      );
    }
    expect(serverErrors(answers)).toEqual([]);
    const orders = answers.filter((a) => a.statusCode !== 202);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(12);
    expect([...new Set(orders.map((a) => a.statusCode))]).toEqual([200]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(12).fill('done'));
    const rows = await stockOf(shop, [a.uuid, b.uuid]);
    expect(rows).toHaveLength(6);
    expect(brokenStock(rows)).toEqual([]);
    expect(rows.every((r) => r.stock === 40_005)).toBe(true);
  }, 60_000);
});
