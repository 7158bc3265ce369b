import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { createTestShop, type TestShop } from '../test/app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const LIST = '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all';

describe('compressed answers', () => {
  it('a JSON answer over 1 KB goes out in brotli or gzip, as the client accepts, and reads the same', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: LIST });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await shop.app.inject({
      method: 'GET',
      url: LIST,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await shop.app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer stays as it is', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a hashed asset is served from its copy compressed at build time, cached for good', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'kshop-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('k'.repeat(4000))});`;
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), script);
    // A marker only the precompressed copy carries, to tell it from compression on the fly.
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync(`${script}//prebuilt`));
    const config = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT: 'false',
      SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: shop.dataDir,
    });
    const app = await buildApp({ config, database: shop.database, logger: false, webDistDir: dist });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/main-abc123.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script}//prebuilt`);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
