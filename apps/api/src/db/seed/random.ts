import { createHash } from 'node:crypto';
/** A small seeded PRNG, so the demo catalogue is the same on every machine and every start. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[];
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A version-4 shaped UUID drawn from the stream. */
  uuid(): string;
};

/** Mixes numbers into one 32-bit seed (murmur3's finaliser over each input). */
export function hashSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seeded generator. Ids come from a hash of `idNamespace` and a counter rather than from the 32-bit
 * state, so two generators whose seeds happen to collide still never hand out the same id.
 */
export function createRandom(seed: number, idNamespace = String(seed)): Random {
  const next = mulberry32(seed);
  let ids = 0;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)]!;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    sample: (items, count) => {
      const chosen = new Set<number>();
      const wanted = Math.min(count, items.length);
      while (chosen.size < wanted) chosen.add(Math.floor(next() * items.length));
      return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
    },
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    uuid: () => {
      const bytes = [...createHash('sha256').update(`${idNamespace}:${ids++}`).digest().subarray(0, 16)];
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
