import type { StaffedShop } from '../../e2e/support/staffed-shop.js';

type Answer = { status: number; body: { statusCode: number; message: string; data: unknown } };

/** A JSON call to the shop: the status and the envelope it answered. */
export async function json(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Answer['body'];
  return { status: response.status, body };
}

const bearer = (answer: Answer) => ({
  authorization: `Bearer ${(answer.body.data as { accessToken: string }).accessToken}`,
});

/**
 * An owner made with the staff command line, signed in, its one-time password replaced: the header for the
 * back office.
 */
export async function ownerSession(shop: StaffedShop, email: string, password: string) {
  const created = await shop.staff('staff', 'create', email, '--owner');
  const oneTime = /One-time password: (\S+)/.exec(created)?.[1];
  if (!oneTime) throw new Error(`no one-time password in:\n${created}`);
  const signIn = await json(`${shop.url}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: oneTime }),
  });
  const changed = await json(`${shop.url}/api/v1/admin/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(signIn) },
    body: JSON.stringify({ currentPassword: oneTime, password }),
  });
  return bearer(changed);
}

/** A buyer signed in: the header for the storefront. */
export async function buyerSession(base: string, email: string, password: string) {
  return bearer(
    await json(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
}
