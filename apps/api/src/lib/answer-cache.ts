import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEncode, type ZodType } from 'zod';

/** An answer and the tags it depends on: a change marked on one of the tags marks the answer (`markStale`). */
export type Tagged<Payload> = { payload: Payload; tags?: readonly string[] };

/** When a load began: the generation and the count of `markStale` calls so far. */
type Start = { generation: number; marks: number };

/** The last mark of a tag (or of every answer) while loads run, and the soonest deadline it set. */
type Mark = { mark: number; until: number };

/**
 * Serialized answers of read-only calls, kept in this process until the data behind them changes.
 *
 * Correctness rests on three rules:
 * - the key names everything the answer depends on, the viewer's currency included (a guest's key says
 *   'guest', and a guest's answer carries no price), so no answer reaches a viewer it was not made for;
 * - a change reaches every answer that may show it: `invalidate` drops every entry; `markStale` marks the
 *   entries kept with one of its tags stale, to be served only until a deadline while they are made again
 *   (a product detail is kept with its options' ids: a change to their stock marks it, for at most 1 s, and
 *   nothing else); an answer computed from data read before a change is not stored after it as fresh (after
 *   an `invalidate` not at all, after a mark of one of its tags as stale, with that mark's deadline);
 * - while the shop cannot hear about changes (the listening connection is lost), nothing is served from or
 *   stored in the cache.
 * A stale answer is served as it is while a request has it made again in the background (`renew`), until its
 * deadline; after that a request waits for it to be made again.
 */
export class AnswerCache<Payload = Buffer> {
  private readonly entries = new Map<string, Payload>();
  /** Compressed copies of kept answers, by encoding and key; they go with their answer. */
  private readonly variants = new Map<string, Payload>();
  /** Answers being loaded now, by generation, marks and key: concurrent misses of one answer share one load. */
  private readonly loading = new Map<string, Promise<Payload>>();
  /** The tags of each kept answer that has some, and the kept answers of each tag. */
  private readonly tagsOf = new Map<string, readonly string[]>();
  private readonly keysOf = new Map<string, Set<string>>();
  /** `markStale` calls so far; while loads run, the last mark of each tag and of every answer. */
  private marks = 0;
  private readonly markedAt = new Map<string, Mark>();
  private everyMarkedAt: Mark | undefined;
  /** Until when each stale answer may still be served (milliseconds since the epoch). */
  private readonly staleUntil = new Map<string, number>();
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
    /** How long a stale answer is served when `markStale` names no time. */
    private readonly servedStaleMs = 60_000,
  ) {}

  get generation() {
    return this.generationNow;
  }

  get size() {
    return this.entries.size;
  }

  /** How many times answers were marked stale: a test waits for a notice's mark to arrive. */
  get staleMarks() {
    return this.marks;
  }

  read(key: string): Payload | undefined {
    if (!this.live) return undefined;
    const until = this.staleUntil.get(key);
    const payload = until !== undefined && Date.now() >= until ? undefined : this.entries.get(key);
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

  /** Stores an answer computed from data read at `start`: stale when a change that may touch it was marked since. */
  write(key: string, start: number | Start, payload: Payload, tags: readonly string[] = []): void {
    const { generation, marks } =
      typeof start === 'number' ? { generation: start, marks: this.marks } : start;
    if (!this.live || generation !== this.generationNow) return;
    const kept = this.entries.get(key);
    // Read before a mark of one of its tags: maybe stale, so stale until that mark's deadline; and older than
    // an answer kept fresh meanwhile, which a load begun after the mark stored.
    const staleUntil = marks < this.marks ? this.deadlineSince(marks, tags) : undefined;
    if (staleUntil !== undefined && kept !== undefined && !this.isStale(key)) return;
    // The same bytes again (a stale answer made again, unchanged): its compressed copies still serve.
    const variants = kept !== undefined && sameBytes(kept, payload) ? this.variantsOf(key) : [];
    if (kept !== undefined) this.remove(key);
    else if (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value as string);
    this.entries.set(key, payload);
    for (const [name, copy] of variants) this.variants.set(name, copy);
    if (staleUntil !== undefined) this.staleUntil.set(key, staleUntil);
    if (tags.length === 0) return;
    this.tagsOf.set(key, tags);
    for (const tag of tags) {
      const keys = this.keysOf.get(tag);
      if (keys) keys.add(key);
      else this.keysOf.set(tag, new Set([key]));
    }
  }

  /** The soonest deadline of the marks since `marks` of every answer or of one of `tags`, if any. */
  private deadlineSince(marks: number, tags: readonly string[]): number | undefined {
    const since = [this.everyMarkedAt, ...tags.map((tag) => this.markedAt.get(tag))].filter(
      (m): m is Mark => m !== undefined && m.mark > marks,
    );
    return since.length > 0 ? Math.min(...since.map((m) => m.until)) : undefined;
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
    const start: Start = { generation: this.generationNow, marks: this.marks };
    const flight = `${start.generation}\u0000${start.marks}\u0000${key}`;
    const running = this.loading.get(flight);
    if (running) return running;
    const loaded = compute()
      .then(({ payload, tags }) => {
        this.write(key, start, payload, tags);
        return payload;
      })
      .finally(() => {
        this.loading.delete(flight);
        // With no load running, no store can predate a mark: the marks' record is no longer needed.
        if (this.loading.size === 0) {
          this.markedAt.clear();
          this.everyMarkedAt = undefined;
        }
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
    this.markedAt.clear();
    this.everyMarkedAt = undefined;
    this.staleUntil.clear();
    this.renewals.clear();
  }

  /**
   * Marks the kept answers with any of `tags` (every kept answer without `tags`) stale: each is still served
   * while it is made again (`renew`), for at most `servedForMs` from now (or from an earlier mark's sooner
   * deadline). A load running now stores its answer with this mark's deadline when it shares a tag with it.
   */
  markStale(tags?: Iterable<string>, servedForMs = this.servedStaleMs): void {
    this.marks++;
    const until = Date.now() + servedForMs;
    const named = tags ? [...tags] : undefined;
    const keys = named ? named.flatMap((tag) => [...(this.keysOf.get(tag) ?? [])]) : this.entries.keys();
    for (const key of keys) this.staleUntil.set(key, Math.min(this.staleUntil.get(key) ?? until, until));
    if (this.loading.size === 0) return;
    const record = (last: Mark | undefined): Mark => ({
      mark: this.marks,
      until: Math.min(last?.until ?? until, until),
    });
    if (!named) this.everyMarkedAt = record(this.everyMarkedAt);
    else for (const tag of named) this.markedAt.set(tag, record(this.markedAt.get(tag)));
  }

  /**
   * Drops the kept answers with any of `tags`: they are stale with no time left to be served, and a load
   * running now that shares a tag with them is kept only as such.
   */
  drop(tags: Iterable<string>): void {
    this.markStale(tags, 0);
  }

  /** Whether the kept answer may be older than a change marked stale since it was made. */
  isStale(key: string): boolean {
    return this.staleUntil.has(key);
  }

  /**
   * Makes a stale answer again in the background, a few at a time (`renewAtOnce`), the one due soonest first:
   * after new sales totals every kept answer is stale at once, and making them all at once would queue every
   * other request (an order's too) behind them on the database. A failure is reported and the answer stays
   * stale.
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
    while (this.renewing.size < this.renewAtOnce && this.renewals.size > 0) {
      const key = this.dueSoonest();
      const make = this.renewals.get(key)!;
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

  /** The waiting renewal whose answer may be served stale for the shortest time. */
  private dueSoonest(): string {
    let soonest: string | undefined;
    let until = Number.POSITIVE_INFINITY;
    for (const key of this.renewals.keys()) {
      const due = this.staleUntil.get(key) ?? Number.NEGATIVE_INFINITY;
      if (soonest === undefined || due < until) {
        soonest = key;
        until = due;
      }
    }
    return soonest!;
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
    this.staleUntil.delete(key);
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
