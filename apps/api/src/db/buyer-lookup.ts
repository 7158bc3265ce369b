import { and, isNull, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { buyers } from './schema.js';

/**
 * The live account behind an email, whatever its case; a deleted account no longer counts. Sign-in,
 * sign-up, password recovery and the staff all look buyers up this way.
 */
export async function findActiveBuyerByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(buyers)
    .where(and(sql`lower(${buyers.email}) = lower(${email})`, isNull(buyers.deletedAt)))
    .limit(1);
  return row ?? null;
}
