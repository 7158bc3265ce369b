import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@kshop/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import { body, createTestShop, DEMO, DEMO_PASSWORD, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';
import * as staff from '../staff/staff.service.js';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

async function shopWithLimits(env: NodeJS.ProcessEnv = {}) {
  const shop = await createTestShop({ env: { RATE_LIMIT: 'true', ...env } });
  shops.push(shop);
  return shop;
}

const WRONG = 'Wrong1234!';
const TOO_MANY = { statusCode: 429, message: messages.http.tooManyRequests, data: null };

type Client = { remoteAddress?: string; forwardedFor?: string };

const login = (shop: TestShop, email: string, password: string, client: Client = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: client.remoteAddress,
    headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {},
    payload: { email, password },
  });

/** A different email per try, so only the per-address limit can answer 429. */
const sprayLogins = async (shop: TestShop, count: number, client: (i: number) => Client) => {
  const codes: number[] = [];
  for (let i = 0; i < count; i++)
    codes.push((await login(shop, `nobody-${i}@spray.example`, WRONG, client(i))).statusCode);
  return codes;
};

const expectTooMany = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(429);
  expect(body(res)).toEqual(TOO_MANY);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

let lastOctet = 0;
/** A client address of its own, so polling never meets the per-address limit. */
const freshClient = (): Client => ({ remoteAddress: `192.0.2.${(lastOctet++ % 250) + 1}` });

/** Polls until the email's back-off lets a try through; a wrong password then counts as a failure. */
async function afterBackoff(shop: TestShop, email: string, password: string) {
  for (let polls = 0; polls < 60; polls++) {
    const res = await login(shop, email, password, freshClient());
    if (res.statusCode !== 429) return res;
    await sleep(100);
  }
  throw new Error('the back-off did not end');
}

describe('the client address', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await shopWithLimits();
  });

  it('answers 429 in the envelope after twenty logins a minute from one address', async () => {
    const codes = await sprayLogins(shop, 20, () => ({ remoteAddress: '198.51.100.10' }));
    expect(codes).toEqual(Array(20).fill(401));
    expectTooMany(await login(shop, 'one-more@spray.example', WRONG, { remoteAddress: '198.51.100.10' }));
    expect(
      (await login(shop, DEMO.korea, DEMO_PASSWORD, { remoteAddress: '198.51.100.11' })).statusCode,
    ).toBe(200);
  });

  it('is the socket address by default: a forged X-Forwarded-For does not escape the limit', async () => {
    const forged = (i: number) => ({ remoteAddress: '198.51.100.20', forwardedFor: `203.0.113.${i + 1}` });
    expect(await sprayLogins(shop, 20, forged)).toEqual(Array(20).fill(401));
    expectTooMany(await login(shop, 'x@spray.example', WRONG, forged(99)));
  });

  it('with TRUST_PROXY=1 is the last hop the balancer added, whatever the client wrote before it', async () => {
    const behindBalancer = await shopWithLimits({ TRUST_PROXY: '1' });
    const via = (client: string, i: number) => ({
      remoteAddress: '10.0.0.2',
      forwardedFor: `192.0.2.${i + 1}, ${client}`,
    });
    expect(await sprayLogins(behindBalancer, 20, (i) => via('203.0.113.7', i))).toEqual(Array(20).fill(401));
    expectTooMany(await login(behindBalancer, 'x@spray.example', WRONG, via('203.0.113.7', 50)));
    // Another client behind the same balancer has its own count.
    expect((await login(behindBalancer, 'x@spray.example', WRONG, via('203.0.113.8', 50))).statusCode).toBe(
      401,
    );
  });

  it('with a list of proxies believes only those proxies', async () => {
    const listed = await shopWithLimits({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    const direct = (i: number) => ({ remoteAddress: '192.0.2.77', forwardedFor: `203.0.113.${i + 1}` });
    expect(await sprayLogins(listed, 20, direct)).toEqual(Array(20).fill(401));
    expectTooMany(await login(listed, 'x@spray.example', WRONG, direct(60)));
    const proxied = { remoteAddress: '10.1.2.3', forwardedFor: '192.0.2.77, 203.0.113.200' };
    expect((await login(listed, 'x@spray.example', WRONG, proxied)).statusCode).toBe(401);
  });

  it('refuses a TRUST_PROXY it cannot use', () => {
    for (const value of ['true', 'yes', '10.0.0.0/33', '10.0.0.1,,', '999'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });
});

describe('wrong passwords per email', () => {
  it('back off with growing waits; a correct password after the wait works and clears the count', async () => {
    const shop = await shopWithLimits();
    shop.app.accountLimits.policies.signIn = {
      failures: 3,
      windowMs: 60_000,
      firstLockMs: 1_000,
      maxLockMs: 2_000,
    };
    const tryAs = (password: string) => login(shop, DEMO.korea, password, freshClient());
    for (let i = 0; i < 3; i++) expect((await tryAs(WRONG)).statusCode).toBe(401);
    // Locked now, even for the right password.
    const locked = await tryAs(DEMO_PASSWORD);
    expectTooMany(locked);
    expect(locked.headers['retry-after']).toBe('1');

    // One more wrong try after the wait doubles the next wait, up to the cap.
    expect((await afterBackoff(shop, DEMO.korea, WRONG)).statusCode).toBe(401);
    expect((await tryAs(DEMO_PASSWORD)).headers['retry-after']).toBe('2');
    expect((await afterBackoff(shop, DEMO.korea, WRONG)).statusCode).toBe(401);
    expect((await tryAs(DEMO_PASSWORD)).headers['retry-after']).toBe('2');

    // After the wait the right password works, and success starts the count again.
    expect((await afterBackoff(shop, DEMO.korea, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await tryAs(WRONG)).statusCode).toBe(401);
    expect((await tryAs(DEMO_PASSWORD)).statusCode).toBe(200);
    // Three real waits and a dozen password hashes: more than the default limit on a busy machine.
  }, 90_000);

  it("lock only the email typed: the office's other members log in from the same address", async () => {
    const shop = await shopWithLimits();
    const office = { remoteAddress: '198.51.100.30' };
    for (let i = 0; i < 5; i++) expect((await login(shop, DEMO.korea, WRONG, office)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expectTooMany(await login(shop, DEMO.korea, DEMO_PASSWORD, office));
    expect((await login(shop, DEMO.global, DEMO_PASSWORD, office)).statusCode).toBe(200);
    expect((await login(shop, DEMO.pending, DEMO_PASSWORD, office)).statusCode).toBe(200);
  });

  it('are counted for every address together, so many addresses cannot try one account on and on', async () => {
    const shop = await shopWithLimits();
    for (let i = 0; i < 5; i++)
      expect(
        (await login(shop, DEMO.global, WRONG, { remoteAddress: `203.0.113.${i + 1}` })).statusCode,
      ).toBe(401);
    expectTooMany(await login(shop, DEMO.global, WRONG, { remoteAddress: '203.0.113.99' }));
  });

  it('back off staff sign-in per email too', async () => {
    const shop = await shopWithLimits();
    const clerk = await staff.createStaff(shop.db, { email: 'clerk@kshop.example' }, null);
    const other = await staff.createStaff(shop.db, { email: 'other@kshop.example' }, null);
    const signIn = (email: string, password: string) =>
      shop.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: { email, password } });
    for (let i = 0; i < 5; i++) expect((await signIn(clerk.email, WRONG)).statusCode).toBe(401);
    expectTooMany(await signIn(clerk.email, clerk.password));
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
  });
});

describe('mails per email', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await shopWithLimits();
  });

  const post = (url: string, email: string, remoteAddress: string) =>
    shop.app.inject({ method: 'POST', url, remoteAddress, payload: { email } });

  it('mails at most five verification codes an hour to one address, whatever client asks', async () => {
    const email = 'flooded@company.example';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/v1/mail', email, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    expectTooMany(await post('/api/v1/mail', email, '203.0.113.50'));
    expect(await shop.smtp.mailsTo(email, 5)).toHaveLength(5);
    expect((await post('/api/v1/mail', 'another@company.example', '203.0.113.50')).statusCode).toBe(200);
  });

  it('issues at most three temporary passwords an hour per member; the password keeps working', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post('/api/v1/user/temp-password', DEMO.korea, `198.51.100.${i + 1}`)).statusCode).toBe(
        200,
      );
    expectTooMany(await post('/api/v1/user/temp-password', DEMO.korea, '198.51.100.50'));
    const temporary = (m: { subject: string }) => m.subject.includes('temporary password');
    expect(await shop.smtp.mailsTo(DEMO.korea, 3, temporary)).toHaveLength(3);
    expect(
      (await login(shop, DEMO.korea, DEMO_PASSWORD, { remoteAddress: '198.51.100.50' })).statusCode,
    ).toBe(200);
    expect((await post('/api/v1/user/temp-password', DEMO.global, '198.51.100.50')).statusCode).toBe(200);
  });
});

describe('without rate limits (RATE_LIMIT=false)', () => {
  it('lets every try through and says so in readiness', async () => {
    const shop = await createTestShop();
    shops.push(shop);
    for (let i = 0; i < 6; i++) expect((await login(shop, DEMO.korea, WRONG)).statusCode).toBe(401);
    expect((await login(shop, DEMO.korea, DEMO_PASSWORD)).statusCode).toBe(200);
    const ready = body(await shop.app.inject({ url: '/readyz' }));
    expect(ready.data).toEqual({ database: 'ok', rateLimits: 'off' });
  });

  it('still counts per process by default, as readiness says', async () => {
    const shop = await shopWithLimits();
    expect(body(await shop.app.inject({ url: '/readyz' })).data).toEqual({
      database: 'ok',
      rateLimits: 'memory',
    });
    await staffSession(shop, 'owner@kshop.example', 'OWNER');
  });
});
