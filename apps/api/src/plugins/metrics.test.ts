import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.js';
import { createTestShop, type TestShop } from '../test/app.js';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

const LIST = '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all';

describe('/metrics', () => {
  it('is not served unless METRICS is on', async () => {
    const shop = await createTestShop({ demoData: false });
    shops.push(shop);
    expect((await shop.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('reports latency per route pattern, never per raw URL, and the catalogue cache', async () => {
    const shop = await createTestShop({ env: { METRICS: 'true' } });
    shops.push(shop);
    for (let i = 0; i < 3; i++) await shop.app.inject({ method: 'GET', url: LIST });
    const res = await shop.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /kshop_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/product\/list",status="2xx"\} 3/,
    );
    expect(text).not.toContain('page=1');
    expect(text).toMatch(/kshop_catalogue_cache_requests_total\{outcome="hit"\} 2/);
    expect(text).toMatch(/kshop_catalogue_cache_requests_total\{outcome="miss"\} 1/);
    expect(text).toContain('kshop_node_process_cpu_seconds_total');
    if (shop.database.driver === 'postgres')
      expect(text).toMatch(/kshop_db_pool_connections\{state="total"\}/);
    expect(text).toMatch(/kshop_queue_depth\{queue="jobs"\} 0/);
    expect(text).toMatch(/kshop_queue_depth\{queue="mails"\} 0/);
    // The event loop's delay since the last scrape, and the worker pool for uploads and documents.
    expect(text).toMatch(/^kshop_node_nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^kshop_node_nodejs_eventloop_lag_max_seconds \d/m);
    expect(text).toMatch(/^kshop_untrusted_work_threads\{state="threads"\} 0$/m);
    expect(text).toMatch(/^kshop_untrusted_work_threads\{state="queued"\} 0$/m);
    expect(text).toMatch(/^kshop_untrusted_work_refused_total\{reason="time"\} 0$/m);
  });

  it('reports the background work waiting in the database: jobs and mails', async () => {
    const shop = await createTestShop({ demoData: false, env: { METRICS: 'true' } });
    shops.push(shop);
    // Neither runs while the test looks: the runner and the sender stop first.
    await shop.app.jobs.stop();
    await shop.app.mailer.sender.stop(0);
    await shop.db.insert(jobs).values([
      { kind: 'metrics-test', input: {}, createdByStaffId: null },
      { kind: 'metrics-test', input: {}, createdByStaffId: null, status: 'done' },
    ]);
    await shop.app.mailer.send({ to: 'a@test.example', subject: 'One', text: 'x' });
    await shop.app.mailer.send({ to: 'b@test.example', subject: 'Two', text: 'x' });
    const text = (await shop.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/kshop_queue_depth\{queue="jobs"\} 1/);
    expect(text).toMatch(/kshop_queue_depth\{queue="mails"\} 2/);
  });
});
