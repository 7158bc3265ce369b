import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEncode, type ZodType } from 'zod';

/** An answer and the tags it depends on: a drop of one of the tags drops the answer (`dropTagged`). */
export type Tagged<Payload> = { payload: Payload; tags?: readonly string[] };

/** When a load began: the generation, the count of targeted drops and the count of `markStale` calls so far. */
type Start = { generation: number; drops: number; staled?: number };

/**
 * Serialized answers of read-only calls, kept in this process until the data behind them changes.
 *
 * Correctness rests on three rules:
 * - the key names everything the answer depends on, the viewer's currency included (a guest's key says
 *   'guest', and a guest's answer carries no price), so no answer reaches a viewer it was not made for;
 * - a change drops every answer that may show it: `invalidate` drops every entry, `dropTagged` the entries
 *   kept with one of its tags (a product detail is kept with its options' ids, so a change to their stock
 *   drops it and nothing else); an answer computed from data read before a change is not stored after it
 *   (the generation it started in must still be current, and none of its tags dropped since it began);
 * - while the shop cannot hear about changes (the listening connection is lost), nothing is served from or
 *   stored in the cache.
 * A change that may show late (sales totals, decision 0044) only marks what is kept stale (`markStale`): a
 * stale answer is still served while it is made again (`isStale`), for at most `servedStaleMs`.
 */
export class AnswerCache<Payload = Buffer> {
  private readonly entries = new Map<string, Payload>();
  /** Compressed copies of kept answers, by encoding and key; they go with their answer. */
  private readonly variants = new Map<string, Payload>();
  /** Answers being loaded now, by generation, drops and key: concurrent misses of one answer share one load. */
  private readonly loading = new Map<string, Promise<Payload>>();
  /** The tags of each kept answer that has some, and the kept answers of each tag. */
  private readonly tagsOf = new Map<string, readonly string[]>();
  private readonly keysOf = new Map<string, Set<string>>();
  /** Targeted drops so far, and the last one of each tag while loads are running (a load begun before it is not kept). */
  private drops = 0;
  private readonly droppedAt = new Map<string, number>();
  /** How many times kept answers were marked stale, and since when each stale one is (milliseconds). */
  private staled = 0;
  private readonly staleSince = new Map<string, number>();
  /** Stale answers waiting to be made again, and how many are being made now (`renew`). */
  private readonly renewals = new Map<string, () => Promise<Tagged<Payload>>>();
  private readonly renewing = new Set<string>();
  private generationNow = 0;
  private live = false;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 2_000,
    /** Stale answers made again at once: the others are served stale meanwhile, not each queued for the database. */
    private readonly renewAtOnce = 2,
    /** How long a stale answer is still served; after that a request waits for it to be made again. */
    private readonly servedStaleMs = 60_000,
  ) {}

  get generation() {
    return this.generationNow;
  }

  get size() {
    return this.entries.size;
  }

  /** How many targeted drops (`dropTagged`) there were: a test waits for one to arrive. */
  get targetedDrops() {
    return this.drops;
  }

  read(key: string): Payload | undefined {
    if (!this.live) return undefined;
    const staleSince = this.staleSince.get(key);
    const payload =
      staleSince !== undefined && Date.now() - staleSince > this.servedStaleMs
        ? undefined
        : this.entries.get(key);
    if (payload === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recently used last, so the least recently used goes first when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, payload);
    return payload;
  }

  /** Stores an answer computed from data read at `start`, unless a change that may touch it happened since. */
  write(key: string, start: number | Start, payload: Payload, tags: readonly string[] = []): void {
    const {
      generation,
      drops,
      staled = this.staled,
    } = typeof start === 'number' ? { generation: start, drops: this.drops } : start;
    if (!this.live || generation !== this.generationNow) return;
    if (drops < this.drops && tags.some((tag) => (this.droppedAt.get(tag) ?? 0) > drops)) return;
    const kept = this.entries.get(key);
    // The same bytes again (a stale answer made again, unchanged): its compressed copies still serve.
    const variants = kept !== undefined && sameBytes(kept, payload) ? this.variantsOf(key) : [];
    if (kept !== undefined) this.remove(key);
    else if (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value as string);
    this.entries.set(key, payload);
    for (const [name, copy] of variants) this.variants.set(name, copy);
    // Read before a `markStale`: maybe stale, so stale from now.
    if (staled < this.staled) this.staleSince.set(key, Date.now());
    if (tags.length === 0) return;
    this.tagsOf.set(key, tags);
    for (const tag of tags) {
      const keys = this.keysOf.get(tag);
      if (keys) keys.add(key);
      else this.keysOf.set(tag, new Set([key]));
    }
  }

  /** The kept answer's copy in an encoding, made once from it; undefined when the answer is not kept. */
  variant(key: string, encoding: Encoding, make: (payload: Payload) => Payload): Payload | undefined {
    const payload = this.live ? this.entries.get(key) : undefined;
    if (payload === undefined) return undefined;
    const name = `${encoding}\u0000${key}`;
    let copy = this.variants.get(name);
    if (copy === undefined) {
      copy = make(payload);
      this.variants.set(name, copy);
    }
    return copy;
  }

  /**
   * The answer for the key, loaded once however many requests miss it at the same time (after a change
   * every viewer misses at once; on the embedded database each load would queue behind the others). A
   * request arriving after a change never joins a load that started before it.
   */
  load(key: string, compute: () => Promise<Payload>): Promise<Payload> {
    return this.loadTagged(key, async () => ({ payload: await compute() }));
  }

  /** As `load`, for an answer kept with the tags its computation names. */
  loadTagged(key: string, compute: () => Promise<Tagged<Payload>>): Promise<Payload> {
    if (!this.live) return compute().then(({ payload }) => payload);
    const start: Start = { generation: this.generationNow, drops: this.drops, staled: this.staled };
    const flight = `${start.generation}\u0000${start.drops}\u0000${key}`;
    const running = this.loading.get(flight);
    if (running) return running;
    const loaded = compute()
      .then(({ payload, tags }) => {
        this.write(key, start, payload, tags);
        return payload;
      })
      .finally(() => {
        this.loading.delete(flight);
        // With no load running, no store can predate a drop: the drops' record is no longer needed.
        if (this.loading.size === 0) this.droppedAt.clear();
      });
    this.loading.set(flight, loaded);
    return loaded;
  }

  invalidate(): void {
    this.generationNow++;
    this.entries.clear();
    this.variants.clear();
    this.tagsOf.clear();
    this.keysOf.clear();
    this.droppedAt.clear();
    this.staleSince.clear();
    this.renewals.clear();
  }

  /**
   * Marks the kept answers with any of `tags` (every kept answer without `tags`) stale: each is still served
   * while it is made again (`renew`), for at most `servedStaleMs` from the first time it was marked.
   */
  markStale(tags?: Iterable<string>): void {
    const now = Date.now();
    const keys = tags ? [...tags].flatMap((tag) => [...(this.keysOf.get(tag) ?? [])]) : this.entries.keys();
    for (const key of keys) if (!this.staleSince.has(key)) this.staleSince.set(key, now);
    this.staled++;
  }

  /** Whether the kept answer may be older than a change marked stale since it was made. */
  isStale(key: string): boolean {
    return this.staleSince.has(key);
  }

  /**
   * Makes a stale answer again in the background, a few at a time (`renewAtOnce`): after new sales totals
   * every kept answer is stale at once, and making them all at once would queue every other request (an
   * order's too) behind them on the database. A failure is reported and the answer stays stale.
   */
  renew(key: string, make: () => Promise<Tagged<Payload>>, onError: (err: unknown) => void): void {
    if (this.renewing.has(key) || this.renewals.has(key)) return;
    this.renewals.set(key, async () => {
      try {
        return await make();
      } catch (err) {
        onError(err);
        throw err;
      }
    });
    this.renewNext();
  }

  private renewNext(): void {
    while (this.renewing.size < this.renewAtOnce) {
      const next = this.renewals.entries().next().value;
      if (!next) return;
      const [key, make] = next;
      this.renewals.delete(key);
      // Made again or dropped meanwhile: nothing to renew.
      if (!this.isStale(key)) continue;
      this.renewing.add(key);
      this.loadTagged(key, make)
        .catch(() => {})
        .finally(() => {
          this.renewing.delete(key);
          this.renewNext();
        });
    }
  }

  /** Drops the answers kept with any of `tags`, and keeps any load begun before now from storing one. */
  dropTagged(tags: Iterable<string>): void {
    this.drops++;
    for (const tag of tags) {
      if (this.loading.size > 0) this.droppedAt.set(tag, this.drops);
      for (const key of this.keysOf.get(tag) ?? []) this.remove(key);
    }
  }

  /** Whether changes are being heard; either way what was kept may be stale and goes. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  private variantsOf(key: string): [string, Payload][] {
    return ENCODINGS.flatMap((encoding) => {
      const name = `${encoding}\u0000${key}`;
      const copy = this.variants.get(name);
      return copy === undefined ? [] : [[name, copy] as [string, Payload]];
    });
  }

  private remove(key: string): void {
    this.entries.delete(key);
    this.staleSince.delete(key);
    for (const encoding of ENCODINGS) this.variants.delete(`${encoding}\u0000${key}`);
    for (const tag of this.tagsOf.get(key) ?? []) {
      const keys = this.keysOf.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOf.delete(tag);
    }
    this.tagsOf.delete(key);
  }
}

const sameBytes = (a: unknown, b: unknown) => Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b);

const JSON_TYPE = 'application/json; charset=utf-8';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Answers from this size on go out compressed, as the compression plugin does for every other answer. */
const COMPRESS_FROM = 1024;
const COMPRESS: Record<Encoding, (payload: Buffer) => Buffer> = {
  br: (payload) => zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (payload) => zlib.gzipSync(payload),
};

/** The encoding the client takes: brotli, else gzip, as its Accept-Encoding allows (q=0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return ENCODINGS.find((encoding) => accepted.has(encoding)) ?? null;
}

/**
 * Sends a cached answer, compressed when the client takes it: each encoding's copy is made once per kept
 * answer, not on every request.
 */
function sendKept(
  cache: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  payload: Buffer,
) {
  reply.type(JSON_TYPE);
  if (payload.length < COMPRESS_FROM) return reply.send(payload);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const copy = encoding ? cache.variant(key, encoding, COMPRESS[encoding]) : undefined;
  if (!encoding || copy === undefined) return reply.send(payload);
  return reply.header('content-encoding', encoding).send(copy);
}

/**
 * Answers from the cache, or loads the envelope, encodes it with the route's response schema (as the route's
 * serializer would) and keeps the JSON for the next request with the same key, with the tags `tagsOf` names
 * in the envelope (see `AnswerCache.dropTagged`). The JSON is kept as UTF-8 bytes: a string with a '₩' in it
 * would be measured and encoded again on every send.
 */
export async function cachedAnswer<Envelope>(
  cache: AnswerCache,
  reply: FastifyReply,
  key: string,
  schema: ZodType,
  load: () => Promise<Envelope>,
  tagsOf?: (envelope: Envelope) => readonly string[],
) {
  const hit = cache.read(key);
  if (hit !== undefined) {
    // Stale (sales totals moved on): served as it is while it is made again in the background.
    if (cache.isStale(key))
      cache.renew(key, encoder(schema, load, tagsOf), (err) =>
        reply.log.warn({ err }, 'could not renew a kept answer'),
      );
    return sendKept(cache, reply.request, reply, key, hit);
  }
  const payload = await cache.loadTagged(key, encoder(schema, load, tagsOf));
  return sendKept(cache, reply.request, reply, key, payload);
}

/** Loads the envelope and encodes it with the route's response schema, as the route's serializer would. */
function encoder<Envelope>(
  schema: ZodType,
  load: () => Promise<Envelope>,
  tagsOf?: (envelope: Envelope) => readonly string[],
) {
  return async (): Promise<Tagged<Buffer>> => {
    const envelope = await load();
    const encoded = safeEncode(schema, envelope);
    if (!encoded.success) throw encoded.error;
    return { payload: Buffer.from(JSON.stringify(encoded.data)), tags: tagsOf?.(envelope) };
  };
}
