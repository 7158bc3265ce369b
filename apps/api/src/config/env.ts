import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** proxy-addr's names for whole ranges, accepted in a list beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

export type TrustedProxies = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` from TRUST_PROXY: false, a list of addresses, or for a hop count a function trusting
 * that many hops from the socket (Fastify's own numeric option trusts nothing); null when it makes no sense.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= 10 ? (_address: string, hop: number) => hop < hops : null;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

/** Every setting the shop reads from its environment; `.env.example` lists them with their defaults. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // Connections to PostgreSQL per instance: about twice the database's cores (docs/decisions/0030-database-pool-size.md).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(8),
  /** How often sales that orders appended are added to the products' totals; 0 only when the shop closes. */
  SALES_FOLD_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * How long kept catalogue answers may show products' sales totals and the best-selling order behind the
   * folded totals: a fold that changed totals is shown at once when none was shown for this long, else when
   * this long has passed since the last (each showing drops every kept answer). 0 shows every fold at once.
   */
  CATALOGUE_SALES_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * How often each instance looks for queued mails it did not queue itself (another instance's, or due again after
   * a failure); 0 only at start. A mail queued here is sent at once.
   */
  MAIL_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /**
   * Days of daily backups kept in DATA_DIR/backups (the embedded database's data directory, or pg_dump's format);
   * 0 writes none.
   */
  BACKUP_DAYS: z.coerce.number().int().min(0).max(366).default(7),
  DEMO_DATA: flag(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SHOP_INBOX_EMAIL: z.string().email().default('sales@kshop.example'),
  MAIL_FROM: z.string().default('K-Shop Wholesale <no-reply@kshop.example>'),
  SMTP_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * Which proxies may name the client in X-Forwarded-For: off (the socket address counts), a hop count
   * (`1` behind one balancer), or a comma-separated list of proxy addresses and CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null)
        ctx.addIssue({
          code: 'custom',
          message: 'expected false, a hop count, or a comma-separated list of proxy addresses or CIDRs',
        });
      return parsed ?? false;
    }),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag(false),
  /** Signs file URLs and keys verification codes; generated into DATA_DIR when not given. */
  SECRET_KEY: z.string().min(32).optional(),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  RATE_LIMIT: flag(true),
  /** Serve Prometheus metrics at /metrics (latency per route, database pool, jobs, cache hit rate). */
  METRICS: flag(false),
  /** Keep catalogue answers in memory until the database reports a catalogue change. */
  CATALOGUE_CACHE: flag(true),
  /**
   * The shop is reached over HTTPS (directly or through a balancer that ends TLS): browsers are then told to
   * upgrade every request and to remember HTTPS (HSTS). Off, the shop works over plain HTTP on any host name.
   */
  HTTPS: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** A client must send its request headers within this time, and the whole request within the next. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** An idle kept-alive connection is closed after this; keep it above the balancer's idle timeout. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'HTTPS'> & { HTTPS: boolean; dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means the same as an absent one.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const https = parsed.data.HTTPS ?? parsed.data.PUBLIC_URL?.startsWith('https:') ?? false;
  return { ...parsed.data, HTTPS: https, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
