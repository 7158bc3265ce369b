import {
  artistCategoryListResponse,
  artistListParams,
  artistListResponse,
  categoryListResponse,
  productDetailParams,
  productDetailResponse,
  productListQuery,
  productListResponse,
  productSearchQuery,
} from '@kshop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { priceCurrency } from '../../plugins/auth.js';
import * as catalog from './catalog.service.js';

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/category',
    { schema: { tags: ['catalogue'], summary: 'Category tree', response: { 200: categoryListResponse } } },
    async () => ok(await catalog.categoryTree(app.db)),
  );

  app.get(
    '/artist/category',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Artist categories',
        response: { 200: artistCategoryListResponse },
      },
    },
    async () => ok({ artistCategoryList: await catalog.artistCategoryList(app.db) }),
  );

  app.get(
    '/artist/list/:categoryId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Artists of an artist category',
        params: artistListParams,
        response: { 200: artistListResponse },
      },
    },
    async (request) => ok({ artistList: await catalog.artistList(app.db, request.params.categoryId) }),
  );

  app.get(
    '/product/list',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category, artist or tag; prices only for approved members',
        querystring: productListQuery,
        response: { 200: productListResponse },
      },
    },
    async (request) => ok(await catalog.productList(app.db, request.query, priceCurrency(request))),
  );

  app.get(
    '/product/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products whose title, vendor or artist names contain every word of the keyword',
        querystring: productSearchQuery,
        response: { 200: productListResponse },
      },
    },
    async (request) => ok(await catalog.productSearch(app.db, request.query, priceCurrency(request))),
  );

  app.get(
    '/product/detail/:optionUuid',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product with all its options, opened at one option',
        params: productDetailParams,
        response: { 200: productDetailResponse },
      },
    },
    async (request) =>
      ok(await catalog.productDetail(app.db, request.params.optionUuid, priceCurrency(request))),
  );
};

export default catalogRoutes;
