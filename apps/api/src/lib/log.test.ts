import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { freshDatabase } from '../test/database.js';
import { loggedError } from './log.js';

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
