import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { signUp, temporaryPasswordFor } from '../../test/accounts.js';
import { createTestShop, type TestShop } from '../../test/app.js';
import { INVALID_LOGIN, login } from './auth.service.js';

// How long a login takes must not tell what the account holds: every attempt checks as many argon2 hashes,
// whether the email has an account, the password is right, or a mailed temporary password is pending.

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ demoData: false });
});
afterAll(() => shop?.close());

/** Logs in through the service with a verifier that counts its argon2 checks; answers the outcome and count. */
async function attempt(email: string, password: string) {
  let checks = 0;
  const counting = (hash: string, text: string) => {
    checks++;
    return verifyPassword(hash, text);
  };
  const outcome = await login(shop.db, shop.app.accountLimits, email, password, 1, counting).then(
    () => 'signed in',
    (err: unknown) => (err instanceof AppError && err.message === INVALID_LOGIN ? 'refused' : err),
  );
  return { outcome, checks };
}

describe('the password checks of a login', () => {
  it('are the same two on every path: no account, wrong or right password, temporary one pending or not', async () => {
    const plain = await signUp(shop, 'checks-plain@company.example');
    const pending = await signUp(shop, 'checks-pending@company.example');
    const adopting = await signUp(shop, 'checks-adopting@company.example');
    const expired = await signUp(shop, 'checks-expired@company.example');
    await temporaryPasswordFor(shop, pending.email);
    const adopted = await temporaryPasswordFor(shop, adopting.email);
    const late = await temporaryPasswordFor(shop, expired.email);
    await shop.db
      .update(buyers)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(buyers.email, expired.email));

    const paths = {
      'no account': await attempt('checks-nobody@company.example', plain.password),
      'wrong password': await attempt(plain.email, 'Wrong-1234!'),
      'right password': await attempt(plain.email, plain.password),
      'wrong password, temporary pending': await attempt(pending.email, 'Wrong-1234!'),
      'own password, temporary pending': await attempt(pending.email, pending.password),
      'temporary password': await attempt(adopting.email, adopted),
      'temporary password expired': await attempt(expired.email, late),
      'wrong password, temporary expired': await attempt(expired.email, 'Wrong-1234!'),
    };
    expect(paths).toEqual({
      'no account': { outcome: 'refused', checks: 2 },
      'wrong password': { outcome: 'refused', checks: 2 },
      'right password': { outcome: 'signed in', checks: 2 },
      'wrong password, temporary pending': { outcome: 'refused', checks: 2 },
      'own password, temporary pending': { outcome: 'signed in', checks: 2 },
      'temporary password': { outcome: 'signed in', checks: 2 },
      'temporary password expired': { outcome: 'refused', checks: 2 },
      'wrong password, temporary expired': { outcome: 'refused', checks: 2 },
    });
  });
});
