import { describe, expect, it } from 'vitest';
import { isDiskFull } from '../lib/disk-full.js';
import { isConnectionLoss, lostBeforeSending } from './connection-loss.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('knows what node-postgres and PostgreSQL say of a connection that ended or never came', () => {
    for (const err of [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      // Drizzle wraps the driver's error as the cause of its own.
      new Error('Failed query: select 1', { cause: withCode('57P01') }),
    ]) {
      expect(isConnectionLoss(err), err.message).toBe(true);
    }
  });

  it('leaves every other failure to the other handlers', () => {
    for (const err of [
      withCode('23505', 'duplicate key value'),
      withCode('40P01', 'deadlock detected'),
      withCode('57014', 'canceling statement due to statement timeout'),
      new Error('Connection to the payment provider failed'),
      null,
      'Connection terminated',
    ]) {
      expect(isConnectionLoss(err)).toBe(false);
    }
  });

  it('tells a connection that never came from one lost under a statement', () => {
    expect(lostBeforeSending(withCode('ECONNREFUSED'))).toBe(true);
    expect(lostBeforeSending(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(lostBeforeSending(withCode('57P03'))).toBe(true);
    expect(lostBeforeSending(withCode('57P01'))).toBe(false);
    expect(lostBeforeSending(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

describe('isDiskFull', () => {
  it("knows PostgreSQL's disk_full and the file system's ENOSPC, wrapped or not", () => {
    expect(
      isDiskFull(withCode('53100', 'could not extend file "base/5/17511": No space left on device')),
    ).toBe(true);
    expect(isDiskFull(new Error('Failed query: insert', { cause: withCode('53100') }))).toBe(true);
    expect(isDiskFull(withCode('ENOSPC'))).toBe(true);
    expect(isDiskFull(withCode('57P01'))).toBe(false);
    expect(isDiskFull(withCode('EACCES'))).toBe(false);
  });
});
