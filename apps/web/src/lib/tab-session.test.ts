import { SESSION_KEYS } from '@kshop/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askOpenTabs, joinTabs, sessionEnded, sessionHeld } from './tab-session';

/*
 * The shop's tabs share a session over a BroadcastChannel. Another tab is played here by a channel of the same
 * name: it receives what this tab posts and answers as an open tab would.
 */

const FLAG = 'kshop.sessionInSomeTab';
let otherTab: BroadcastChannel;
let heard: unknown[];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  heard = [];
  otherTab = new BroadcastChannel('kshop-session');
  otherTab.addEventListener('message', (event) => heard.push(event.data));
});
afterEach(() => {
  otherTab.close();
  vi.useRealTimers();
});

/** Resolves with the next message the other tab receives. */
const nextHeard = () =>
  new Promise<unknown>((resolve) =>
    otherTab.addEventListener('message', (event) => resolve(event.data), { once: true }),
  );

describe('a new tab asks the open tabs for their session', () => {
  it('takes the token an open tab shares', async () => {
    sessionHeld();
    otherTab.addEventListener('message', (event) => {
      if (event.data?.kind === 'ask') otherTab.postMessage({ kind: 'share', token: 'token-of-tab-a' });
    });
    await expect(askOpenTabs()).resolves.toBe('token-of-tab-a');
  });

  it('asks nobody, and waits for nothing, when no tab holds a session', async () => {
    const asked = askOpenTabs();
    await expect(asked).resolves.toBeNull();
    expect(heard).toEqual([]);
  });

  it('asks nobody when it holds a session itself', async () => {
    sessionHeld();
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'mine');
    await expect(askOpenTabs()).resolves.toBeNull();
    expect(heard).toEqual([]);
  });

  it('gives up when no tab answers, and forgets that one held a session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sessionHeld();
    const asked = askOpenTabs();
    expect(await nextHeard()).toEqual({ kind: 'ask' });
    vi.runAllTimers();
    await expect(asked).resolves.toBeNull();
    expect(localStorage.getItem(FLAG)).toBeNull();
  });
});

describe('an open tab', () => {
  it("answers a new tab's question with its token", async () => {
    const leave = joinTabs(() => {});
    try {
      sessionStorage.setItem(SESSION_KEYS.accessToken, 'token-of-this-tab');
      const answer = nextHeard();
      otherTab.postMessage({ kind: 'ask' });
      expect(await answer).toEqual({ kind: 'share', token: 'token-of-this-tab' });
    } finally {
      leave();
    }
  });

  it("ends its session when another tab's ends, and ends the others' when its own ends", async () => {
    const ended = vi.fn();
    const leave = joinTabs(ended);
    try {
      sessionStorage.setItem(SESSION_KEYS.accessToken, 'token-of-this-tab');
      const endedHere = new Promise<void>((resolve) => ended.mockImplementation(() => resolve()));
      otherTab.postMessage({ kind: 'ended' });
      await endedHere;

      sessionHeld();
      const told = nextHeard();
      sessionEnded();
      expect(await told).toEqual({ kind: 'ended' });
      expect(localStorage.getItem(FLAG)).toBeNull();
    } finally {
      leave();
    }
  });

  it('never writes the token outside its own session storage', async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'secret-token');
    sessionHeld();
    const leave = joinTabs(() => {});
    try {
      const answer = nextHeard();
      otherTab.postMessage({ kind: 'ask' });
      await answer;
      const stored = Object.keys(localStorage).map((k) => localStorage.getItem(k));
      expect(stored.join()).not.toContain('secret-token');
      expect(document.cookie).not.toContain('secret-token');
    } finally {
      leave();
    }
  });
});
