import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { CSV_COLUMNS } from '../modules/catalog-admin/catalog-csv-parse.js';
import { workbookWith } from '../test/workbooks.js';
import { createUntrustedPool } from './untrusted-pool.js';

const quiet = { error() {} };
const small = { bytes: Buffer.from('a,b\r\n1,2\r\n'), isWorkbook: false };
const readCsv = { ok: true, csv: 'a,b\r\n1,2\r\n', separator: ',' };

/** A workbook of `rows` rows of ten short texts: about 0.8 KB of sheet markup a row. */
function workbookOfRows(rows: number) {
  const markup: string[] = [];
  for (let r = 1; r <= rows; r++) {
    let cells = '';
    for (let c = 0; c < 10; c++)
      cells += `<c r="${String.fromCharCode(65 + c)}${r}" t="inlineStr"><is><t>cell ${r}-${c}</t></is></c>`;
    markup.push(`<row r="${r}">${cells}</row>`);
  }
  return workbookWith(markup.join(''));
}

describe('the worker pool for untrusted work', () => {
  it('ends a task past its time limit with the refusal for its file, replaces the worker and goes on', async () => {
    const pool = createUntrustedPool(quiet, { timeLimitsMs: { catalogueRows: 500 } });
    try {
      // Reading 200,000 honest rows takes seconds (about 3 s on the 2-core machine): ten times the limit here.
      const row = ',Album title,Label,9,new,,1,,SIZE,One,,,12000,9.5,,,7,1,false,true\r\n';
      const csv = `${CSV_COLUMNS.join(',')}\r\n${row.repeat(200_000)}`;
      const refused = await pool.run('catalogueRows', { csv, separator: ',' }).catch((err) => err);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ statusCode: 400, code: 'IMPORT_TOO_COMPLEX' });
      expect(refused.message).toMatch(/^This file is too large or complex to read/);
      expect(pool.figures().stopped).toEqual({ time: 1, memory: 0, busy: 0 });
      expect(await pool.run('catalogueFile', small)).toEqual(readCsv);
    } finally {
      await pool.close();
    }
  });

  it('ends a task whose worker runs out of memory the same way, and the next task gets a new worker', async () => {
    const pool = createUntrustedPool(quiet, {
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    try {
      expect(await pool.run('catalogueFile', small)).toEqual(readCsv);
      const refused = await pool
        .run('catalogueFile', { bytes: workbookOfRows(40_000), isWorkbook: true })
        .catch((err) => err);
      expect(refused).toMatchObject({ statusCode: 400, code: 'IMPORT_TOO_COMPLEX' });
      expect(pool.figures().stopped).toEqual({ time: 0, memory: 1, busy: 0 });
      expect(await pool.run('catalogueFile', small)).toEqual(readCsv);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 for tasks beyond its queue, and runs the others', async () => {
    const pool = createUntrustedPool(quiet);
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => pool.run('catalogueFile', small)),
      );
      const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason);
      expect(refused.length).toBeGreaterThan(0);
      for (const reason of refused) expect(reason).toMatchObject({ statusCode: 503, code: 'FILES_BUSY' });
      for (const o of outcomes) if (o.status === 'fulfilled') expect(o.value).toEqual(readCsv);
      expect(pool.figures().stopped.busy).toBe(refused.length);
    } finally {
      await pool.close();
    }
  });
});
