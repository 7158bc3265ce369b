import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/client.js';

/**
 * `GET /metrics` in Prometheus' text format, when METRICS=true: latency per route, method and status class,
 * the database pool, background jobs and mails waiting, the catalogue cache's hits and misses, and the worker
 * pool for uploads and documents, beside Node's own process figures. Among those, the event loop's delay
 * since the last scrape: `kshop_node_nodejs_eventloop_lag_p99_seconds` and `..._max_seconds` (prom-client
 * reads perf_hooks.monitorEventLoopDelay and starts it again at each scrape). Off by default; put it
 * behind the balancer's internal network when on.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'kshop_node_' });

    const duration = new Histogram({
      name: 'kshop_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw URL: ids and queries would make endless series.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    });

    const cache = app.hasDecorator('catalogueCache') ? app.catalogueCache : null;
    new Counter({
      name: 'kshop_catalogue_cache_requests_total',
      help: 'Catalogue answers looked up in the cache, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        if (!cache) return;
        this.reset();
        this.inc({ outcome: 'hit' }, cache.hits);
        this.inc({ outcome: 'miss' }, cache.misses);
      },
    });
    new Counter({
      name: 'kshop_session_cache_requests_total',
      help: 'Bearer tokens looked up in the session cache, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ outcome: 'hit' }, app.buyerSessionCache.hits);
        this.inc({ outcome: 'miss' }, app.buyerSessionCache.misses);
      },
    });
    new Gauge({
      name: 'kshop_catalogue_cache_entries',
      help: 'Catalogue answers kept in this process',
      registers: [registry],
      collect() {
        this.set(cache?.size ?? 0);
      },
    });
    new Gauge({
      name: 'kshop_db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL only)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const pool = app.database.pool?.();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'kshop_queue_depth',
      help: 'Background work waiting in the database: jobs queued or running, mails queued (all instances)',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const [row] = await queryRows<{ jobs: number; mails: number }>(
          app.db,
          sql`select (select count(*) from jobs where status in ('queued', 'running'))::int as jobs,
            (select count(*) from mail_queue)::int as mails`,
        );
        this.set({ queue: 'jobs' }, row?.jobs ?? 0);
        this.set({ queue: 'mails' }, row?.mails ?? 0);
      },
    });

    new Gauge({
      name: 'kshop_untrusted_work_threads',
      help: 'Worker threads parsing uploads and drawing documents, and tasks waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const figures = app.untrustedWork.figures();
        this.set({ state: 'threads' }, figures.threads);
        this.set({ state: 'queued' }, figures.queued);
      },
    });
    new Counter({
      name: 'kshop_untrusted_work_refused_total',
      help: 'Uploads and documents stopped in the worker pool (out of time or memory) or refused (queue full)',
      labelNames: ['reason'] as const,
      registers: [registry],
      collect() {
        const { stopped } = app.untrustedWork.figures();
        this.reset();
        this.inc({ reason: 'time' }, stopped.time);
        this.inc({ reason: 'memory' }, stopped.memory);
        this.inc({ reason: 'busy' }, stopped.busy);
      },
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics', dependencies: ['db', 'untrusted-work'] },
);
