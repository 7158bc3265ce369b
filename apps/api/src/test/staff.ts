import * as staff from '../modules/staff/staff.service.js';
import type { TestShop } from './app.js';

export const STAFF_PASSWORD = 'Backoffice1!';

/** A staff account that has already replaced its one-time password; answers its bearer header. */
export async function staffSession(shop: TestShop, email: string, role: 'OWNER' | 'STAFF' = 'STAFF') {
  const created = await staff.createStaff(shop.db, { email, role }, null);
  const login = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { email, password: created.password },
  });
  const authorization = `Bearer ${login.json().data.accessToken}`;
  const changed = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/password',
    headers: { authorization },
    payload: { currentPassword: created.password, password: STAFF_PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
  return { authorization, id: created.id, role: created.role };
}
