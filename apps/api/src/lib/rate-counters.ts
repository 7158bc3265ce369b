import type { Redis } from 'ioredis';

/** A count and how long its window has left (0 when nothing is counted). */
export type Count = { count: number; ttlMs: number };

/**
 * Growing back-off: from the `failures`-th attempt on, each attempt locks the key for `firstLockMs`, doubled
 * per further attempt up to `maxLockMs`. Attempts are remembered `windowMs` past the last lock.
 */
export type BackoffPolicy = { failures: number; windowMs: number; firstLockMs: number; maxLockMs: number };

export type Attempt = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counters behind every rate limit; each operation is atomic, so parallel requests cannot slip through. */
export interface Counters {
  /** One more in a window that starts with the first count. */
  increment(key: string, windowMs: number): Promise<Count>;
  /**
   * One more attempt under back-off: refused while a lock holds; otherwise counted as a failure (and the lock
   * for the next one set) until `clear` says it succeeded.
   */
  attempt(key: string, policy: BackoffPolicy): Promise<Attempt>;
  clear(key: string): Promise<void>;
}

const failuresOf = (key: string) => `${key}:failures`;
const lockOf = (key: string) => `${key}:lock`;

export const lockDuration = (attempts: number, policy: BackoffPolicy) =>
  attempts < policy.failures
    ? 0
    : Math.min(Math.floor(policy.firstLockMs * 2 ** (attempts - policy.failures)), policy.maxLockMs);

type Entry = { count: number; expiresAt: number };

/** Counts in this process only: the default, and the fallback while Redis is away. */
export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 50_000) {}

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  private put(key: string, entry: Entry, now: number) {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.makeRoom(now);
    this.entries.set(key, entry);
  }

  /** Drops what has expired; when a flood of keys leaves too little, the oldest tenth goes too. */
  private makeRoom(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size < this.maxEntries) return;
    let surplus = Math.ceil(this.maxEntries / 10);
    for (const key of this.entries.keys()) {
      if (surplus-- <= 0) break;
      this.entries.delete(key);
    }
  }

  async increment(key: string, windowMs: number): Promise<Count> {
    const now = Date.now();
    const entry = this.live(key, now);
    if (entry) {
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.expiresAt - now };
    }
    this.put(key, { count: 1, expiresAt: now + windowMs }, now);
    return { count: 1, ttlMs: windowMs };
  }

  async attempt(key: string, policy: BackoffPolicy): Promise<Attempt> {
    const now = Date.now();
    const lock = this.live(lockOf(key), now);
    if (lock) return { allowed: false, retryAfterMs: lock.expiresAt - now };
    const count = (this.live(failuresOf(key), now)?.count ?? 0) + 1;
    const lockMs = lockDuration(count, policy);
    if (lockMs > 0) this.put(lockOf(key), { count: 1, expiresAt: now + lockMs }, now);
    this.put(failuresOf(key), { count, expiresAt: now + policy.windowMs + lockMs }, now);
    return { allowed: true };
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(failuresOf(key));
    this.entries.delete(lockOf(key));
  }
}

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

// KEYS: failures, lock. ARGV: failures, windowMs, firstLockMs, maxLockMs (the same rule as lockDuration).
const ATTEMPT = `
local locked = redis.call('PTTL', KEYS[2])
if locked > 0 then return {0, locked} end
local count = redis.call('INCR', KEYS[1])
local failures = tonumber(ARGV[1])
local lockMs = 0
if count >= failures then
  lockMs = math.floor(math.min(tonumber(ARGV[3]) * 2 ^ (count - failures), tonumber(ARGV[4])))
  redis.call('SET', KEYS[2], '1', 'PX', lockMs)
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + lockMs)
return {1, 0}`;

/** Counts in Redis, shared by every instance of the shop. */
export class RedisCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'kshop-rate-limit:',
  ) {}

  async increment(key: string, windowMs: number): Promise<Count> {
    const [count, ttlMs] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, windowMs)) as [
      number,
      number,
    ];
    return { count, ttlMs };
  }

  async attempt(key: string, policy: BackoffPolicy): Promise<Attempt> {
    const [allowed, retryAfterMs] = (await this.redis.eval(
      ATTEMPT,
      2,
      this.prefix + failuresOf(key),
      this.prefix + lockOf(key),
      policy.failures,
      policy.windowMs,
      policy.firstLockMs,
      policy.maxLockMs,
    )) as [number, number];
    return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + failuresOf(key), this.prefix + lockOf(key));
  }
}

type Log = {
  warn(details: object, message: string): void;
  info(message: string): void;
};

export type CountingMode = 'redis' | 'memory (redis unavailable)';

/** After a failed command, Redis is left alone this long before it is tried again. */
const REDIS_RETRY_MS = 5_000;

/**
 * Redis while it answers, this process's own counts while it does not: limits never switch off, and a request
 * never waits for a Redis that is away (the connection has no offline queue and short timeouts). The switch is
 * logged once each way.
 */
export class SharedCounters implements Counters {
  private readonly redisCounters: RedisCounters;
  private down = false;
  private closing = false;
  private retryAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly memory: MemoryCounters,
    private readonly log: Log,
  ) {
    this.redisCounters = new RedisCounters(redis);
    redis.on('ready', () => this.recovered());
    redis.on('error', (err: Error) => this.failed(err));
    redis.on('close', () => this.failed(new Error('connection to Redis closed')));
  }

  /** Resolves once the first connection attempt has succeeded or failed, or after `waitMs`. */
  settled(waitMs: number): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
  }

  mode(): CountingMode {
    return this.usable() && !this.down ? 'redis' : 'memory (redis unavailable)';
  }

  private usable() {
    return this.redis.status === 'ready' && Date.now() >= this.retryAt;
  }

  private failed(err: Error) {
    if (this.closing) return;
    this.retryAt = Date.now() + REDIS_RETRY_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn({ err }, 'Redis unavailable: rate limits are counted per process until it is back');
  }

  private recovered() {
    this.retryAt = 0;
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis is back: rate limits are shared again');
  }

  private async run<T>(operation: (counters: Counters) => Promise<T>): Promise<T> {
    if (this.usable()) {
      try {
        const result = await operation(this.redisCounters);
        this.recovered();
        return result;
      } catch (err) {
        this.failed(err instanceof Error ? err : new Error(String(err)));
      }
    }
    return operation(this.memory);
  }

  increment(key: string, windowMs: number) {
    return this.run((counters) => counters.increment(key, windowMs));
  }

  attempt(key: string, policy: BackoffPolicy) {
    return this.run((counters) => counters.attempt(key, policy));
  }

  async clear(key: string) {
    // Both: a count taken in memory while Redis was away must not outlive a success either.
    await this.memory.clear(key);
    await this.run((counters) => (counters === this.memory ? Promise.resolve() : counters.clear(key)));
  }

  close() {
    this.closing = true;
    this.redis.disconnect();
  }
}
