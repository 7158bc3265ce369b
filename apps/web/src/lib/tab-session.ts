import { SESSION_KEYS } from '@kshop/contract';

/*
 * A session in every tab (issue 35). The token lives in each tab's sessionStorage (spec section 4), which a tab
 * opened with Ctrl+click or from the address bar does not inherit. So the shop's open tabs talk over a
 * BroadcastChannel (same origin only): a new tab without a session asks, a tab holding one answers with its token,
 * and a tab whose session ends (logging out, the account deleted or waiting for approval) ends every other tab's.
 *
 * The token is never written to localStorage or a cookie. localStorage keeps only a flag saying that some tab of
 * this browser holds a session, so a tab opened when none does starts at once instead of waiting for an answer
 * that cannot come.
 */

const CHANNEL = 'kshop-session';
/** localStorage: '1' while some tab of this browser holds a session. Never the token. */
const SOME_TAB_FLAG = 'kshop.sessionInSomeTab';
/** How long a new tab waits for an open tab's answer when the flag says one holds a session. */
export const ASK_TABS_WAIT_MS = 300;

type Message = { kind: 'ask' } | { kind: 'share'; token: string } | { kind: 'ended' };

const channel = (): BroadcastChannel | null => {
  try {
    return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  } catch {
    return null;
  }
};

const storedToken = () => {
  try {
    return sessionStorage.getItem(SESSION_KEYS.accessToken);
  } catch {
    return null;
  }
};

const setFlag = (held: boolean) => {
  try {
    if (held) localStorage.setItem(SOME_TAB_FLAG, '1');
    else localStorage.removeItem(SOME_TAB_FLAG);
  } catch {
    // Storage may be unavailable (private mode): tabs then ask each time, or not at all.
  }
};

const flagged = () => {
  try {
    return localStorage.getItem(SOME_TAB_FLAG) === '1';
  } catch {
    return false;
  }
};

let shared: BroadcastChannel | null = null;

/**
 * Joins the shop's other tabs: answers a new tab's question with this tab's token, and ends this tab's session when
 * another tab's ends (`endHere`: the session's own clearing, which must not announce again).
 */
export function joinTabs(endHere: () => void): () => void {
  shared = channel();
  if (!shared) return () => {};
  const own = shared;
  const onMessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message?.kind === 'ask') {
      const token = storedToken();
      if (token) own.postMessage({ kind: 'share', token } satisfies Message);
    } else if (message?.kind === 'ended' && storedToken()) {
      endHere();
    }
  };
  own.addEventListener('message', onMessage);
  return () => {
    own.removeEventListener('message', onMessage);
    own.close();
    if (shared === own) shared = null;
  };
}

/**
 * A tab without a session asks the open tabs for theirs, when the flag says one holds a session: resolves with the
 * first token shared, or null once none answered within `ASK_TABS_WAIT_MS` (the flag, then stale, is dropped).
 */
export function askOpenTabs(wait = ASK_TABS_WAIT_MS): Promise<string | null> {
  if (storedToken() || !flagged()) return Promise.resolve(null);
  const asking = channel();
  if (!asking) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      asking.close();
      if (token === null) setFlag(false);
      resolve(token);
    };
    const timer = setTimeout(() => done(null), wait);
    asking.addEventListener('message', (event: MessageEvent<Message>) => {
      if (event.data?.kind === 'share' && typeof event.data.token === 'string') done(event.data.token);
    });
    asking.postMessage({ kind: 'ask' } satisfies Message);
  });
}

/** This tab holds a session now: new tabs may ask for it. */
export const sessionHeld = () => setFlag(true);

/** This tab's session ended: every other tab's ends too, and no tab holds one. */
export function sessionEnded(): void {
  setFlag(false);
  shared?.postMessage({ kind: 'ended' } satisfies Message);
}
