import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';
import * as staff from './staff.service.js';

let shop: TestShop;
let owner: { authorization: string };
let clerk: { authorization: string };
let adminRoutes: { method: string; url: string; path: string }[];

const OWNER_ONLY = [
  '/api/v1/admin/staff',
  '/api/v1/admin/staff/{id}',
  '/api/v1/admin/staff/{id}/password',
  '/api/v1/admin/audit',
];
// Sign-in, and sign-out, which answers 200 without a working token too (it revokes only the token it gets).
const PUBLIC = ['/api/v1/admin/auth/login', '/api/v1/admin/auth/logout'];
const SAMPLE: Record<string, string> = {
  '{id}': '00000000-0000-4000-8000-000000000001',
  '{orderNumber}': '20261122-1001',
};

beforeAll(async () => {
  shop = await createTestShop();
  owner = await staffSession(shop, 'owner@kshop.example', 'OWNER');
  clerk = await staffSession(shop, 'clerk@kshop.example', 'STAFF');
  const doc = (await shop.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  adminRoutes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/') && !PUBLIC.includes(path))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, (p) => SAMPLE[p] ?? '1'),
        path,
      })),
    );
});
afterAll(() => shop?.close());

describe('back office access', () => {
  it('lists the admin routes it checks', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
  });

  it('refuses guests and buyer tokens on every admin route', async () => {
    const buyer = await shop.loginAs(DEMO.korea);
    for (const route of adminRoutes) {
      for (const headers of [{}, buyer]) {
        const res = await shop.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('keeps staff tokens out of the buyer API', async () => {
    const res = await shop.app.inject({ url: '/api/v1/user', headers: owner });
    expect(res.statusCode).toBe(401);
    const list = await shop.app.inject({ url: '/api/v1/product/list?limit=1', headers: owner });
    expect(body(list).data.productOptionList[0].totalPrice).toBeNull();
  });

  it('keeps owner-only routes from staff', async () => {
    for (const route of adminRoutes.filter((r) => OWNER_ONLY.includes(r.path))) {
      const res = await shop.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: clerk,
        payload: route.method === 'GET' ? undefined : { role: 'STAFF' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect((await shop.app.inject({ url: '/api/v1/admin/audit', headers: clerk })).statusCode).toBe(403);
    expect((await shop.app.inject({ url: '/api/v1/admin/audit', headers: owner })).statusCode).toBe(200);
    expect((await shop.app.inject({ url: '/api/v1/admin/staff', headers: clerk })).statusCode).toBe(403);
  });
});

describe('staff accounts', () => {
  it('makes the very first account an owner and asks for a new password before anything else', async () => {
    const fresh = await createTestShop({ demoData: false });
    try {
      const first = await staff.createStaff(fresh.db, { email: 'first@kshop.example', role: 'STAFF' }, null);
      expect(first.role).toBe('OWNER');
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email: 'first@kshop.example', password: first.password },
      });
      expect(body(login).data.mustChangePassword).toBe(true);
      const headers = { authorization: `Bearer ${body(login).data.accessToken}` };
      const blocked = await fresh.app.inject({ url: '/api/v1/admin/dashboard', headers });
      expect(blocked.statusCode).toBe(403);
      expect(body(blocked).message).toBe('Please change your one-time password first.');
      const weak = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/password',
        headers,
        payload: { currentPassword: first.password, password: 'short' },
      });
      expect(body(weak).message).toBe('password must be 8-40 characters long.');
      const changed = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/password',
        headers,
        payload: { currentPassword: first.password, password: 'Owner2026!' },
      });
      expect(body(changed).message).toBe('Password changed.');
      // The change ends the session that made it; the answer carries a fresh token.
      expect((await fresh.app.inject({ url: '/api/v1/admin/dashboard', headers })).statusCode).toBe(401);
      const renewed = { authorization: `Bearer ${body(changed).data.accessToken}` };
      expect((await fresh.app.inject({ url: '/api/v1/admin/dashboard', headers: renewed })).statusCode).toBe(
        200,
      );
      const wrong = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email: 'first@kshop.example', password: first.password },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('lets an owner add staff and keeps the last owner', async () => {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner,
      payload: { email: 'new.clerk@kshop.example' },
    });
    expect(body(added).data).toMatchObject({ email: 'new.clerk@kshop.example', role: 'STAFF' });
    expect(body(added).data.password).toMatch(/\S{8,}/);
    const again = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner,
      payload: { email: 'new.clerk@kshop.example' },
    });
    expect(again.statusCode).toBe(409);
    const list = body(await shop.app.inject({ url: '/api/v1/admin/staff', headers: owner })).data
      .staffList as { id: string; role: string }[];
    const owners = list.filter((s) => s.role === 'OWNER');
    expect(owners).toHaveLength(1);
    const demote = await shop.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${owners[0]!.id}`,
      headers: owner,
      payload: { role: 'STAFF' },
    });
    expect(demote.statusCode).toBe(403);
    expect(body(demote).message).toBe('The shop needs at least one active owner.');
  });

  it("lets an owner rename staff and reset another's password: shown once, the old sessions ended", async () => {
    const member = await staffSession(shop, 'reset.me@kshop.example', 'STAFF');
    const list = async () =>
      body(await shop.app.inject({ url: '/api/v1/admin/staff', headers: owner })).data.staffList as {
        id: string;
        email: string;
        name: string;
      }[];
    const id = (await list()).find((s) => s.email === 'reset.me@kshop.example')!.id;
    const renamed = await shop.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${id}`,
      headers: owner,
      payload: { name: 'Kim Jiwoo' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list()).find((s) => s.id === id)?.name).toBe('Kim Jiwoo');

    const reset = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/staff/${id}/password`,
      headers: owner,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { password } = body(reset).data as { password: string };
    expect(password).toMatch(/\S{8,}/);
    // The member's session ended; the one-time password signs in and must be changed first.
    expect((await shop.app.inject({ url: '/api/v1/admin/me', headers: member })).statusCode).toBe(401);
    const signIn = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { email: 'reset.me@kshop.example', password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(body(signIn).data.mustChangePassword).toBe(true);
    // The audit names the reset, never the password.
    const audit = await shop.app.inject({ url: '/api/v1/admin/audit?limit=5', headers: owner });
    expect(audit.body).not.toContain(password);
    const entries = body(audit).data.auditList as {
      action: string;
      subject: string | null;
      staffEmail: string;
    }[];
    // The entry names whom it acted on as staff know them, and who acted.
    expect(entries.find((e) => e.action === 'staff.passwordReset')).toMatchObject({
      subject: 'Kim Jiwoo',
      staffEmail: 'owner@kshop.example',
    });

    const clerkTry = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/staff/${id}/password`,
      headers: clerk,
    });
    expect(clerkTry.statusCode).toBe(403);
    const ownId = (await list()).find((s) => s.email === 'owner@kshop.example')!.id;
    const own = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/staff/${ownId}/password`,
      headers: owner,
    });
    expect(own.statusCode).toBe(403);
    expect(body(own).message).toBe('Change your own password from your account, not by a reset.');
    const nobody = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff/00000000-0000-4000-8000-000000000009/password',
      headers: owner,
    });
    expect(nobody.statusCode).toBe(404);
  });
});
