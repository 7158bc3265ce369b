import { describe, expect, it, vi } from 'vitest';
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

describe('AnswerCache.markStale with a deadline', () => {
  it('serves the answers kept with a marked tag stale until the deadline, and keeps the rest fresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new AnswerCache<string>();
      cache.setLive(true);
      await cache.loadTagged('detail of a', async () => ({ payload: 'a', tags: ['option a1', 'option a2'] }));
      await cache.loadTagged('detail of b', async () => ({ payload: 'b', tags: ['option b1'] }));
      await cache.load('list', async () => 'list');
      cache.markStale(['option a2'], 1_000);
      expect(cache.read('detail of a')).toBe('a');
      expect(['detail of a', 'detail of b', 'list'].map((key) => cache.isStale(key))).toEqual([
        true,
        false,
        false,
      ]);
      // Marked again later: the first deadline holds.
      vi.setSystemTime(Date.now() + 600);
      cache.markStale(['option a1'], 1_000);
      vi.setSystemTime(Date.now() + 401);
      expect(cache.read('detail of a')).toBeUndefined();
      expect(cache.read('detail of b')).toBe('b');
      // Made again, it is fresh; a later mark of any of its tags marks it again.
      await cache.loadTagged('detail of a', async () => ({
        payload: 'a again',
        tags: ['option a1', 'option a2'],
      }));
      expect(cache.isStale('detail of a')).toBe(false);
      cache.markStale(['option a1'], 1_000);
      expect(cache.isStale('detail of a')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an answer read before a mark of one of its tags only as stale, and never over a fresher one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new AnswerCache<string>();
      cache.setLive(true);
      const before = deferred();
      const first = cache.loadTagged('detail', async () => ({
        payload: await before.promise,
        tags: ['option 1'],
      }));
      const unrelated = deferred();
      const other = cache.loadTagged('other detail', async () => ({
        payload: await unrelated.promise,
        tags: ['option 2'],
      }));
      const late = deferred();
      const third = cache.loadTagged('third detail', async () => ({
        payload: await late.promise,
        tags: ['option 3'],
      }));
      cache.markStale(['option 1', 'option 3'], 1_000);
      // A request after the mark does not join the load begun before it.
      const second = cache.loadTagged('detail', async () => ({ payload: 'new', tags: ['option 1'] }));
      expect(await second).toBe('new');
      before.resolve('old');
      unrelated.resolve('other');
      late.resolve('third, read before');
      expect(await first).toBe('old');
      await Promise.all([other, third]);
      // The fresher answer stays; the one read before the mark, with nothing fresher kept, is kept stale.
      expect(cache.read('detail')).toBe('new');
      expect(cache.isStale('detail')).toBe(false);
      expect(cache.read('third detail')).toBe('third, read before');
      expect(cache.isStale('third detail')).toBe(true);
      vi.setSystemTime(Date.now() + 1_001);
      expect(cache.read('third detail')).toBeUndefined();
      // A load that began before the mark but shows none of its tags is kept fresh.
      expect(cache.read('other detail')).toBe('other');
      expect(cache.isStale('other detail')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets an evicted answer under its tags', async () => {
    const cache = new AnswerCache<string>(2);
    cache.setLive(true);
    await cache.loadTagged('one', async () => ({ payload: '1', tags: ['t'] }));
    await cache.load('two', async () => '2');
    await cache.load('three', async () => '3');
    expect(cache.read('one')).toBeUndefined();
    cache.markStale(['t'], 1_000);
    expect(cache.size).toBe(2);
    expect(cache.isStale('one')).toBe(false);
  });
});

describe('AnswerCache.markStale', () => {
  it('serves a stale answer while it is made again, however often it is marked, for at most servedStaleMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new AnswerCache<string>(100, 2, 60_000);
      cache.setLive(true);
      await cache.load('best-selling', async () => 'sold 10');
      await cache.load('latest', async () => 'sold 10, latest');
      cache.markStale();
      // The same change heard twice (this instance's announcement and its notice) and another one.
      cache.markStale();
      cache.markStale(['some tag']);
      expect(cache.read('best-selling')).toBe('sold 10');
      expect(cache.isStale('best-selling')).toBe(true);
      await cache.load('best-selling', async () => 'sold 12');
      expect(cache.read('best-selling')).toBe('sold 12');
      expect(cache.isStale('best-selling')).toBe(false);
      vi.setSystemTime(Date.now() + 60_001);
      // Stale for longer than it may be served: a request waits for it to be made again.
      expect(cache.read('latest')).toBeUndefined();
      expect(cache.read('best-selling')).toBe('sold 12');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an answer read before a change stale, though it was stored after it', async () => {
    const cache = new AnswerCache<string>();
    cache.setLive(true);
    const pending = deferred();
    const loading = cache.load('list', () => pending.promise);
    cache.markStale();
    pending.resolve('read before');
    await loading;
    expect(cache.read('list')).toBe('read before');
    expect(cache.isStale('list')).toBe(true);
  });
});

describe('AnswerCache.renew', () => {
  it('makes stale answers again a few at a time, serving them stale meanwhile', async () => {
    const cache = new AnswerCache<string>(100, 2);
    cache.setLive(true);
    for (const key of ['a', 'b', 'c', 'd']) await cache.load(key, async () => `${key} old`);
    cache.markStale();
    const made: Record<string, ReturnType<typeof deferred>> = {};
    let running = 0;
    let most = 0;
    for (const key of ['a', 'b', 'c', 'd']) {
      made[key] = deferred();
      cache.renew(
        key,
        async () => {
          most = Math.max(most, ++running);
          const payload = await made[key]!.promise;
          running--;
          return { payload };
        },
        () => {},
      );
      // Asked again while waiting: still one renewal.
      cache.renew(
        key,
        async () => ({ payload: 'twice' }),
        () => {},
      );
    }
    expect(cache.read('c')).toBe('c old');
    for (const key of ['a', 'b', 'c', 'd']) {
      made[key]!.resolve(`${key} new`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(most).toBe(2);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.read(key))).toEqual(['a new', 'b new', 'c new', 'd new']);
    expect(cache.isStale('d')).toBe(false);
  });
});

describe('AnswerCache.drop', () => {
  it('serves no answer kept with a dropped tag, nor one a load begun before the drop reads', async () => {
    const cache = new AnswerCache<string>();
    cache.setLive(true);
    await cache.loadTagged('detail of a', async () => ({ payload: 'a', tags: ['product:a', 'option a1'] }));
    await cache.loadTagged('list', async () => ({ payload: 'list with a', tags: ['sold:a'] }));
    await cache.loadTagged('other list', async () => ({ payload: 'list with b', tags: ['sold:b'] }));
    const before = deferred();
    const loading = cache.loadTagged('detail of a, other option', async () => ({
      payload: await before.promise,
      tags: ['product:a', 'option a2'],
    }));
    cache.drop(['product:a', 'sold:a']);
    expect(cache.read('detail of a')).toBeUndefined();
    expect(cache.read('list')).toBeUndefined();
    expect(cache.read('other list')).toBe('list with b');
    before.resolve('a, read before the drop');
    expect(await loading).toBe('a, read before the drop');
    expect(cache.read('detail of a, other option')).toBeUndefined();
    // Made again after the drop, it is served.
    await cache.loadTagged('list', async () => ({ payload: 'list with a, new price', tags: ['sold:a'] }));
    expect(cache.read('list')).toBe('list with a, new price');
  });
});

describe('AnswerCache.renew, the one due soonest first', () => {
  it('makes a detail due in a second again before lists due in a minute', async () => {
    const cache = new AnswerCache<string>(100, 1);
    cache.setLive(true);
    await cache.load('list a', async () => 'a');
    await cache.load('list b', async () => 'b');
    await cache.loadTagged('detail', async () => ({ payload: 'd', tags: ['option 1'] }));
    cache.markStale();
    cache.markStale(['option 1'], 1_000);
    const first = deferred();
    const made: string[] = [];
    const make = (key: string, wait?: Promise<string>) => async () => {
      made.push(key);
      return { payload: wait ? await wait : `${key} new` };
    };
    cache.renew('list a', make('list a', first.promise), () => {});
    cache.renew('list b', make('list b'), () => {});
    cache.renew('detail', make('detail'), () => {});
    first.resolve('a new');
    for (let i = 0; i < 10 && made.length < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(made).toEqual(['list a', 'detail', 'list b']);
  });
});

describe('AnswerCache.markStale with tags', () => {
  it('marks only the answers kept with one of the tags', async () => {
    const cache = new AnswerCache<string>();
    cache.setLive(true);
    await cache.loadTagged('best-selling', async () => ({ payload: 'b', tags: ['sales order', 'sold:1'] }));
    await cache.loadTagged('latest', async () => ({ payload: 'l', tags: ['sold:2'] }));
    await cache.load('detail', async () => 'd');
    cache.markStale(['sales order']);
    expect(['best-selling', 'latest', 'detail'].map((key) => cache.isStale(key))).toEqual([
      true,
      false,
      false,
    ]);
    cache.markStale(['sold:2']);
    expect(cache.isStale('latest')).toBe(true);
    expect(cache.read('detail')).toBe('d');
  });
});

describe('AnswerCache variants', () => {
  it('keeps the compressed copies of an answer made again with the same bytes, and drops those of a changed one', async () => {
    const cache = new AnswerCache();
    cache.setLive(true);
    let compressions = 0;
    const compress = (payload: Buffer) => {
      compressions++;
      return Buffer.concat([Buffer.from('br:'), payload]);
    };
    await cache.load('list', async () => Buffer.from('same'));
    cache.variant('list', 'br', compress);
    cache.markStale();
    await cache.load('list', async () => Buffer.from('same'));
    expect(cache.variant('list', 'br', compress)?.toString()).toBe('br:same');
    expect(compressions).toBe(1);
    cache.markStale();
    await cache.load('list', async () => Buffer.from('changed'));
    expect(cache.variant('list', 'br', compress)?.toString()).toBe('br:changed');
    expect(compressions).toBe(2);
  });
});
