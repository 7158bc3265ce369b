import { messages } from '@kshop/contract';
import type { Executor } from '../../db/client.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import * as repo from './auth.repository.js';

export const INVALID_LOGIN = 'Invalid email or password.';
export const ACCOUNT_REJECTED = 'Your account application was not approved. Please contact support.';

// Verifying against a real hash keeps the answer time the same whether or not the email exists.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$kJAAmGVDYQbNAYqDiwH5qA$eRMpcwVUo8R+G7LOaeNyK9v7aM6/iUSWWpfz7DLq7t8';

/** Checks the credentials and opens a session; a pending account may log in (the catalogue tells it to wait). */
export async function login(db: Executor, email: string, password: string, ttlHours: number) {
  const buyer = await repo.findBuyerForLogin(db, email);
  const valid = await verifyPassword(buyer?.passwordHash ?? DUMMY_HASH, password);
  if (!buyer || !valid) throw unauthorized(INVALID_LOGIN, 'INVALID_LOGIN');
  if (buyer.status === 'REJECTED') throw new AppError(403, 'ACCOUNT_REJECTED', ACCOUNT_REJECTED);
  if (buyer.status === 'SUSPENDED') throw new AppError(403, 'ACCOUNT_INACTIVE', messages.account.inactive);
  const token = newToken();
  await repo.deleteExpiredSessions(db, buyer.id);
  await repo.insertSession(db, buyer.id, hashToken(token), new Date(Date.now() + ttlHours * 3_600_000));
  return { accessToken: token };
}
