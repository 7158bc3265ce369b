import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const deferred = () => {
  let resolve: (value: string) => void = () => {};
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('AnswerCache.load', () => {
  it('loads an answer once for every request that misses it meanwhile, then serves it from the cache', async () => {
    const cache = new AnswerCache<string>();
    cache.setLive(true);
    const pending = deferred();
    let loads = 0;
    const compute = () => {
      loads++;
      return pending.promise;
    };
    const answers = Array.from({ length: 50 }, () => cache.load('list:KRW', compute));
    pending.resolve('{"page":1}');
    expect(await Promise.all(answers)).toEqual(Array(50).fill('{"page":1}'));
    expect(loads).toBe(1);
    expect(cache.read('list:KRW')).toBe('{"page":1}');
  });

  it('never hands an answer loaded before a change to a request that came after it', async () => {
    const cache = new AnswerCache<string>();
    cache.setLive(true);
    const before = deferred();
    const after = deferred();
    const first = cache.load('list:USD', () => before.promise);
    cache.invalidate();
    const second = cache.load('list:USD', () => after.promise);
    before.resolve('old');
    after.resolve('new');
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    // What was read before the change is not kept after it.
    expect(cache.read('list:USD')).toBe('new');
  });

  it('shares nothing while changes cannot be heard', async () => {
    const cache = new AnswerCache<string>();
    let loads = 0;
    const compute = async () => `answer ${++loads}`;
    expect(await Promise.all([cache.load('k', compute), cache.load('k', compute)])).toEqual([
      'answer 1',
      'answer 2',
    ]);
  });
});
