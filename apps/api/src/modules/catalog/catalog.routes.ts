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
  type Sort,
} from '@kshop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedAnswer } from '../../lib/answer-cache.js';
import { koreanDate } from '../../lib/korean-day.js';
import { ok } from '../../lib/reply.js';
import { priceViewer } from '../../plugins/auth.js';
import type { PriceViewer } from '../pricing/pricing.service.js';
import * as catalog from './catalog.service.js';
import { detailTags, listTags } from './catalogue-changes.js';
import { sortFollowsSales, sortTurnsOnTheDay } from './list-orders.js';

/**
 * What a catalogue answer depends on: the route, its validated parameters and query, the viewer's currency
 * and price group ('guest' for no prices at all; decision 0021), and the day in Korea for a list or search
 * in release-date order (which turns at the day's start: a release of today is a coming one).
 */
const answerKey = (request: FastifyRequest, viewer: PriceViewer | null) => {
  const sort = (request.query as { sort?: Sort } | undefined)?.sort;
  const day = sort && sortTurnsOnTheDay(sort) ? `|day ${koreanDate()}` : '';
  return `${request.routeOptions.url}|${JSON.stringify(request.params)}|${JSON.stringify(request.query)}|${viewer ? `${viewer.currency}|group ${viewer.priceGroupId}` : 'guest'}${day}`;
};

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogueCache;

  app.get(
    '/category',
    { schema: { tags: ['catalogue'], summary: 'Category tree', response: { 200: categoryListResponse } } },
    async (request, reply) =>
      cachedAnswer(cache, reply, answerKey(request, null), categoryListResponse, async () =>
        ok(await catalog.categoryTree(app.db)),
      ),
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
    async (request, reply) =>
      cachedAnswer(cache, reply, answerKey(request, null), artistCategoryListResponse, async () =>
        ok({ artistCategoryList: await catalog.artistCategoryList(app.db) }),
      ),
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
    async (request, reply) =>
      cachedAnswer(cache, reply, answerKey(request, null), artistListResponse, async () =>
        ok({ artistList: await catalog.artistList(app.db, request.params.categoryId) }),
      ),
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
    async (request, reply) => {
      const viewer = priceViewer(request);
      const load = async () => ok(await catalog.productList(app.db, request.query, viewer));
      // Open pre-orders change when a window opens or closes, which no change notice announces: never kept.
      if (request.query.preorder === 'open') return load();
      return cachedAnswer(
        cache,
        reply,
        answerKey(request, viewer),
        productListResponse,
        load,
        // It shows its products and their sales totals (and, in best-selling order, is ordered by them).
        (answer) =>
          listTags(
            answer.data.productOptionList.map((card) => card.productUuid),
            {
              orderedBySales: sortFollowsSales(request.query.sort),
              stockFiltered: request.query.stockStatus !== 'all',
            },
          ),
      );
    },
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
    async (request, reply) => {
      const viewer = priceViewer(request);
      return cachedAnswer(
        cache,
        reply,
        answerKey(request, viewer),
        productListResponse,
        async () => ok(await catalog.productSearch(app.db, request.query, viewer)),
        // It shows its products and their sales totals (and, in best-selling order, is ordered by them).
        (answer) =>
          listTags(
            answer.data.productOptionList.map((card) => card.productUuid),
            {
              orderedBySales: sortFollowsSales(request.query.sort),
              stockFiltered: request.query.stockStatus !== 'all',
            },
          ),
      );
    },
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
    async (request, reply) => {
      const viewer = priceViewer(request);
      return cachedAnswer(
        cache,
        reply,
        answerKey(request, viewer),
        productDetailResponse,
        async () => ok(await catalog.productDetail(app.db, request.params.optionUuid, viewer)),
        // It shows its options' stock and everything else of its product (catalogue-changes.ts).
        (answer) =>
          detailTags(
            answer.data.product.uuid,
            answer.data.optionList.map((option) => option.uuid),
          ),
      );
    },
  );
};

export default catalogRoutes;
