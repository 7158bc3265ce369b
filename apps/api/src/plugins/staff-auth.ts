import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.js';
import { hashToken } from '../lib/tokens.js';
import { findStaffByToken, type SessionStaff } from '../modules/staff/staff.repository.js';
import { STAFF_MESSAGES } from '../modules/staff/staff.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes open without a staff token (sign-in). */
    public?: boolean;
    /** Routes a staff member may use before replacing the one-time password. */
    beforePasswordChange?: boolean;
    ownerOnly?: boolean;
  }
  interface FastifyRequest {
    /** The staff member behind a back-office token; buyer tokens never resolve here. */
    staff: SessionStaff | null;
    staffTokenHash: string | null;
  }
}

/** Any signed-in staff member who has replaced the one-time password. */
export function requireStaff(
  request: FastifyRequest,
  options: { beforePasswordChange?: boolean } = {},
): SessionStaff {
  const member = request.staff;
  if (!member) throw unauthorized();
  if (member.mustChangePassword && !options.beforePasswordChange) {
    throw forbidden(STAFF_MESSAGES.changePasswordFirst, 'CHANGE_PASSWORD_FIRST');
  }
  return member;
}

export function requireOwner(request: FastifyRequest): SessionStaff {
  const member = requireStaff(request);
  if (member.role !== 'OWNER') throw forbidden(STAFF_MESSAGES.ownerOnly, 'OWNER_ONLY');
  return member;
}

/** Resolves staff tokens for the routes registered in the same scope (the /api/v1/admin prefix). */
export default fp(
  async function staffAuth(app: FastifyInstance) {
    app.decorateRequest('staff', null);
    app.decorateRequest('staffTokenHash', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/v1/admin/')) return;
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice(7).trim();
      if (!token || token.length > 200) return;
      const tokenHash = hashToken(token);
      request.staff = await findStaffByToken(app.db, tokenHash);
      if (request.staff) {
        request.staffTokenHash = tokenHash;
        app.shopAddress.learn(request);
      }
    });
  },
  { name: 'staff-auth', dependencies: ['db', 'shop-address'] },
);

/**
 * Every back-office route is closed unless marked public; the check runs before the request is even
 * parsed, so a guest or a buyer learns nothing from validation messages.
 */
export async function guardBackOffice(request: FastifyRequest) {
  const config = request.routeOptions.config;
  if (config.public || request.is404) return;
  requireStaff(request, { beforePasswordChange: config.beforePasswordChange });
  if (config.ownerOnly) requireOwner(request);
}
