import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers } from '../../db/schema.js';
import { signUp, temporaryPasswordFor } from '../../test/accounts.js';
import { body, createTestShop, type TestShop } from '../../test/app.js';
import { STAFF_PASSWORD, staffSession } from '../../test/staff.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ demoData: false });
});
afterAll(() => shop?.close());

type Auth = { authorization: string };
const profile = (headers: Auth) => shop.app.inject({ url: '/api/v1/user', headers });
const logout = (headers: Partial<Auth> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
const login = (email: string, password: string) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('logging out', () => {
  it('revokes the token used and no other; logging out again, or without a token, is still 200', async () => {
    const account = await signUp(shop, 'logout@company.example');
    const here = await shop.loginAs(account.email, account.password);
    const elsewhere = await shop.loginAs(account.email, account.password);
    expect((await profile(here)).statusCode).toBe(200);

    const res = await logout(here);
    expect(body(res)).toEqual({ statusCode: 200, message: 'Logged out.', data: null });
    expect((await profile(here)).statusCode).toBe(401);
    expect((await profile(elsewhere)).statusCode).toBe(200);

    expect((await logout(here)).statusCode).toBe(200);
    expect((await logout()).statusCode).toBe(200);
    expect((await logout({ authorization: 'Bearer not-a-token' })).statusCode).toBe(200);
    expect((await profile(elsewhere)).statusCode).toBe(200);
  });
});

describe('a password change', () => {
  it('revokes every buyer token, the one used included; the new password logs in', async () => {
    const account = await signUp(shop, 'change@company.example');
    const used = await shop.loginAs(account.email, account.password);
    const res = await shop.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: used,
      payload: { password: 'Busan2027#' },
    });
    expect(body(res)).toEqual({
      statusCode: 200,
      message: 'Password has been changed successfully. Please log in again.',
      data: null,
    });
    expect((await profile(used)).statusCode).toBe(401);
    expect((await login(account.email, 'Busan2027#')).statusCode).toBe(200);
  });

  it('revokes every staff token, the one used included, and answers a fresh one', async () => {
    const member = await staffSession(shop, 'clerk@kshop.example');
    const second = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { email: 'clerk@kshop.example', password: STAFF_PASSWORD },
    });
    const elsewhere = { authorization: `Bearer ${body(second).data.accessToken}` };
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password',
      headers: member,
      payload: { currentPassword: STAFF_PASSWORD, password: 'Backoffice2!' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${body(res).data.accessToken}` };
    const me = (headers: Auth) => shop.app.inject({ url: '/api/v1/admin/me', headers });
    expect((await me(member)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect(body(await me(fresh)).data.email).toBe('clerk@kshop.example');
  });

  it('staff sign-out revokes the token; again, or without one, still answers 200', async () => {
    const member = await staffSession(shop, 'leaver@kshop.example');
    const signOut = (headers: Partial<Auth>) =>
      shop.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers });
    expect(body(await signOut(member))).toEqual({ statusCode: 200, message: 'Signed out.', data: null });
    expect((await shop.app.inject({ url: '/api/v1/admin/me', headers: member })).statusCode).toBe(401);
    expect((await signOut(member)).statusCode).toBe(200);
    expect((await signOut({})).statusCode).toBe(200);
  });
});

describe('a temporary password', () => {
  it('leaves the password and every session working until it is used', async () => {
    const account = await signUp(shop, 'forgetful@company.example');
    const session = await shop.loginAs(account.email, account.password);
    await temporaryPasswordFor(shop, account.email);
    const temporary = await temporaryPasswordFor(shop, account.email);
    expect((await profile(session)).statusCode).toBe(200);

    // Its first use makes it the password and ends the other sessions; the login itself gets a token.
    const first = await login(account.email, temporary);
    expect(first.statusCode).toBe(200);
    const current = { authorization: `Bearer ${body(first).data.accessToken}` };
    expect((await profile(session)).statusCode).toBe(401);
    expect((await profile(current)).statusCode).toBe(200);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, temporary)).statusCode).toBe(200);
    const [row] = await shop.db.select().from(buyers).where(eq(buyers.email, account.email));
    expect(row!.temporaryPasswordHash).toBeNull();
    expect(row!.temporaryPasswordExpiresAt).toBeNull();
  });

  it('only replaces the one mailed before it', async () => {
    const account = await signUp(shop, 'twice@company.example');
    const earlier = await temporaryPasswordFor(shop, account.email);
    const later = await temporaryPasswordFor(shop, account.email);
    expect((await login(account.email, earlier)).statusCode).toBe(401);
    expect((await login(account.email, later)).statusCode).toBe(200);
  });

  it('is dropped when the member logs in with the own password, and is refused once expired', async () => {
    const account = await signUp(shop, 'remembered@company.example');
    const temporary = await temporaryPasswordFor(shop, account.email);
    const session = await shop.loginAs(account.email, account.password);
    expect((await login(account.email, temporary)).statusCode).toBe(401);
    expect((await profile(session)).statusCode).toBe(200);

    const late = await temporaryPasswordFor(shop, account.email);
    await shop.db
      .update(buyers)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(buyers.email, account.email));
    expect((await login(account.email, late)).statusCode).toBe(401);
    expect((await profile(session)).statusCode).toBe(200);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('is dropped by a password change', async () => {
    const account = await signUp(shop, 'changed@company.example');
    const temporary = await temporaryPasswordFor(shop, account.email);
    const session = await shop.loginAs(account.email, account.password);
    await shop.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: session,
      payload: { password: 'Busan2027#' },
    });
    expect((await login(account.email, temporary)).statusCode).toBe(401);
    expect((await login(account.email, 'Busan2027#')).statusCode).toBe(200);
  });
});
