import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails } from '../db/schema.js';
import { uploadCertificate } from '../test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from '../test/app.js';
import { orderPayload, placeOrder, stockedOption } from '../test/buying.js';
import { staffSession } from '../test/staff.js';
import { CELL_AT_ZZZZZZ1, lyingWorkbook, ROW_100_MILLION, zipBombWorkbook } from '../test/workbooks.js';

/**
 * Files built to take the server down, sent through the API: each is answered (a clear refusal, or the
 * document), the shop answers health checks all the while, and its event loop never stalls, because the
 * file is read or drawn in a worker (ARCHITECTURE section 8). Before the pool, each of these stopped the
 * event loop for seconds, and the first ended the process.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Longest the event loop may stall while a hostile file is handled; a GC pause stays well under it. */
const STALL_MS = 750;
const HEALTH_CHECKS = 20;

let shop: TestShop;
let staff: { authorization: string };
beforeAll(async () => {
  shop = await createTestShop();
  staff = await staffSession(shop, 'hostile-files@kshop.example', 'STAFF');
});
afterAll(() => shop?.close());

/**
 * Resolves once the delay monitor has taken a sample after this call: a stall that has just ended is
 * recorded only when the loop comes round to the monitor again.
 */
async function nextSample(delay: IntervalHistogram) {
  const count = delay.count;
  while (delay.count === count) await new Promise(setImmediate);
}

/**
 * Sends a hostile request and, until it is answered, health checks one after another, each once the last is
 * answered (at most HEALTH_CHECKS: enough to show the shop answers, few enough not to load it). Answers the
 * hostile request's answer, the health checks' statuses, and the longest the event loop stalled meanwhile.
 */
async function whileHandled(send: () => Promise<LightMyRequestResponse>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await nextSample(delay);
  let answered = false;
  const hostile = send().finally(() => {
    answered = true;
  });
  const health: number[] = [];
  while (!answered && health.length < HEALTH_CHECKS) {
    health.push((await shop.app.inject({ url: '/healthz' })).statusCode);
    await new Promise(setImmediate);
  }
  const answer = await hostile;
  await nextSample(delay);
  delay.disable();
  return { answer, health, stalledMs: delay.max / 1e6 };
}

const previewOf = (file: Buffer, contentType = XLSX) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalogue/import/preview',
    headers: { ...staff, 'content-type': contentType },
    payload: file,
  });

/** The shop after the file: alive, and a small honest import file is still read. */
async function stillServing() {
  expect((await shop.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  const honest = await previewOf(Buffer.from('title,vendor\r\n'), 'text/csv');
  expect(honest.statusCode, honest.body).toBe(200);
}

describe('hostile workbooks sent to the catalogue import', () => {
  it.each([
    ['one cell at ZZZZZZ1', () => CELL_AT_ZZZZZZ1, /reaches column ZZZZZZ.*at most 1,000 columns/],
    ['<row r="100000000">', () => ROW_100_MILLION, /reaches row 100,000,000.*at most 200,000 rows/],
    [
      'a zip bomb (1.1 MB whose sheet unpacks to 1.1 GB)',
      () => zipBombWorkbook(1100 * 1024 * 1024),
      /unpacks to 1,101 MB, more than 150 MB/,
    ],
    [
      'a directory that lies (says 4 MB, holds 300 MB)',
      () => lyingWorkbook(300 * 1024 * 1024, 4 * 1024 * 1024),
      /cannot be read/,
    ],
  ])('%s is refused with a reason while the shop goes on answering', async (_name, build, reason) => {
    const file = build();
    const { answer, health, stalledMs } = await whileHandled(() => previewOf(file));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(body(answer).message).toMatch(reason);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);
    expect(stalledMs).toBeLessThan(STALL_MS);
    await stillServing();
  });

  it('the import itself refuses the zip bomb before it starts a job', async () => {
    const bomb = zipBombWorkbook(1100 * 1024 * 1024);
    const { answer, stalledMs } = await whileHandled(() =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/import',
        headers: { ...staff, 'content-type': XLSX },
        payload: bomb,
      }),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(body(answer).message).toMatch(/too large to import/);
    expect(stalledMs).toBeLessThan(STALL_MS);
  });
});

describe('a deeply nested SVG certificate', () => {
  it('is checked off the event loop: refused as too complex, or taken, while the shop answers', async () => {
    const nested = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(30_000)}${'</g>'.repeat(30_000)}</svg>`,
    );
    const { answer, health, stalledMs } = await whileHandled(async () => {
      const upload = await uploadCertificate(shop, { fileName: 'deep.svg', bytes: nested });
      return upload.put as LightMyRequestResponse;
    });
    if (answer.statusCode !== 200) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(body(answer).message).toMatch(/too large or complex to check|does not match its type/);
    }
    expect(health.every((status) => status === 200)).toBe(true);
    expect(stalledMs).toBeLessThan(STALL_MS);
    await stillServing();
  });
});

describe('an invoice whose line has a 10,000-character title', () => {
  it('is drawn off the event loop while the shop answers', async () => {
    const buyer = await shop.loginAs(DEMO.korea);
    const option = await stockedOption(shop, 5);
    const placed = await placeOrder(
      shop,
      buyer,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const { uuid } = body(placed).data;
    // No form takes a title this long: the order's line is written as an import or an old record could leave it.
    const title = 'K'.repeat(10_000);
    await shop.db.update(orderDetails).set({ productTitle: title }).where(eq(orderDetails.orderId, uuid));

    const { answer, health, stalledMs } = await whileHandled(() =>
      shop.app.inject({ url: `/api/v1/admin/orders/${uuid}/invoice.pdf`, headers: staff }),
    );
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);
    expect(stalledMs).toBeLessThan(STALL_MS);
  });
});
