/**
 * A small in-process cache whose entries expire; the oldest entry goes first when it is full. Requests
 * that miss the same key while it loads wait for that one load instead of starting their own.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const loaded = load()
      .then((value) => {
        if (this.entries.size >= this.maxEntries)
          this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loaded);
    return loaded;
  }
}
