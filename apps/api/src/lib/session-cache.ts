import type { SessionBuyer } from '../modules/auth/auth.repository.js';

type Entry = { buyer: SessionBuyer; until: number };

/**
 * Who a bearer token belongs to, kept for a short while so a member's catalogue request does not cost a
 * database round trip each time. An entry lasts until the session expires or `ttlMs` passes, whichever comes
 * first, and goes at once when the buyer's sessions or account change (this process's own changes, and every
 * instance's through the database's notifications). While notifications cannot be heard, nothing is kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOf = new Map<string, Set<string>>();
  private generation = 0;
  private live = false;
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  get currentGeneration() {
    return this.generation;
  }

  read(tokenHash: string): SessionBuyer | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry && entry.until <= Date.now()) this.remove(tokenHash, entry.buyer.id);
    if (!entry || entry.until <= Date.now()) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry.buyer;
  }

  /** Keeps a session looked up in `generation`, unless some buyer's sessions changed since. */
  write(tokenHash: string, generation: number, buyer: SessionBuyer, expiresAt: Date): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(tokenHash, { buyer, until: Math.min(expiresAt.getTime(), Date.now() + this.ttlMs) });
    const tokens = this.tokensOf.get(buyer.id) ?? new Set();
    tokens.add(tokenHash);
    this.tokensOf.set(buyer.id, tokens);
  }

  dropBuyer(buyerId: string): void {
    this.generation++;
    for (const tokenHash of this.tokensOf.get(buyerId) ?? []) this.entries.delete(tokenHash);
    this.tokensOf.delete(buyerId);
  }

  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  private clear() {
    this.generation++;
    this.entries.clear();
    this.tokensOf.clear();
  }

  private remove(tokenHash: string, buyerId: string) {
    this.entries.delete(tokenHash);
    this.tokensOf.get(buyerId)?.delete(tokenHash);
  }
}
