import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { addresses, buyerSessions, buyers, cartItems, storedFiles } from '../../db/schema.js';
import { buyerSessionsChanged } from '../../lib/session-changes.js';

export async function findProfile(db: Executor, buyerId: string) {
  const [row] = await db
    .select({
      buyer: buyers,
      certificateName: storedFiles.fileName,
      certificateKey: storedFiles.storageKey,
    })
    .from(buyers)
    .leftJoin(storedFiles, eq(storedFiles.id, buyers.businessCertificateFileId))
    .where(eq(buyers.id, buyerId))
    .limit(1);
  return row ?? null;
}

export async function isKoreanCompany(db: Executor, buyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ korean: buyers.isKoreanCompany })
    .from(buyers)
    .where(eq(buyers.id, buyerId))
    .limit(1);
  return row?.korean ?? false;
}

export const listAddresses = (db: Executor, buyerId: string) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.buyerId, buyerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));

export async function findAddress(db: Executor, buyerId: string, addressId: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.buyerId, buyerId)))
    .limit(1);
  return row ?? null;
}

export const buyerLanguage = async (db: Executor, buyerId: string) =>
  (await db.select({ language: buyers.language }).from(buyers).where(eq(buyers.id, buyerId)))[0]?.language ??
  null;

export const updateBuyer = (db: Executor, buyerId: string, values: Partial<typeof buyers.$inferInsert>) =>
  db
    .update(buyers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(buyers.id, buyerId));

export const deleteSessions = (db: Executor, buyerId: string, exceptTokenHash?: string) => {
  buyerSessionsChanged(buyerId);
  return db
    .delete(buyerSessions)
    .where(
      exceptTokenHash
        ? and(eq(buyerSessions.buyerId, buyerId), ne(buyerSessions.tokenHash, exceptTokenHash))
        : eq(buyerSessions.buyerId, buyerId),
    );
};

export const clearDefaultAddress = (db: Executor, buyerId: string) =>
  db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.buyerId, buyerId), eq(addresses.isDefault, true)));

export const insertAddress = (db: Executor, values: typeof addresses.$inferInsert) =>
  db.insert(addresses).values(values).returning();

export const updateAddress = (
  db: Executor,
  addressId: string,
  values: Partial<typeof addresses.$inferInsert>,
) => db.update(addresses).set(values).where(eq(addresses.id, addressId)).returning();

export const deleteAddress = (db: Executor, addressId: string) =>
  db.delete(addresses).where(eq(addresses.id, addressId));

export const deleteAllAddresses = (db: Executor, buyerId: string) =>
  db.delete(addresses).where(eq(addresses.buyerId, buyerId));

export const deleteCart = (db: Executor, buyerId: string) =>
  db.delete(cartItems).where(eq(cartItems.buyerId, buyerId));

/** Makes the most recently added remaining address the default, when there is one and none is default. */
export const promoteDefaultAddress = (db: Executor, buyerId: string) =>
  db.execute(sql`
    update addresses set is_default = true
    where id = (select id from addresses where buyer_id = ${buyerId} order by created_at desc, id limit 1)
      and not exists (select 1 from addresses where buyer_id = ${buyerId} and is_default)`);
