import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerSessions, buyers } from '../db/schema.js';
import { createTestShop, DEMO, secondInstance, type TestShop } from '../test/app.js';
import { eventually } from '../test/eventually.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const cart = (app: TestShop['app'], headers: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/v1/cart', headers });

describe('sessions kept in memory', () => {
  it('a logout takes effect for the very next request', async () => {
    const member = await shop.loginAs(DEMO.korea);
    expect((await cart(shop.app, member)).statusCode).toBe(200);
    const hits = shop.app.buyerSessionCache.hits;
    expect((await cart(shop.app, member)).statusCode).toBe(200);
    expect(shop.app.buyerSessionCache.hits).toBe(hits + 1);
    await shop.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: member });
    expect((await cart(shop.app, member)).statusCode).toBe(401);
  });

  it('a suspension by staff takes effect for the very next request', async () => {
    const member = await shop.loginAs(DEMO.global);
    expect((await cart(shop.app, member)).statusCode).toBe(200);
    const { setStatus } = await import('../modules/buyers/buyers.repository.js');
    const [buyer] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, DEMO.global));
    await setStatus(shop.db, buyer!.id, 'SUSPENDED', 'test');
    expect((await cart(shop.app, member)).statusCode).not.toBe(200);
    await setStatus(shop.db, buyer!.id, 'APPROVED', null);
  });

  it('a session ended in the database by someone else (another instance, a staff command) goes too', async () => {
    const member = await shop.loginAs(DEMO.korea);
    expect((await cart(shop.app, member)).statusCode).toBe(200);
    const [buyer] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, DEMO.korea));
    // Straight SQL: no in-process signal, only the database's notification.
    await shop.db.execute(sql`delete from ${buyerSessions} where buyer_id = ${buyer!.id}`);
    expect(
      await eventually(
        async () => (await cart(shop.app, member)).statusCode,
        (code) => code === 401,
      ),
    ).toBe(401);
  });

  it('one kept-alive connection carrying several members (a shared proxy connection) answers each as themselves', async () => {
    const korea = await shop.loginAs(DEMO.korea);
    const global = await shop.loginAs(DEMO.global);
    const server = shop.app.server;
    if (!server.listening) await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const profile = (headers: Record<string, string>) =>
      new Promise<{ status: number; email?: string }>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: '/api/v1/user', agent, headers }, (res) => {
          sockets.add(res.socket);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, email: JSON.parse(text).data?.email }));
        })
          .on('error', reject)
          .end();
      });
    try {
      expect(await profile(korea)).toEqual({ status: 200, email: DEMO.korea });
      expect(await profile(korea)).toEqual({ status: 200, email: DEMO.korea });
      expect(await profile(global)).toEqual({ status: 200, email: DEMO.global });
      expect(await profile(korea)).toEqual({ status: 200, email: DEMO.korea });
      // Same length as a real token, one letter changed: the connection's last token must not stand in for it.
      const forged = korea.authorization.slice(0, -1) + (korea.authorization.endsWith('A') ? 'B' : 'A');
      expect((await profile({ authorization: forged })).status).toBe(401);
      expect((await profile({})).status).toBe(401);
      expect(await profile(global)).toEqual({ status: 200, email: DEMO.global });
      await shop.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: global });
      expect((await profile(global)).status).toBe(401);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('another instance on the same database forgets a session the first one ended', async () => {
    if (shop.database.driver !== 'postgres') return; // one process, one instance on PGlite
    const other = await secondInstance(shop);
    try {
      const member = await shop.loginAs(DEMO.korea);
      expect((await cart(other, member)).statusCode).toBe(200);
      expect((await cart(other, member)).statusCode).toBe(200);
      await shop.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: member });
      expect(
        await eventually(
          async () => (await cart(other, member)).statusCode,
          (code) => code === 401,
        ),
      ).toBe(401);
    } finally {
      await other.close();
    }
  });
});
