import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { MAX_UPLOAD_BYTES } from '@kshop/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { body, createTestShop } from '../test/app.js';
import { freshDatabase } from '../test/database.js';

/**
 * Answers that Node or Fastify give before any route runs, and answers while the shop shuts down: all in the
 * envelope, over a real socket where the case only exists on the wire.
 */
let database: Database;
let app: FastifyInstance;
let port: number;
let releaseSlow: () => void = () => {};
const slowGate = new Promise<void>((resolve) => {
  releaseSlow = resolve;
});

beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    DEMO_DATA: 'false',
    HEADERS_TIMEOUT_MS: '1000',
    SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
  });
  app = await buildApp({ config, database, logger: false });
  // A request that stays in flight until the test lets it finish, to hold a shutdown open.
  app.get('/slow-for-test', async () => {
    await slowGate;
    return { statusCode: 200, message: 'OK', data: null };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  releaseSlow();
  await app.close().catch(() => {});
  await database.close();
});

/** Writes raw bytes on a fresh connection and collects everything until the server closes it. */
function rawExchange(write: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => write(socket));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

const envelopeIn = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

describe('answers outside the routes', () => {
  it('a malformed percent-encoding in the path is a 400 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/artist/list/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'This address is not valid.', data: null });
  });

  it('headers beyond the size limit are a 431 in the envelope, and the connection closes', async () => {
    const response = await rawExchange((socket) =>
      socket.write(`GET /api/v1/category?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: shop\r\n\r\n`),
    );
    expect(response).toMatch(/^HTTP\/1\.1 431 /);
    expect(response).toMatch(/Connection: close/i);
    expect(envelopeIn(response)).toEqual({
      statusCode: 431,
      message: 'The request headers are too large.',
      data: null,
    });
  });

  it('a client trickling its headers is answered 408 and cut off', async () => {
    const response = await rawExchange((socket) => {
      socket.write('GET /api/v1/category HTTP/1.1\r\nHost: shop\r\n');
      const trickle = setInterval(() => socket.writable && socket.write('X'), 300);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeIn(response)).toEqual({
      statusCode: 408,
      message: 'The request took too long to arrive.',
      data: null,
    });
  });

  it('broken HTTP is a 400 in the envelope', async () => {
    const response = await rawExchange((socket) => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeIn(response).statusCode).toBe(400);
  });
});

describe('security headers', () => {
  it('over plain HTTP: no HSTS and no upgrade to HTTPS, so the shop works on a LAN address', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('with HTTPS=true: HSTS and upgrade-insecure-requests', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT: 'false',
      HTTPS: 'true',
      SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
    });
    const secure = await buildApp({ config, database, logger: false });
    try {
      const res = await secure.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('PUBLIC_URL on https turns HTTPS on unless it is set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example' }).HTTPS).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example', HTTPS: 'false' }).HTTPS).toBe(false);
    expect(loadConfig({}).HTTPS).toBe(false);
  });
});

describe('bodies over the limit', () => {
  it('an upload far over the size limit is answered 413 in the envelope, not with a reset', async () => {
    const shop = await createTestShop({ demoData: false });
    try {
      await shop.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
      const asked = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/s3/upload',
        payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'certificate.pdf' }] },
      });
      const { url } = body(asked).data.urlList[0];
      const res = await fetch(`${base}${url}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_UPLOAD_BYTES + 1024 * 1024)]),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ statusCode: 413, message: expect.any(String), data: null });
    } finally {
      await shop.close();
    }
  });

  it('a JSON body over the limit is answered 413 in the envelope', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"${'a'.repeat(3 * 1024 * 1024)}"}`,
    }).catch((err: unknown) => err);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(413);
    expect(await (res as Response).json()).toMatchObject({ statusCode: 413, data: null });
  });
});

describe('shutting down', () => {
  it('finishes the request in flight and turns new ones away with a 503 envelope and Connection: close', async () => {
    const inFlight = fetch(`http://127.0.0.1:${port}/slow-for-test`);
    // A second connection is half-way through sending a request when the shutdown begins.
    let received = '';
    const socket = net.connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/v1/category HTTP/1.1\r\nHost: shop\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closed = app.close();
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    socket.write('\r\n');
    await socketClosed;
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/Connection: close/i);
    expect(envelopeIn(received)).toEqual({
      statusCode: 503,
      message: 'The shop is restarting. Please try again in a moment.',
      data: null,
    });

    releaseSlow();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.headers.get('connection')).toBe('close');
    await closed;
  });
});
