import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import type { TestShop } from './app.js';

type Headers = { authorization: string };

/** Uploads a catalogue CSV: the import answers 202 with its job at once. */
export const startImport = (shop: TestShop, headers: Headers, csv: string | Buffer) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalogue/import',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });

/** Polls an import job until it is done or failed; answers its last state (the `data` of the answer). */
export async function importOutcome(shop: TestShop, headers: Headers, started: LightMyRequestResponse) {
  if (started.statusCode !== 202) throw new Error(`the import did not start: ${started.body}`);
  const { jobId } = started.json().data as { jobId: string };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await shop.app.inject({ url: `/api/v1/admin/catalogue/imports/${jobId}`, headers });
    const job = answer.json().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await sleep(20);
  }
  throw new Error(`import job ${jobId} did not finish within a minute`);
}
