import {
  adminPageQuery,
  auditListResponse,
  envelope,
  idParams,
  languageChoice,
  STAFF_MESSAGES,
  staffCreated,
  staffCreateRequest,
  staffLoginRequest,
  staffMe,
  staffMember,
  staffPasswordRequest,
  staffPasswordReset,
  staffSession,
  staffUpdateRequest,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireOwner, requireStaff } from '../../plugins/staff-auth.js';
import { listAudit } from '../audit/audit.repository.js';
import * as repo from './staff.repository.js';
import * as staff from './staff.service.js';

const staffRoutes: FastifyPluginAsyncZod<{ tokenTtlHours: number }> = async (app, opts) => {
  app.post(
    '/auth/login',
    {
      // Per address; each email also backs off on its own after wrong passwords (app.accountLimits).
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Staff sign-in',
        body: staffLoginRequest,
        response: { 200: envelope(staffSession) },
      },
    },
    async (request) =>
      ok(
        await staff.login(
          app.db,
          app.accountLimits,
          request.body.email,
          request.body.password,
          opts.tokenTtlHours,
        ),
      ),
  );

  app.get(
    '/me',
    {
      config: { beforePasswordChange: true },
      schema: { tags: ['admin'], response: { 200: envelope(staffMe) } },
    },
    async (request) => {
      const me = requireStaff(request, { beforePasswordChange: true });
      return ok({
        mustChangePassword: me.mustChangePassword,
        role: me.role,
        email: me.email,
        name: me.name,
        language: me.language,
      });
    },
  );

  app.put(
    '/me/language',
    {
      config: { beforePasswordChange: true },
      schema: {
        tags: ['admin'],
        summary: 'Choose the back office language of the member of staff signed in',
        body: languageChoice,
        response: { 200: envelope(languageChoice) },
      },
    },
    async (request) => {
      const me = requireStaff(request, { beforePasswordChange: true });
      await repo.setLanguage(app.db, me.id, request.body.language);
      return ok(request.body);
    },
  );

  app.post(
    '/auth/password',
    {
      config: { beforePasswordChange: true },
      schema: {
        tags: ['admin'],
        summary: 'Change the own password; ends every session and answers a fresh token',
        body: staffPasswordRequest,
        response: { 200: envelope(z.object({ accessToken: z.string() })) },
      },
    },
    async (request) => {
      const me = requireStaff(request, { beforePasswordChange: true });
      const session = await staff.changePassword(
        app.db,
        me.id,
        request.body.currentPassword,
        request.body.password,
        opts.tokenTtlHours,
      );
      return ok(session, 'Password changed.');
    },
  );

  app.post(
    '/auth/logout',
    {
      // Open without a working token too: signing out twice, or with an ended session, is still signed out.
      config: { public: true },
      schema: { tags: ['admin'], summary: 'End this staff session', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { staff: member, staffTokenHash: tokenHash } = request;
      await staff.logout(app.db, member && tokenHash ? { staffId: member.id, tokenHash } : null);
      return ok(null, 'Signed out.');
    },
  );

  app.get(
    '/staff',
    {
      config: { ownerOnly: true },
      schema: { tags: ['admin'], response: { 200: envelope(z.object({ staffList: z.array(staffMember) })) } },
    },
    async (request) => {
      requireOwner(request);
      const rows = await repo.listStaff(app.db);
      return ok({
        staffList: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role,
          disabled: Boolean(r.disabledAt),
          createdAt: r.createdAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/staff',
    {
      config: { ownerOnly: true },
      schema: {
        tags: ['admin'],
        summary: 'Create a staff account (owner)',
        body: staffCreateRequest,
        response: { 200: envelope(staffCreated) },
      },
    },
    async (request) =>
      ok(
        // The new account speaks the language the owner's back office asked in (Korean when it named none);
        // each member can change it.
        await staff.createStaff(
          app.db,
          { ...request.body, language: request.headers['accept-language'] ? request.language : undefined },
          requireOwner(request).id,
        ),
        'Staff account created.',
      ),
  );

  app.patch(
    '/staff/:id',
    {
      config: { ownerOnly: true },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: staffUpdateRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await staff.updateStaffMember(app.db, requireOwner(request).id, request.params.id, request.body);
      return ok(null, STAFF_MESSAGES.updated);
    },
  );

  app.post(
    '/staff/:id/password',
    {
      config: { ownerOnly: true },
      schema: {
        tags: ['admin'],
        summary:
          "Reset another staff member's password (owner): a one-time password, shown once; their sessions end",
        params: idParams,
        response: { 200: envelope(staffPasswordReset) },
      },
    },
    async (request) =>
      ok(
        await staff.resetStaffPassword(app.db, requireOwner(request).id, request.params.id),
        STAFF_MESSAGES.passwordReset,
      ),
  );

  app.get(
    '/audit',
    {
      config: { ownerOnly: true },
      schema: {
        tags: ['admin'],
        summary: 'Audit log (owner)',
        querystring: z.object(adminPageQuery),
        response: { 200: auditListResponse },
      },
    },
    async (request) => {
      requireOwner(request);
      const { rows, totalCount } = await listAudit(
        app.db,
        request.query.limit,
        (request.query.page - 1) * request.query.limit,
      );
      return ok({
        auditList: rows.map(({ totalCount: _n, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        totalCount,
      });
    },
  );
};

export default staffRoutes;
