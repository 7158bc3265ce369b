import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { hashPassword } from '../lib/password.js';
import { emptyPostgresDatabase } from '../test/database.js';
import { type Database, migrationsFolder, openDatabase, queryRows } from './client.js';
import { openEmbeddedClient } from './embedded-client.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dir = mkdtempSync(path.join(tmpdir(), 'kshop-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the shop's migrations up to and including the `count`th, as the shop shipped them then. */
function migrationsUpTo(count: number): string {
  const folder = path.join(dir, `migrations-${count}`);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  for (const { tag } of journal.entries) {
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

const BUYER = 'c0000000-0000-4000-8000-000000000001';
const STAFF = 'c0000000-0000-4000-8000-000000000002';
const PRODUCT = 'c0000000-0000-4000-8000-000000000003';
const OPTION_A = 'c0000000-0000-4000-8000-000000000004';
const OPTION_B = 'c0000000-0000-4000-8000-000000000005';
const SHIPPED = 'c0000000-0000-4000-8000-000000000006';
const OPEN = 'c0000000-0000-4000-8000-000000000007';
const LINE_1 = 'c0000000-0000-4000-8000-000000000008';
const LINE_2 = 'c0000000-0000-4000-8000-000000000009';
const LINE_3 = 'c0000000-0000-4000-8000-00000000000a';
const SHIPMENT = 'c0000000-0000-4000-8000-00000000000b';

/**
 * A wholesaler's data as the schema of migration 0015 (price groups and tiers) held it: a buyer in a price group
 * of its own, a product with two options (a group price and a volume tier), a shipped order with its shipment and
 * a memo, and an open order holding stock.
 */
async function oldShopData(passwordHash: string): Promise<[string, unknown[]][]> {
  return [
    [`insert into categories (id, parent_id, name, sort_order) values (5, null, 'K-ALBUM', 1)`, []],
    [`insert into price_groups (id, name, discount_bp) values (2, 'Distributors', 500)`, []],
    [
      `insert into buyers (id, email, password_hash, status, is_korean_company, company_name, representative_name,
         business_registration_number, phone_number, company_address, postal_code, personal_info_agreed_at,
         terms_agreed_at, price_group_id)
       values ($1, 'old-buyer@upgrade.example', $2, 'APPROVED', true, '한빛 레코드', 'Kim Minji', '123-45-67890',
         '010-1234-5678', 'Seoul', '06234', now(), now(), 2)`,
      [BUYER, passwordHash],
    ],
    [
      `insert into staff (id, email, name, password_hash, role, must_change_password)
       values ($1, 'owner@upgrade.example', 'Owner', $2, 'OWNER', false)`,
      [STAFF, passwordHash],
    ],
    [
      `insert into products (id, category_id, title, vendor, tags, search_text)
       values ($1, 5, 'Upgrade Album Vol. 1', 'Old Label', '{new}', 'upgrade album vol. 1 old label')`,
      [PRODUCT],
    ],
    [
      `insert into product_options (id, product_id, option_name_key1, option_name_value1, is_default, stock,
         hold_stock, price_krw, price_usd, sku)
       values ($1, $3, 'VERSION', 'A', true, 100, 4, 20000, 1500, 'OLD-A'),
              ($2, $3, 'VERSION', 'B', false, 50, 2, 21000, 1600, 'OLD-B')`,
      [OPTION_A, OPTION_B, PRODUCT],
    ],
    [
      `insert into price_group_prices (price_group_id, product_option_id, price_krw, price_usd) values (2, $1, 18000, 1350)`,
      [OPTION_A],
    ],
    [
      `insert into option_volume_tiers (product_option_id, min_quantity, discount_bp) values ($1, 10, 300)`,
      [OPTION_B],
    ],
    [
      `insert into orders (id, order_number, buyer_id, status, currency_code, product_amount, final_amount,
         receiver_company_name, receiver_email, receiver_name, receiver_phone_number, receiver_postal_code,
         receiver_address_detail, business_registration_number, person_in_charge_staff_id)
       values ($1, '1001', $3, 'SHIPPED', 'KRW', 60000, 75000, '한빛 레코드', 'orders@hanbit.example', 'Kim Minji',
                 '010-1234-5678', '06234', '12 Teheran-ro', '123-45-67890', $4),
              ($2, '1002', $3, 'CONFIRMED', 'KRW', 114000, 114000, '한빛 레코드', 'orders@hanbit.example', 'Kim Minji',
                 '010-1234-5678', '06234', '12 Teheran-ro', '123-45-67890', $4)`,
      [SHIPPED, OPEN, BUYER, STAFF],
    ],
    [
      `insert into order_details (id, order_id, product_option_id, quantity, unit_price, amount, currency_code,
         product_title, option_name_value1, shipped_quantity)
       values ($1, $4, $5, 3, 20000, 60000, 'KRW', 'Upgrade Album Vol. 1', 'A', 3),
              ($2, $6, $5, 4, 18000, 72000, 'KRW', 'Upgrade Album Vol. 1', 'A', 0),
              ($3, $6, $7, 2, 21000, 42000, 'KRW', 'Upgrade Album Vol. 1', 'B', 0)`,
      [LINE_1, LINE_2, LINE_3, SHIPPED, OPTION_A, OPEN, OPTION_B],
    ],
    [
      `insert into order_memos (order_id, content, amount, created_by_staff_id) values ($1, 'Shipping fee/15000', 15000, $2)`,
      [SHIPPED, STAFF],
    ],
    [
      `insert into shipments (id, order_id, carrier, tracking_number, staff_id) values ($1, $2, 'CJ Logistics', '6543210987', $3)`,
      [SHIPMENT, SHIPPED, STAFF],
    ],
    [
      `insert into shipment_lines (shipment_id, order_detail_id, quantity) values ($1, $2, 3)`,
      [SHIPMENT, LINE_1],
    ],
  ];
}

/** A database holding `statements`' data under the schema of the first `count` migrations, then opened by the shop. */
async function upgradedFrom(
  count: number,
  statements: [string, unknown[]][],
): Promise<Database & { drop?(): Promise<void> }> {
  const folder = migrationsUpTo(count);
  if (onPostgres) {
    const empty = await emptyPostgresDatabase();
    const pool = new pg.Pool({ connectionString: empty.url, max: 1 });
    try {
      await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder });
      for (const [text, values] of statements) await pool.query(text, values);
    } finally {
      await pool.end();
    }
    const database = await openDatabase({ driver: 'postgres', url: empty.url, poolSize: 2 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await empty.drop();
      },
    };
  }
  const client = await openEmbeddedClient({});
  const file = path.join(dir, `at-${count}.tar.gz`);
  try {
    await migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder: folder });
    for (const [text, values] of statements) await client.query(text, values);
    await client.dump(file);
  } finally {
    await client.close();
  }
  return openDatabase({ driver: 'pglite', startFrom: file });
}

describe('a database made by an older shop', () => {
  it('migrates from the schema of migration 0015 to the current one with its orders, shipments and price groups intact', async () => {
    const password = 'Upgrade1234!';
    const database = await upgradedFrom(16, await oldShopData(await hashPassword(password)));
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dir,
        RATE_LIMIT: 'false',
        SALES_FOLD_MS: '0',
        SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
      }),
      database,
      logger: false,
    });
    try {
      await app.ready();
      // Every migration after 0015 ran.
      const applied = await queryRows<{ n: number }>(
        database.db,
        sqlText('select count(*)::int as n from drizzle.__drizzle_migrations'),
      );
      const shipped = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
        .entries.length;
      expect(applied[0]!.n).toBe(shipped);

      // The rows as they were, and what later migrations derived from them.
      const lines = await queryRows<{
        id: string;
        quantity: number;
        shipped_quantity: number;
        sku: string | null;
      }>(database.db, sqlText('select id, quantity, shipped_quantity, sku from order_details order by id'));
      expect(lines).toEqual([
        { id: LINE_1, quantity: 3, shipped_quantity: 3, sku: 'OLD-A' },
        { id: LINE_2, quantity: 4, shipped_quantity: 0, sku: 'OLD-A' },
        { id: LINE_3, quantity: 2, shipped_quantity: 0, sku: 'OLD-B' },
      ]);
      const groupPrice = await queryRows<{ price_krw: string }>(
        database.db,
        sqlText(`select price_krw::text from price_group_prices where product_option_id = '${OPTION_A}'`),
      );
      expect(groupPrice).toEqual([{ price_krw: '18000' }]);

      // The shop itself reads them: the buyer signs in with the old password and sees both orders, the shipment's
      // tracking number and the memo.
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'old-buyer@upgrade.example', password },
      });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json().data.accessToken}` };
      const detail = await app.inject({
        method: 'GET',
        url: `/api/v1/order/detail/${SHIPPED}`,
        headers: auth,
      });
      expect(detail.statusCode).toBe(200);
      const order = detail.json().data;
      expect(order).toMatchObject({ orderNumber: '1001', finalPaymentAmount: 75000 });
      expect(JSON.stringify(order)).toContain('6543210987');
      expect(JSON.stringify(order)).toContain('Shipping fee');
      const open = await app.inject({ method: 'GET', url: `/api/v1/order/detail/${OPEN}`, headers: auth });
      expect(open.statusCode).toBe(200);
      expect(open.json().data.finalPaymentAmount).toBe(114000);
      // The group price still applies to the buyer in the catalogue.
      const product = await app.inject({
        method: 'GET',
        url: `/api/v1/product/detail/${OPTION_A}`,
        headers: auth,
      });
      expect(product.statusCode).toBe(200);
      expect(JSON.stringify(product.json().data)).toContain('18000');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

function sqlText(text: string) {
  return sql.raw(text);
}
