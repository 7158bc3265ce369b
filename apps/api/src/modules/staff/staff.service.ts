import { type Language, STAFF_MESSAGES } from '@kshop/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { AccountLimits } from '../../lib/account-limits.js';
import { newTemporaryPassword } from '../../lib/codes.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword, verifySignIn } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './staff.repository.js';

export { STAFF_MESSAGES };

/** Wrong passwords back the email off (AccountLimits), as for buyers; a correct one clears its count. */
export async function login(
  db: Db,
  limits: AccountLimits,
  email: string,
  password: string,
  ttlHours: number,
) {
  await limits.beginSignIn('staff', email);
  const member = await repo.findStaffByEmail(db, email);
  const valid = await verifySignIn(member?.passwordHash, password);
  if (!member || !valid || member.disabledAt)
    throw unauthorized(STAFF_MESSAGES.invalidLogin, 'INVALID_LOGIN');
  await limits.signedIn('staff', email);
  const token = newToken();
  await repo.insertSession(db, member.id, hashToken(token), new Date(Date.now() + ttlHours * 3_600_000));
  return {
    accessToken: token,
    mustChangePassword: member.mustChangePassword,
    role: member.role,
    email: member.email,
    name: member.name,
    language: member.language,
  };
}

/**
 * A new password ends every session of the member, the one that changed it too; the answer carries a fresh
 * token for the back office to go on with.
 */
export async function changePassword(
  db: Db,
  staffId: string,
  current: string,
  next: string,
  ttlHours: number,
): Promise<{ accessToken: string }> {
  const member = await repo.findStaffById(db, staffId);
  if (!member) throw notFound();
  if (!(await verifyPassword(member.passwordHash, current)))
    throw new AppError(400, 'WRONG_PASSWORD', STAFF_MESSAGES.wrongCurrentPassword);
  const passwordHash = await hashPassword(next);
  const token = newToken();
  await inTransaction(db, async (tx) => {
    await repo.updateStaff(tx, staffId, { passwordHash, mustChangePassword: false });
    await repo.endSessions(tx, staffId);
    await repo.insertSession(tx, staffId, hashToken(token), new Date(Date.now() + ttlHours * 3_600_000));
    await recordAudit(tx, { staffId, action: 'staff.password', entity: 'staff', entityId: staffId });
  });
  return { accessToken: token };
}

/**
 * A new staff account with a one-time password to change at first sign-in. The very first account is
 * an OWNER; after that only an owner creates accounts (the command line acts as the system).
 */
export async function createStaff(
  db: Db,
  input: { email: string; name?: string; role?: 'OWNER' | 'STAFF'; language?: Language },
  actorId: string | null,
) {
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await inTransaction(db, async (tx) => {
      const role = (await repo.countStaff(tx)) === 0 ? 'OWNER' : (input.role ?? 'STAFF');
      const [row] = await repo.insertStaff(tx, {
        email: input.email.toLowerCase(),
        name: input.name ?? '',
        // The back office's language for the new account: Korean unless said otherwise (the staff work in Korea).
        language: input.language ?? 'ko',
        passwordHash,
        role,
        mustChangePassword: true,
      });
      await recordAudit(tx, {
        staffId: actorId,
        action: 'staff.create',
        entity: 'staff',
        entityId: row!.id,
        after: { email: row!.email, role },
      });
      return { id: row!.id, email: row!.email, role, password };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(STAFF_MESSAGES.exists, 'STAFF_EXISTS');
    throw err;
  }
}

/** Owners rename, change roles and disable accounts; the last active owner stays. */
export async function updateStaffMember(
  db: Db,
  actorId: string,
  staffId: string,
  changes: { role?: 'OWNER' | 'STAFF'; disabled?: boolean; name?: string },
) {
  return inTransaction(db, async (tx) => {
    const before = await repo.findStaffById(tx, staffId);
    if (!before) throw notFound(STAFF_MESSAGES.notFound, 'STAFF_NOT_FOUND');
    const [after] = await repo.updateStaff(tx, staffId, {
      name: changes.name ?? before.name,
      role: changes.role ?? before.role,
      disabledAt: changes.disabled === undefined ? before.disabledAt : changes.disabled ? new Date() : null,
    });
    const owners = (await repo.listStaff(tx)).filter((s) => s.role === 'OWNER' && !s.disabledAt);
    if (owners.length === 0) throw forbidden(STAFF_MESSAGES.lastOwner, 'LAST_OWNER');
    if (after!.disabledAt) await repo.endSessions(tx, staffId);
    await recordAudit(tx, {
      staffId: actorId,
      action: 'staff.update',
      entity: 'staff',
      entityId: staffId,
      before: { name: before.name, role: before.role, disabled: Boolean(before.disabledAt) },
      after: { name: after!.name, role: after!.role, disabled: Boolean(after!.disabledAt) },
    });
    return after!;
  });
}

/**
 * An owner's reset of another staff member's password (issue 36): a new one-time password, shown once and stored
 * only as its hash, to be changed at the next sign-in; every session of the account ends. An owner's own
 * password is changed from the account, knowing the current one.
 */
export async function resetStaffPassword(db: Db, actorId: string, staffId: string) {
  if (staffId === actorId) throw forbidden(STAFF_MESSAGES.resetOwn, 'RESET_OWN_PASSWORD');
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const member = await repo.findStaffById(tx, staffId);
    if (!member) throw notFound(STAFF_MESSAGES.notFound, 'STAFF_NOT_FOUND');
    await repo.updateStaff(tx, staffId, { passwordHash, mustChangePassword: true });
    await repo.endSessions(tx, staffId);
    await recordAudit(tx, {
      staffId: actorId,
      action: 'staff.passwordReset',
      entity: 'staff',
      entityId: staffId,
    });
    return { id: member.id, email: member.email, password };
  });
}

/** Ends the session of the token used; without a working token there is nothing to end. */
export async function logout(db: Db, session: { staffId: string; tokenHash: string } | null) {
  if (session) await repo.endSession(db, session.staffId, session.tokenHash);
}
