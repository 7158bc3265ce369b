import { afterEach, describe, expect, it } from 'vitest';
import { isReauthFresh, markReauthenticated, REAUTH_FRESH_MS } from './reauth-freshness';

afterEach(() => sessionStorage.clear());

describe('reauth freshness', () => {
  it('is stale until the password was checked in this session', () => {
    expect(isReauthFresh()).toBe(false);
  });

  it('stays fresh for 5 minutes after a check, then goes stale', () => {
    const at = 1_700_000_000_000;
    markReauthenticated(at);
    expect(isReauthFresh(at)).toBe(true);
    expect(isReauthFresh(at + REAUTH_FRESH_MS - 1)).toBe(true);
    expect(isReauthFresh(at + REAUTH_FRESH_MS)).toBe(false);
    expect(REAUTH_FRESH_MS).toBe(5 * 60 * 1000);
  });

  it('does not trust a time in the future or a value that is not a time', () => {
    markReauthenticated(2_000);
    expect(isReauthFresh(1_000)).toBe(false);
    sessionStorage.setItem('mypage_reauthenticated_at', 'soon');
    expect(isReauthFresh()).toBe(false);
  });

  it('is forgotten with the session storage (log out)', () => {
    markReauthenticated();
    sessionStorage.clear();
    expect(isReauthFresh()).toBe(false);
  });
});
