import {
  buyerPriceGroupRequest,
  envelope,
  idParams,
  priceGroupCreateRequest,
  priceGroupListResponse,
  priceGroupParams,
  priceGroupPriceListResponse,
  priceGroupPriceParams,
  priceGroupPriceRequest,
  priceGroupResponse,
  priceGroupUpdateRequest,
  volumeTiersParams,
  volumeTiersRequest,
  volumeTiersResponse,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireStaff } from '../../plugins/staff-auth.js';
import * as pricing from './pricing.service.js';

/** Back office: price groups, their explicit prices, options' volume tiers and buyers' groups (decision 0021). */
const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/price-groups',
    { schema: { tags, response: { 200: priceGroupListResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(await pricing.groupList(app.db));
    },
  );

  app.post(
    '/price-groups',
    { schema: { tags, body: priceGroupCreateRequest, response: { 200: priceGroupResponse } } },
    async (request) => {
      const me = requireStaff(request);
      return ok(await pricing.createGroup(app.db, request.body, me.id), 'Price group created.');
    },
  );

  app.patch(
    '/price-groups/:id',
    {
      schema: {
        tags,
        params: priceGroupParams,
        body: priceGroupUpdateRequest,
        response: { 200: priceGroupResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      return ok(
        await pricing.updateGroup(app.db, request.params.id, request.body, me.id),
        'Price group saved.',
      );
    },
  );

  app.delete(
    '/price-groups/:id',
    { schema: { tags, params: priceGroupParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const me = requireStaff(request);
      await pricing.deleteGroup(app.db, request.params.id, me.id);
      return ok(null, 'Price group deleted.');
    },
  );

  app.get(
    '/price-groups/:id/prices',
    { schema: { tags, params: priceGroupParams, response: { 200: priceGroupPriceListResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(await pricing.priceList(app.db, request.params.id));
    },
  );

  app.put(
    '/price-groups/:id/prices/:optionId',
    {
      schema: {
        tags,
        params: priceGroupPriceParams,
        body: priceGroupPriceRequest,
        response: { 200: priceGroupPriceListResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      const { id, optionId } = request.params;
      return ok(
        await pricing.setGroupPrice(app.db, id, optionId, request.body, me.id, request.log),
        'Group price saved.',
      );
    },
  );

  app.get(
    '/product-options/:optionId/volume-tiers',
    { schema: { tags, params: volumeTiersParams, response: { 200: volumeTiersResponse } } },
    async (request) => {
      requireStaff(request);
      return ok(await pricing.volumeTiers(app.db, request.params.optionId));
    },
  );

  app.put(
    '/product-options/:optionId/volume-tiers',
    {
      schema: {
        tags,
        params: volumeTiersParams,
        body: volumeTiersRequest,
        response: { 200: volumeTiersResponse },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      return ok(
        await pricing.setVolumeTiers(app.db, request.params.optionId, request.body, me.id, request.log),
        'Volume tiers saved.',
      );
    },
  );

  app.put(
    '/buyers/:id/price-group',
    {
      schema: { tags, params: idParams, body: buyerPriceGroupRequest, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const me = requireStaff(request);
      await pricing.setBuyerGroup(app.db, request.params.id, request.body.priceGroupId, me.id, request.log);
      return ok(null, 'Price group saved.');
    },
  );
};

export default pricingAdminRoutes;
