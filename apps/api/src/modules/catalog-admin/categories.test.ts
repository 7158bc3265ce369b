import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories } from '../../db/schema.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
let clerk: { authorization: string };

beforeAll(async () => {
  shop = await createTestShop({ demoData: false });
  clerk = await staffSession(shop, 'categories@kshop.example', 'STAFF');
});
afterAll(() => shop?.close());

const deletions = async () =>
  (await shop.db.select().from(auditLog).where(eq(auditLog.action, 'category.delete'))).length;

describe('deleting a category', () => {
  it('answers 404 in the envelope for a category that does not exist and writes no audit row', async () => {
    const before = await deletions();
    const res = await shop.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/categories/99999',
      headers: clerk,
    });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ statusCode: 404, message: 'Category not found.', data: null });
    expect(await deletions()).toBe(before);
  });

  it('deletes an unused category once, with one audit row; a second delete is a 404', async () => {
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/categories',
      headers: clerk,
      payload: { id: 777, category: 'Short-lived' },
    });
    expect(saved.statusCode).toBe(200);
    const before = await deletions();
    const first = await shop.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/categories/777',
      headers: clerk,
    });
    expect(first.statusCode).toBe(200);
    expect(await shop.db.select().from(categories).where(eq(categories.id, 777))).toEqual([]);
    expect(await deletions()).toBe(before + 1);
    const again = await shop.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/categories/777',
      headers: clerk,
    });
    expect(again.statusCode).toBe(404);
    expect(await deletions()).toBe(before + 1);
  });
});
