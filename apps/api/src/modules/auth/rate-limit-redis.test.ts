import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@kshop/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { seedOnFirstStart } from '../../db/seed/index.js';
import { body, createTestShop, DEMO, DEMO_PASSWORD, type TestShop } from '../../test/app.js';
import { freshDatabase } from '../../test/database.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WRONG = 'Wrong1234!';

type Closable = Pick<TestShop, 'app' | 'close'>;
const shops: Closable[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

/** The shop with its log lines kept, to read what it tells the operator. */
async function shopWithLog(env: NodeJS.ProcessEnv, demoData = false) {
  const database = await freshDatabase();
  await seedOnFirstStart(database.db, { demoData });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kshop-test-'));
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'true',
    SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.ready();
  const shop = {
    app,
    lines,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  shops.push(shop);
  return shop;
}

const WARN = 40;
const said = (lines: { level: number; msg: string }[], text: string, level?: number) =>
  lines.filter((line) => line.msg.includes(text) && (level === undefined || line.level === level));

async function shopWith(env: NodeJS.ProcessEnv, demoData = true) {
  const shop = await createTestShop({ demoData, env: { RATE_LIMIT: 'true', ...env } });
  shops.push(shop);
  return shop;
}

/**
 * Counts in Redis outlive a run and other runs share the server: each run uses addresses and emails of its
 * own (IPv6 addresses count per /64, so the random part sits in the prefix).
 */
const runTag = randomBytes(4).toString('hex');
const clientAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

const login = (shop: { app: FastifyInstance }, email: string, password: string, remoteAddress: string) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email, password } });

const readiness = async (shop: { app: FastifyInstance }) => body(await shop.app.inject({ url: '/readyz' }));

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP relay to the real Redis that can be cut and restored, as a network fault would. */
async function redisRelay(port: number) {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  };
  const cut = async () => {
    const closing = new Promise((resolve) => server?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closing;
  };
  await open();
  return { url: `redis://127.0.0.1:${port}`, open, cut };
}

async function eventually(check: () => Promise<boolean>, what: string) {
  for (let polls = 0; polls < 100; polls++) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not happen`);
}

describe('rate limits in Redis', () => {
  it('are shared by every instance: per address and per email', async () => {
    const first = await shopWith({ REDIS_URL }, false);
    const second = await shopWith({ REDIS_URL }, false);
    expect((await readiness(first)).data).toEqual({ database: 'ok', rateLimits: 'redis' });

    const address = clientAddress();
    for (let i = 0; i < 10; i++)
      expect((await login(first, `a${i}-${runTag}@spray.example`, WRONG, address)).statusCode).toBe(401);
    for (let i = 0; i < 10; i++)
      expect((await login(second, `b${i}-${runTag}@spray.example`, WRONG, address)).statusCode).toBe(401);
    expect((await login(first, `c-${runTag}@spray.example`, WRONG, address)).statusCode).toBe(429);
    expect((await login(second, `c-${runTag}@spray.example`, WRONG, address)).statusCode).toBe(429);

    const email = `target-${runTag}@company.example`;
    for (let i = 0; i < 3; i++)
      expect((await login(first, email, WRONG, clientAddress())).statusCode).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await login(second, email, WRONG, clientAddress())).statusCode).toBe(401);
    const locked = await login(first, email, WRONG, clientAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect((await login(second, email, WRONG, clientAddress())).statusCode).toBe(429);
  }, 60_000);

  it('with Redis unreachable, fall back to per-process limits at once and say so in readiness', async () => {
    const shop = await shopWithLog({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }, true);
    const ready = await readiness(shop);
    expect(ready.statusCode).toBe(200);
    expect(ready.data).toEqual({ database: 'ok', rateLimits: 'memory (redis unavailable)' });

    const address = clientAddress();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await login(shop, `d${i}@spray.example`, WRONG, address)).statusCode);
    expect(codes).toEqual([...Array(20).fill(401), 429]);

    for (let i = 0; i < 5; i++)
      expect((await login(shop, DEMO.korea, WRONG, clientAddress())).statusCode).toBe(401);
    const locked = await login(shop, DEMO.korea, DEMO_PASSWORD, clientAddress());
    expect(locked.statusCode).toBe(429);
    expect(body(locked).message).toBe(messages.http.tooManyRequests);
    expect((await login(shop, DEMO.global, DEMO_PASSWORD, clientAddress())).statusCode).toBe(200);
    // One warning for the operator, not one per request.
    expect(said(shop.lines, 'Redis unavailable', WARN)).toHaveLength(1);
  }, 60_000);

  it('switch to memory when Redis goes away and back to Redis when it returns', async () => {
    const relay = await redisRelay(await closedPort());
    const shop = await shopWithLog({ REDIS_URL: relay.url });
    expect((await readiness(shop)).data.rateLimits).toBe('redis');
    expect(said(shop.lines, 'Redis unavailable')).toHaveLength(0);

    await relay.cut();
    await eventually(
      async () => (await readiness(shop)).data.rateLimits === 'memory (redis unavailable)',
      'the switch to memory',
    );
    // Still limited while Redis is away.
    const address = clientAddress();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await login(shop, `e${i}-${runTag}@spray.example`, WRONG, address)).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect(said(shop.lines, 'Redis unavailable', WARN)).toHaveLength(1);

    await relay.open();
    await eventually(
      async () => (await readiness(shop)).data.rateLimits === 'redis',
      'the switch back to Redis',
    );
    expect(said(shop.lines, 'Redis is back')).toHaveLength(1);
    await relay.cut();
  }, 60_000);
});
