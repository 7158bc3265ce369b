import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { body, createTestShop, DEMO, type TestShop } from './test/app.js';
import { rowsOf } from './test/database-watch.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe('the envelope and the plumbing', () => {
  it('answers health and readiness', async () => {
    expect((await shop.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await shop.app.inject({ url: '/readyz' });
    // Test shops run without rate limits; rate-limit.test.ts covers the other states.
    expect(body(ready)).toEqual({
      statusCode: 200,
      message: 'OK',
      data: { database: 'ok', rateLimits: 'off' },
    });
  });

  it('wraps an unknown API route in a 404 envelope', async () => {
    const res = await shop.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ statusCode: 404, message: 'Not Found', data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ statusCode: 400, data: null });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await shop.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/product/list', '/api/v1/auth/login']),
    );
  });

  it('sends security headers', async () => {
    const res = await shop.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('login', () => {
  it('gives an approved member a token, stored only as a hash', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO.korea.toUpperCase(), password: 'Demo1234!' },
    });
    expect(res.statusCode).toBe(200);
    const token = body(res).data.accessToken as string;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await rowsOf<{ token_hash: string }>(shop.db, sql`select token_hash from buyer_sessions`);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
  });

  it('refuses a wrong password with 401 and input outside the rules with the spec message', async () => {
    const wrong = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO.korea, password: 'Wrong1234!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).message).toBe('Invalid email or password.');
    const unknown = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@demo.kshop.example', password: 'Demo1234!' },
    });
    expect(body(unknown)).toEqual(body(wrong));
    const malformed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message).toBe('check your Id or Password');
  });
});

describe('serving the storefront and the back office', () => {
  it('answers page routes with the index.html of their app and keeps API 404s as JSON', async () => {
    const site = (html: string) => {
      const dist = mkdtempSync(path.join(tmpdir(), 'kshop-site-'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), html);
      writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.info(1)');
      return dist;
    };
    const web = site('<!doctype html><div id="root">storefront</div>');
    const admin = site('<!doctype html><div id="root">back office</div>');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: web });
    const app = await buildApp({
      config,
      database: shop.database,
      logger: false,
      webDistDir: web,
      adminDistDir: admin,
    });
    try {
      for (const url of ['/', '/productlist/9?tag=pre', '/some/unknown/page']) {
        const page = await app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('storefront');
      }
      for (const url of ['/admin/', '/admin', '/admin/orders/20261122-1001']) {
        const page = await app.inject({ url });
        expect(page.body, url).toContain('back office');
      }
      expect((await app.inject({ url: '/assets/app-abc123.js' })).headers['cache-control']).toContain(
        'immutable',
      );
      expect((await app.inject({ url: '/admin/assets/app-abc123.js' })).statusCode).toBe(200);
      // A build made while the shop runs is served without a restart.
      writeFileSync(path.join(web, 'assets', 'app-def456.js'), 'console.info(2)');
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root">storefront v2</div>');
      expect((await app.inject({ url: '/assets/app-def456.js' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/cart' })).body).toContain('storefront v2');
      const api = await app.inject({ url: '/api/v1/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    } finally {
      await app.close();
    }
  });

  it("preloads a detail page's main image from its HTML, and nothing for an option nobody can see", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'kshop-site-'));
    const index =
      '<!doctype html><html><head><title>K</title></head><body><div class="gallery__main"></div></body></html>';
    writeFileSync(path.join(dist, 'index.html'), index);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dist });
    const app = await buildApp({ config, database: shop.database, logger: false, webDistDir: dist });
    try {
      const [first] = body(await app.inject({ url: '/api/v1/product/list?limit=1' })).data.productOptionList;
      const detail = body(await app.inject({ url: `/api/v1/product/detail/${first.optionUuid}` })).data;
      const [image] = JSON.parse(detail.product.thumbnailUrlArray) as string[];
      const preload = `<head>\n    <link rel="preload" as="image" href="${image}" fetchpriority="high" />`;
      for (const url of [
        `/productdetail/${first.optionUuid}`,
        `/productdetail/${first.optionUuid.toUpperCase()}/`,
        `/productdetail/${first.optionUuid}?from=mail#top`,
      ]) {
        const page = await app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.body, url).toContain(preload);
        expect(page.body, url).toContain(
          `<div class="gallery__main"><img alt="" src="${image}" fetchpriority="high"></div>`,
        );
      }
      for (const url of [
        '/productdetail/00000000-0000-4000-8000-000000000000',
        '/productdetail/not-an-id',
        '/productlist/9',
        '/',
      ]) {
        const page = await app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.body, url).toBe(index);
      }
    } finally {
      await app.close();
    }
  });
});
