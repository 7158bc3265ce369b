import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storedFiles } from '../../db/schema.js';

export type StoredFile = typeof storedFiles.$inferSelect;

export const insertFile = (db: Executor, file: typeof storedFiles.$inferInsert) =>
  db.insert(storedFiles).values(file);

export async function findFileById(db: Executor, id: string): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

export async function findFileByKey(db: Executor, key: string): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.storageKey, key)).limit(1);
  return row ?? null;
}

export const markUploaded = (db: Executor, id: string, sizeBytes: number) =>
  db.update(storedFiles).set({ uploadedAt: sql`now()`, sizeBytes }).where(eq(storedFiles.id, id));

export const markReferenced = (db: Executor, id: string, ownerBuyerId: string | null, sizeBytes: number) =>
  db
    .update(storedFiles)
    .set({
      referencedAt: sql`now()`,
      ownerBuyerId,
      sizeBytes,
      uploadedAt: sql`coalesce(${storedFiles.uploadedAt}, now())`,
    })
    .where(eq(storedFiles.id, id));

export const listUnreferencedBefore = (db: Executor, before: Date) =>
  db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(and(isNull(storedFiles.referencedAt), lt(storedFiles.createdAt, before)))
    .limit(500);

export const deleteFile = (db: Executor, id: string) => db.delete(storedFiles).where(eq(storedFiles.id, id));
