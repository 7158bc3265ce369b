import { createHash } from 'node:crypto';
import { messages } from '@kshop/contract';
import { AppError } from './errors.js';
import type { BackoffPolicy, Counters } from './rate-counters.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type CapPolicy = { max: number; windowMs: number };

export type LimitPolicies = {
  /** Wrong passwords per email: after five within 15 minutes, 1 minute of refusal, doubling up to 15. */
  signIn: BackoffPolicy;
  /** Verification codes mailed to one address. */
  verificationMail: CapPolicy;
  /** Temporary passwords mailed to one member. */
  temporaryPassword: CapPolicy;
};

export const defaultLimitPolicies = (): LimitPolicies => ({
  signIn: { failures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 15 * MINUTE },
  verificationMail: { max: 5, windowMs: HOUR },
  temporaryPassword: { max: 3, windowMs: HOUR },
});

/** 429 in the envelope with the shop's message; the rate-limit plugin adds `Retry-After`. */
export class TooManyAttempts extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    super(429, 'TOO_MANY_REQUESTS', messages.http.tooManyRequests);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

export type SignInKind = 'buyer' | 'staff';

/** Emails are keyed by a hash, so the counters (in Redis too) hold no address. */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 24);

/**
 * Limits per account, beside the per-address limits of each route: a botnet cannot try one account forever,
 * and one typist's mistakes lock only the email typed, not the office's address.
 * Without counters (RATE_LIMIT=false) every check passes.
 */
export class AccountLimits {
  /** Read at each check; tests shorten the windows here. */
  readonly policies: LimitPolicies = defaultLimitPolicies();

  constructor(private readonly counters: Counters | null) {}

  /**
   * Before a password is checked: refuses an email in back-off, otherwise counts the attempt as a failure
   * until `signedIn` clears the count.
   */
  async beginSignIn(kind: SignInKind, email: string): Promise<void> {
    if (!this.counters) return;
    const attempt = await this.counters.attempt(`${kind}-sign-in:${emailKey(email)}`, this.policies.signIn);
    if (!attempt.allowed) throw new TooManyAttempts(attempt.retryAfterMs);
  }

  async signedIn(kind: SignInKind, email: string): Promise<void> {
    await this.counters?.clear(`${kind}-sign-in:${emailKey(email)}`);
  }

  /** Counts one verification mail or temporary password for an email; past the cap answers 429. */
  async take(action: 'verificationMail' | 'temporaryPassword', email: string): Promise<void> {
    if (!this.counters) return;
    const policy = this.policies[action];
    const { count, ttlMs } = await this.counters.increment(`${action}:${emailKey(email)}`, policy.windowMs);
    if (count > policy.max) throw new TooManyAttempts(ttlMs);
  }
}
