import {
  addressRequest,
  addressView,
  changePasswordRequest,
  emailRequest,
  envelope,
  languageChoice,
  messages,
  updateProfileRequest,
  userProfile,
  uuidParam,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireBuyer } from '../../plugins/auth.js';
import * as user from './user.service.js';

const empty = { 200: envelope(z.null()) };
const addressParams = z.object({ addressUuid: uuidParam('addressUuid') });

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: {
        tags: ['account'],
        summary: 'The member profile with its addresses',
        response: { 200: envelope(userProfile) },
      },
    },
    async (request) => ok(await user.profile(app.db, app.storage, requireBuyer(request).id)),
  );

  app.patch(
    '/user',
    {
      schema: {
        tags: ['account'],
        summary: 'Update the member profile',
        body: updateProfileRequest,
        response: empty,
      },
    },
    async (request) => {
      await user.updateProfile(
        app.db,
        app.storage,
        app.untrustedWork,
        requireBuyer(request).id,
        request.body,
      );
      return ok(null, messages.account.profileUpdated);
    },
  );

  app.get(
    '/user/language',
    {
      schema: {
        tags: ['account'],
        summary: "The member's language, which the shop's mails and answers to them follow",
        response: { 200: envelope(languageChoice) },
      },
    },
    async (request) => ok({ language: await user.language(app.db, requireBuyer(request).id) }),
  );

  app.put(
    '/user/language',
    {
      schema: {
        tags: ['account'],
        summary: "Choose the member's language",
        body: languageChoice,
        response: { 200: envelope(languageChoice) },
      },
    },
    async (request) => {
      await user.setLanguage(app.db, requireBuyer(request).id, request.body.language);
      return ok(request.body);
    },
  );

  app.delete(
    '/user',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the account (orders are kept for the records)',
        response: empty,
      },
    },
    async (request) => {
      await user.deleteAccount(app.db, app.storage, requireBuyer(request).id);
      return ok(null, messages.account.deleted);
    },
  );

  app.patch(
    '/user/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password',
        body: changePasswordRequest,
        response: empty,
      },
    },
    async (request) => {
      await user.changePassword(app.db, requireBuyer(request).id, request.body.password);
      return ok(null, messages.password.changed);
    },
  );

  app.post(
    '/user/temp-password',
    {
      // Per address; each email is limited on its own too (app.accountLimits).
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Mail a temporary password; the current password keeps working until it is used',
        body: emailRequest,
        response: empty,
      },
    },
    async (request) => {
      await user.issueTemporaryPassword(app.db, app.mailer, app.accountLimits, request.body.email);
      return ok(null, messages.tempPassword.issued);
    },
  );

  app.post(
    '/user/address',
    {
      schema: {
        tags: ['account'],
        summary: 'Add a shipping address',
        body: addressRequest,
        response: { 200: envelope(addressView) },
      },
    },
    async (request) =>
      ok(await user.addAddress(app.db, requireBuyer(request).id, request.body), messages.address.added),
  );

  app.patch(
    '/user/address/:addressUuid',
    {
      schema: {
        tags: ['account'],
        summary: 'Change a shipping address',
        params: addressParams,
        body: addressRequest,
        response: { 200: envelope(addressView) },
      },
    },
    async (request) =>
      ok(
        await user.updateAddress(app.db, requireBuyer(request).id, request.params.addressUuid, request.body),
        messages.address.updated,
      ),
  );

  app.delete(
    '/user/address/:addressUuid',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete a shipping address',
        params: addressParams,
        response: empty,
      },
    },
    async (request) => {
      await user.removeAddress(app.db, requireBuyer(request).id, request.params.addressUuid);
      return ok(null, messages.address.deleted);
    },
  );
};

export default userRoutes;
