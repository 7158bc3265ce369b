import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { freshDatabase } from '../test/database.js';
import {
  loggedError,
  loggedUrl,
  logsToTerminal,
  maskEmails,
  readableLogLine,
  terminalLogStream,
} from './log.js';
import { OneLinePerRequest } from './request-log.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe('errors in the log', () => {
  it('keep the SQL text but drop the values a failed query carried', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "buyers_email"'), {
      code: '23505',
      constraint: 'buyers_email',
      detail: 'Key (lower(email))=(someone@example.com) already exists.',
    });
    const failed = new Error(
      'Failed query: insert into buyers (email, password_hash) values ($1, $2)\nparams: someone@example.com,$argon2id$v=19$m=19456',
      { cause },
    );
    const logged = loggedError(failed);
    const text = JSON.stringify(logged);
    expect(logged.message).toBe('Failed query: insert into buyers (email, password_hash) values ($1, $2)');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'buyers_email' });
    expect(text).not.toContain('someone@example.com');
    expect(text).not.toContain('argon2id');
  });

  it('a statement that failed in the database is logged without its values', async () => {
    // Dividing by zero fails inside the database, with the values sent as parameters.
    const error = await database.db
      .execute(sql`select ${'secret-address@example.com'}::text, 1 / ${0}::int`)
      .catch((err: unknown) => err);
    const text = JSON.stringify(loggedError(error));
    expect(text).toContain('division by zero');
    expect(text).not.toContain('secret-address@example.com');
  });
});

describe('request logs', () => {
  it('one line per request, on completion, with status and duration', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const config = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT: 'false',
      SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      const requestLines = lines.filter((l) => l.url === '/healthz' || l.req);
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        msg: 'request completed',
        method: 'GET',
        url: '/healthz',
        statusCode: 200,
      });
      expect(typeof requestLines[0]!.durationMs).toBe('number');
    } finally {
      await app.close();
    }
  });
});

describe('what requests and mails leave in the log', () => {
  it('a signed file link is logged as its path; e-mail addresses are masked, in a query or a mail subject', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const config = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT: 'false',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kshop-log-')),
      SECRET_KEY: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      const signed = `/api/v1/files/certificates/seal.pdf?expires=${Math.floor(Date.now() / 1000) + 60}&signature=c2lnbmF0dXJl&name=seal.pdf`;
      await app.inject({ method: 'GET', url: signed });
      await app.inject({
        method: 'PUT',
        url: '/api/v1/files/uploads/x.png?expires=1&signature=c2lnbmF0dXJl',
      });
      await app.inject({ method: 'GET', url: '/api/v1/admin/buyers?q=buyer.one%40company.example&page=1' });
      await app.inject({ method: 'GET', url: '/api/v1/admin/orders?q=Buyer.Two@Company.example' });
      const contact = await app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: {
          email: 'guest.three@company.example',
          companyName: 'sales@guest-company.example',
          representativeName: 'Kim',
          businessRegistrationNumber: '123-45-67890',
          phoneNumber: '010-1234-5678',
          content: 'A question about a pre-order, from guest.three@company.example.',
          termsOfServiceAgree: true,
        },
      });
      expect(contact.statusCode).toBe(200);
      // The inquiry's mail is sent from the queue after the answer: wait for the outbox to log it.
      while (!lines.some((l) => l.includes('mail written to the outbox'))) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await app.close();
    }
    const info = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 30);
    const urls = info.flatMap((l) => (typeof l.url === 'string' ? [l.url] : []));
    expect(urls).toEqual([
      '/api/v1/files/certificates/seal.pdf',
      '/api/v1/files/uploads/x.png',
      '/api/v1/admin/buyers?q=[email]&page=1',
      '/api/v1/admin/orders?q=[email]',
      '/api/v1/contact',
    ]);
    expect(info.find((l) => l.msg === 'mail written to the outbox')?.subject).toBe('Inquiry from [email]');
    const text = lines.join('');
    for (const secret of [
      'signature',
      'c2lnbmF0dXJl',
      'seal.pdf?',
      '@company',
      '%40company',
      '@guest-company',
    ])
      expect(text).not.toContain(secret);
  });

  it('masks an address in any spelling; keeps the query of a link that is not signed', () => {
    expect(maskEmails('to a.b+c@d-e.example.co.kr, and x%40y.example')).toBe('to [email], and [email]');
    expect(maskEmails('no address @ here, nor user@localhost')).toBe('no address @ here, nor user@localhost');
    expect(loggedUrl('/api/v1/files/k.pdf?signature=s&expires=1')).toBe('/api/v1/files/k.pdf');
    expect(loggedUrl('/api/v1/products?q=album&page=2')).toBe('/api/v1/products?q=album&page=2');
  });
});

describe('logs at a terminal', () => {
  it('are readable only on a TTY outside production', () => {
    expect(logsToTerminal({ NODE_ENV: 'development' }, { isTTY: true })).toBe(true);
    expect(logsToTerminal({}, { isTTY: true })).toBe(true);
    expect(logsToTerminal({ NODE_ENV: 'production' }, { isTTY: true })).toBe(false);
    expect(logsToTerminal({ NODE_ENV: 'development' }, { isTTY: false })).toBe(false);
    expect(logsToTerminal({ NODE_ENV: 'development' }, {})).toBe(false);
  });

  it('turn a JSON line into one short line, a request into method, path, status and duration', () => {
    const time = new Date(2026, 10, 23, 14, 2, 7).getTime();
    expect(
      readableLogLine(
        JSON.stringify({
          level: 30,
          time,
          pid: 1,
          hostname: 'h',
          msg: 'shop listening',
          url: 'http://localhost:3000',
          port: 3000,
        }),
      ),
    ).toBe('14:02:07 info  shop listening url=http://localhost:3000 port=3000');
    const request = JSON.stringify({
      level: 20,
      time,
      reqId: 'abc',
      method: 'GET',
      url: '/api/v1/products',
      statusCode: 200,
      durationMs: 4.2,
      msg: 'request completed',
    });
    expect(readableLogLine(request)).toBe('14:02:07 debug GET /api/v1/products 200 4.2 ms');
    const failed = readableLogLine(
      JSON.stringify({
        level: 50,
        time,
        msg: 'could not send',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(failed).toBe('14:02:07 error could not send\n    Error: boom\n    at x');
    expect(readableLogLine('not json\n')).toBe('not json');
  });

  it('a terminal stream writes one line per entry', () => {
    const written: string[] = [];
    terminalLogStream({ write: (text) => written.push(text) }).write(
      `${JSON.stringify({ level: 40, time: Date.now(), msg: 'slow', ms: 12 })}\n`,
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d warn {2}slow ms=12\n$/);
  });

  it('requests go out at debug at a terminal (none at info), at info elsewhere; errors always', () => {
    const calls: [string, Record<string, unknown>][] = [];
    const log = Object.fromEntries(
      ['info', 'debug', 'error'].map((level) => [
        level,
        (fields: Record<string, unknown>) => calls.push([level, fields]),
      ]),
    );
    const request = { method: 'GET', url: '/' } as never;
    const reply = { statusCode: 200, elapsedTime: 1.23, log } as never;
    new OneLinePerRequest({ quiet: true }).requestCompleted(null, request, reply);
    new OneLinePerRequest({ quiet: false }).requestCompleted(null, request, reply);
    new OneLinePerRequest({ quiet: true }).requestCompleted(new Error('x'), request, reply);
    expect(calls.map(([level]) => level)).toEqual(['debug', 'info', 'error']);
    expect(calls[0]![1]).toMatchObject({ method: 'GET', url: '/', statusCode: 200, durationMs: 1.2 });
  });
});
