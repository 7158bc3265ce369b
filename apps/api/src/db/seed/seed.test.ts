import { PRODUCT_TAGS } from '@kshop/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.js';
import { DEMO_IMAGE_NAME } from '../../modules/media/demo-image.js';
import { type Database, openDatabase } from '../client.js';
import { CATEGORY_TREE, flattenCategoryTree } from './categories.js';
import { generateCatalogue } from './generate-catalogue.js';
import { DEMO_PASSWORD, insertGeneratedProducts, type SeedResult, seedOnFirstStart } from './index.js';

let database: Database;
// The driver-neutral Db type leaves raw results untyped; both drivers answer with { rows }.
const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const count = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite' });
});
afterAll(() => database.close());

// One database walks through a shop's first starts: without demo data, then with it, then again.
describe('seedOnFirstStart', () => {
  it('writes only the categories when demo data is off', async () => {
    const result = await seedOnFirstStart(database.db, { demoData: false });
    expect(result).toEqual({ seeded: false, accounts: [] });
    expect(await count('categories')).toBe(flattenCategoryTree().length);
    expect(await count('products')).toBe(0);
    expect(await count('buyers')).toBe(0);
    expect(await count('artists')).toBe(0);
  });

  it('keeps the fixed category ids of the spec, without a row for 0', async () => {
    const categories = await rows<{ id: number; parent_id: number | null; name: string }>(
      sql`select id, parent_id, name from categories order by id`,
    );
    const byId = new Map(categories.map((c) => [c.id, c]));
    expect(byId.has(0)).toBe(false);
    expect(byId.get(2)).toMatchObject({ parent_id: null, name: 'K-MAGAZINE' });
    expect(byId.get(4)).toMatchObject({ parent_id: null, name: 'K-EVENT' });
    expect(byId.get(9)).toMatchObject({ parent_id: null, name: 'K-MERCH' });
    expect(byId.get(10)).toMatchObject({ parent_id: 9, name: 'LIGHT STICK' });
    expect(byId.get(13)).toMatchObject({ parent_id: 9, name: 'PHOTO BOOK' });
    expect(byId.get(20)).toMatchObject({ parent_id: 11 });
    expect(byId.get(24)).toMatchObject({ parent_id: 12 });
  });

  describe('on a first start with demo data', () => {
    let result: SeedResult;
    let seedMs: number;

    beforeAll(async () => {
      const started = performance.now();
      result = await seedOnFirstStart(database.db, { demoData: true });
      seedMs = performance.now() - started;
    });

    it('seeds the catalogue and reports the demo logins', async () => {
      expect(result.seeded).toBe(true);
      expect(result.accounts).toEqual([
        { email: 'korea@demo.kshop.example', password: 'Demo1234!', status: 'APPROVED', currency: 'KRW' },
        { email: 'global@demo.kshop.example', password: 'Demo1234!', status: 'APPROVED', currency: 'USD' },
        { email: 'pending@demo.kshop.example', password: 'Demo1234!', status: 'PENDING', currency: 'USD' },
      ]);
      // Generous: the budget is well under 2 s, but a loaded CI machine should not fail the suite.
      expect(seedMs).toBeLessThan(10_000);
    });

    it('puts products in every category of the tree', async () => {
      expect(await count('products')).toBeGreaterThanOrEqual(150);
      const perCategory = await rows<{ category_id: number; n: number }>(
        sql`select category_id, count(*)::int as n from products group by category_id`,
      );
      const counts = new Map(perCategory.map((r) => [r.category_id, r.n]));
      for (const { id } of flattenCategoryTree(CATEGORY_TREE))
        expect(counts.get(id) ?? 0, `category ${id}`).toBeGreaterThan(0);
      // The home page shows 8 K-MAGAZINE products and 8 from K-MERCH and its children.
      expect(counts.get(2)).toBeGreaterThanOrEqual(8);
    });

    it('has at least 20 artists with English and Korean names in every artist category', async () => {
      const artists = await rows<{ name_en: string; name_ko: string; category: string }>(
        sql`select a.name_en, a.name_ko, c.name as category from artists a join artist_categories c on c.id = a.artist_category_id`,
      );
      expect(artists.length).toBeGreaterThanOrEqual(20);
      for (const a of artists) {
        expect(a.name_en).toMatch(/^[A-Z0-9 &]+$/);
        expect(a.name_ko).toMatch(/[가-힣]/);
      }
      expect(new Set(artists.map((a) => a.category))).toEqual(
        new Set(['BOY GROUP', 'GIRL GROUP', 'SOLO', 'ACTOR & OST']),
      );
    });

    it('links every product to one or two artists', async () => {
      const links = await rows<{ n: number }>(
        sql`select count(pa.artist_id)::int as n from products p left join product_artists pa on pa.product_id = p.id group by p.id`,
      );
      for (const { n } of links) expect([1, 2]).toContain(n);
    });

    it('gives every product exactly one default option', async () => {
      const defaults = await rows<{ n: number }>(
        sql`select count(o.id) filter (where o.is_default)::int as n from products p left join product_options o on o.product_id = p.id group by p.id`,
      );
      expect(defaults.length).toBe(await count('products'));
      expect(defaults.every((d) => d.n === 1)).toBe(true);
    });

    it('has both sold-out and orderable products, about 8% sold out', async () => {
      const [stock] = await rows<{ in_stock: number; sold_out: number }>(
        sql`select count(*) filter (where in_stock)::int as in_stock, count(*) filter (where not in_stock)::int as sold_out from products`,
      );
      expect(stock!.in_stock).toBeGreaterThan(0);
      expect(stock!.sold_out).toBeGreaterThan(0);
      const share = stock!.sold_out / (stock!.in_stock + stock!.sold_out);
      expect(share).toBeGreaterThan(0.03);
      expect(share).toBeLessThan(0.15);
    });

    it('uses every tag, and only the staff tags', async () => {
      const tags = await rows<{ tag: string }>(sql`select distinct unnest(tags) as tag from products`);
      expect(new Set(tags.map((t) => t.tag))).toEqual(new Set(PRODUCT_TAGS));
    });

    it('sells pre-orders before their future release date and events within an application window', async () => {
      const pre = await rows<{ future: boolean; window: boolean }>(
        sql`select release_date > current_date as future, sales_end_at is not null as window from products where 'pre' = any(tags)`,
      );
      expect(pre.length).toBeGreaterThanOrEqual(24);
      expect(pre.every((p) => p.future && p.window)).toBe(true);
      const events = await rows<{ event_type: string | null; ordered: boolean }>(
        sql`select event_type, event_apply_start_at < event_apply_end_at as ordered from products where category_id = 4`,
      );
      expect(events.every((e) => e.event_type && e.ordered)).toBe(true);
    });

    it('prices options in whole won and in cents at a consistent rate', async () => {
      const options = await rows<{
        price_krw: number;
        price_usd: number;
        compared_price_krw: number | null;
        stock: number;
        hold_stock: number;
        minimum_order_quantity: number;
      }>(
        sql`select price_krw, price_usd, compared_price_krw, stock, hold_stock, minimum_order_quantity from product_options`,
      );
      for (const o of options) {
        expect(o.price_krw).toBeGreaterThan(0);
        expect(o.price_krw % 100).toBe(0);
        expect(o.price_usd).toBe(Math.round((o.price_krw / 1350) * 100));
        if (o.compared_price_krw !== null) expect(o.compared_price_krw).toBeGreaterThan(o.price_krw);
        expect(o.hold_stock).toBe(0);
        expect([1, 5, 10]).toContain(o.minimum_order_quantity);
      }
      const [sale] = await rows<{ without: number }>(
        sql`select count(*)::int as without from products p join product_options o on o.product_id = p.id
            where 'sale' = any(p.tags) and o.compared_price_krw is null`,
      );
      expect(sale!.without).toBe(0);
    });

    it('points images at the media route and keeps descriptions to the allowed tags', async () => {
      const products = await rows<{ image_urls: string[]; description: string; search_text: string }>(
        sql`select image_urls, description, search_text from products`,
      );
      for (const p of products) {
        expect(p.image_urls.length).toBeGreaterThanOrEqual(1);
        expect(p.image_urls.length).toBeLessThanOrEqual(4);
        for (const url of p.image_urls) expect(url.replace('/media/demo/', '')).toMatch(DEMO_IMAGE_NAME);
        const tags = [...p.description.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
        for (const tag of tags)
          expect(['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'img']).toContain(tag);
        for (const [, src] of p.description.matchAll(/<img src="([^"]+)"/g)) {
          expect(src!.replace('/media/demo/', '')).toMatch(DEMO_IMAGE_NAME);
        }
        expect(p.search_text).not.toBe('');
      }
      expect(products.some((p) => p.description.includes('<img'))).toBe(true);
    });

    it('creates buyers with working demo passwords and default addresses for the approved ones', async () => {
      const buyers = await rows<{
        email: string;
        password_hash: string;
        is_korean_company: boolean;
        addresses: number;
      }>(
        sql`select b.email, b.password_hash, b.is_korean_company,
              (select count(*)::int from addresses a where a.buyer_id = b.id and a.is_default) as addresses
            from buyers b order by b.email`,
      );
      expect(buyers.map((b) => [b.email, b.is_korean_company, b.addresses])).toEqual([
        ['global@demo.kshop.example', false, 1],
        ['korea@demo.kshop.example', true, 1],
        ['pending@demo.kshop.example', false, 0],
      ]);
      for (const b of buyers) {
        expect(b.password_hash.startsWith('$argon2id$')).toBe(true);
        expect(await verifyPassword(b.password_hash, DEMO_PASSWORD)).toBe(true);
      }
    });
  });

  it('seeds nothing on a later start, and still reports the demo logins', async () => {
    const before = [
      await count('products'),
      await count('product_options'),
      await count('artists'),
      await count('buyers'),
    ];
    const again = await seedOnFirstStart(database.db, { demoData: true });
    expect(again.seeded).toBe(false);
    expect(again.accounts.map((a) => a.email)).toEqual([
      'korea@demo.kshop.example',
      'global@demo.kshop.example',
      'pending@demo.kshop.example',
    ]);
    const after = [
      await count('products'),
      await count('product_options'),
      await count('artists'),
      await count('buyers'),
    ];
    expect(after).toEqual(before);
    expect(await count('categories')).toBe(flattenCategoryTree().length);
  });

  it('stops reporting a demo login whose password was changed', async () => {
    await database.db.execute(
      sql`update buyers set password_hash = 'changed' where email = 'pending@demo.kshop.example'`,
    );
    const again = await seedOnFirstStart(database.db, { demoData: true });
    expect(again.accounts.map((a) => a.email)).not.toContain('pending@demo.kshop.example');
  });
});

describe('generated catalogue', () => {
  const now = new Date('2026-11-22T00:00:00Z');

  it('is the same for the same seed and date, and different for another seed', () => {
    expect(generateCatalogue(40, 7, now)).toEqual(generateCatalogue(40, 7, now));
    expect(generateCatalogue(40, 8, now)[0]!.product.id).not.toBe(
      generateCatalogue(40, 7, now)[0]!.product.id,
    );
  });

  it('generates any slice on its own', () => {
    const whole = generateCatalogue(30, 7, now);
    expect(generateCatalogue(10, 7, now, 20)).toEqual(whole.slice(20));
  });

  it('writes large counts in batches, each with its derived columns', async () => {
    const before = await count('products');
    const written: number[] = [];
    const summary = await insertGeneratedProducts(database.db, {
      count: 250,
      batchSize: 100,
      seed: 99,
      now,
      onBatch: (n) => written.push(n),
    });
    expect(summary.products).toBe(250);
    expect(written).toEqual([100, 200, 250]);
    expect(await count('products')).toBe(before + 250);
    const [blank] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products where search_text = ''`,
    );
    expect(blank!.n).toBe(0);
  });
});
