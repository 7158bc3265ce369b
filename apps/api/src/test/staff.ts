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
  const changed = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/password',
    headers: { authorization: `Bearer ${login.json().data.accessToken}` },
    payload: { currentPassword: created.password, password: STAFF_PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
  // The change ended the sign-in's session; the answer carries the token to go on with.
  const authorization = `Bearer ${changed.json().data.accessToken}`;
  return { authorization, id: created.id, role: created.role };
}
