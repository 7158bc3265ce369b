import { messages } from '@kshop/contract';
import { findActiveBuyerByEmail } from '../../db/buyer-lookup.js';
import type { Executor } from '../../db/client.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { verifySignIn } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import * as repo from './auth.repository.js';

export const INVALID_LOGIN = 'Invalid email or password.';
export const ACCOUNT_REJECTED = 'Your account application was not approved. Please contact support.';

/** Checks the credentials and opens a session; a pending account may log in (the catalogue tells it to wait). */
export async function login(db: Executor, email: string, password: string, ttlHours: number) {
  const buyer = await findActiveBuyerByEmail(db, email);
  const valid = await verifySignIn(buyer?.passwordHash, password);
  if (!buyer || !valid) throw unauthorized(INVALID_LOGIN, 'INVALID_LOGIN');
  if (buyer.status === 'REJECTED') throw new AppError(403, 'ACCOUNT_REJECTED', ACCOUNT_REJECTED);
  if (buyer.status === 'SUSPENDED') throw new AppError(403, 'ACCOUNT_INACTIVE', messages.account.inactive);
  const token = newToken();
  await repo.deleteExpiredSessions(db, buyer.id);
  await repo.insertSession(db, buyer.id, hashToken(token), new Date(Date.now() + ttlHours * 3_600_000));
  return { accessToken: token };
}
