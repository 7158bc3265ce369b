import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { messages } from '@kshop/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';
import { AccountLimits, TooManyAttempts } from '../lib/account-limits.js';
import { type Counters, type CountingMode, MemoryCounters, SharedCounters } from '../lib/rate-counters.js';

export type RateLimitMode = 'off' | 'memory' | CountingMode;

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-account limits (sign-in back-off, mails per email); every check passes when limits are off. */
    accountLimits: AccountLimits;
    /** Where the limits are counted right now, for /readyz. */
    rateLimitMode(): RateLimitMode;
  }
}

/** @fastify/rate-limit's store over our counters: one key space per route, as its own stores do. */
function counterStore(counters: Counters): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      counters.increment(`${this.prefix}${key}`, windowMs).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }
    child(options: unknown): FastifyRateLimitStore {
      const { routeInfo } = options as { routeInfo: { method: string | string[]; url: string } };
      return new CounterStore(`${this.prefix}${String(routeInfo.method)}${routeInfo.url}:`);
    }
  }
  return class AddressStore extends CounterStore {
    constructor() {
      super('address:');
    }
  };
}

async function connectRedis(url: string, memory: MemoryCounters, app: FastifyInstance) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // Fail fast: a request never queues behind a Redis that is away; the limits count in memory meanwhile.
    connectTimeout: 1_000,
    commandTimeout: 500,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  const shared = new SharedCounters(redis, memory, app.log);
  await shared.settled(1_500);
  app.addHook('onClose', async () => shared.close());
  return shared;
}

/**
 * Rate limits per client address (each route's `config.rateLimit`) and per account (`app.accountLimits`), in
 * memory or shared through Redis when REDIS_URL is set. The client address is the socket's unless TRUST_PROXY
 * names the balancers in front.
 */
export default fp(
  async function rateLimits(app: FastifyInstance, { config }: { config: Config }) {
    if (!config.RATE_LIMIT) {
      app.decorate('accountLimits', new AccountLimits(null));
      app.decorate('rateLimitMode', (): RateLimitMode => 'off');
      return;
    }
    const memory = new MemoryCounters();
    const shared = config.REDIS_URL ? await connectRedis(config.REDIS_URL, memory, app) : null;
    const counters: Counters = shared ?? memory;

    await app.register(rateLimit, {
      global: false,
      store: counterStore(counters),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: messages.http.tooManyRequests,
        data: null,
      }),
    });
    app.decorate('accountLimits', new AccountLimits(counters));
    app.decorate('rateLimitMode', (): RateLimitMode => shared?.mode() ?? 'memory');
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
    });
  },
  { name: 'rate-limit' },
);
