import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { buyers, products } from '../schema.js';
import { seedCategories } from './categories.js';
import { type DemoAccount, findDemoAccounts, seedDemoAccounts } from './demo-accounts.js';
import { seedDemoCatalogue } from './demo-catalogue.js';

export { CATEGORY_TREE, type CategorySeed, flattenCategoryTree, seedCategories } from './categories.js';
export { DEMO_PASSWORD, type DemoAccount, findDemoAccounts, seedDemoAccounts } from './demo-accounts.js';
export { DEMO_ARTISTS, ensureDemoArtists } from './demo-artists.js';
export {
  type CatalogueSummary,
  DEFAULT_DEMO_PRODUCTS,
  type InsertCatalogueOptions,
  insertGeneratedProducts,
  seedDemoCatalogue,
} from './demo-catalogue.js';
export {
  DEFAULT_CATALOGUE_SEED,
  type GeneratedProduct,
  generateCatalogue,
  generateProduct,
} from './generate-catalogue.js';

/** Any constant shared by every instance of the shop. */
const SEED_LOCK_KEY = 4_827_001;

async function isEmptyShop(db: Executor): Promise<boolean> {
  const [anyProduct] = await db.select({ id: products.id }).from(products).limit(1);
  const [anyBuyer] = await db.select({ id: buyers.id }).from(buyers).limit(1);
  return !anyProduct && !anyBuyer;
}

export type SeedResult = {
  /** Whether this start wrote the demo catalogue and accounts. */
  seeded: boolean;
  /** Demo logins that work, so the server can print them. */
  accounts: DemoAccount[];
};

/**
 * Runs on every start. The category structure is always written; the demo catalogue and accounts only
 * when demo data is on and the shop has neither products nor buyers, so a real shop is never touched.
 */
export async function seedOnFirstStart(
  db: Executor,
  opts: {
    demoData: boolean /** Check which demo logins still work (costs three password checks). */;
    reportAccounts?: boolean;
  },
): Promise<SeedResult> {
  const report = async () => (opts.reportAccounts === false ? [] : findDemoAccounts(db));
  await seedCategories(db);
  if (!opts.demoData) return { seeded: false, accounts: [] };
  if (!(await isEmptyShop(db))) return { seeded: false, accounts: await report() };

  const accounts = await db.transaction(async (tx) => {
    // Instances starting together against one PostgreSQL seed once: the second waits, then finds data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmptyShop(tx))) return null;
    await seedDemoCatalogue(tx);
    return seedDemoAccounts(tx);
  });
  if (!accounts) return { seeded: false, accounts: await report() };
  // Fresh statistics, so the planner picks the indexes for lists and search from the first request on.
  await db.execute(sql`analyze`);
  return { seeded: true, accounts };
}
