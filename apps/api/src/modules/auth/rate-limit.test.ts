import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

/** A client address of its own per run, so counts left in Redis by an earlier run do not matter. */
const clientIp = () =>
  `198.51.100.${randomInt(1, 255)}, 10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

const tryLogin = (shop: TestShop, ip: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': ip },
    payload: { email: DEMO.korea, password: 'Wrong1234!' },
  });

describe('rate limits', () => {
  it('answer 429 with a clear message after ten logins a minute', async () => {
    const shop = await createTestShop({ demoData: true, env: { RATE_LIMIT: 'true' } });
    shops.push(shop);
    const ip = clientIp();
    for (let i = 0; i < 10; i++) expect((await tryLogin(shop, ip)).statusCode).toBe(401);
    const limited = await tryLogin(shop, ip);
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({
      statusCode: 429,
      message: 'Too many requests. Please wait a moment and try again.',
      data: null,
    });
    expect((await tryLogin(shop, clientIp())).statusCode).toBe(401);
  });

  it('are shared by every instance through Redis', async () => {
    const env = { RATE_LIMIT: 'true', REDIS_URL: 'redis://127.0.0.1:6379' };
    const first = await createTestShop({ env });
    shops.push(first);
    const second = await createTestShop({ demoData: true, env });
    shops.push(second);
    const ip = clientIp();
    for (let i = 0; i < 5; i++) expect((await tryLogin(first, ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await tryLogin(second, ip)).statusCode).toBe(401);
    expect((await tryLogin(first, ip)).statusCode).toBe(429);
    expect((await tryLogin(second, ip)).statusCode).toBe(429);
  });
});
