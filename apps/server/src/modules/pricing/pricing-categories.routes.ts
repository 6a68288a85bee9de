import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import {
  PRICING_CATEGORY_ORDERING,
  pricingCategory,
  pricingCategoryInput,
  pricingCategoryListFilters,
  pricingCategoryPatchInput,
} from '@excursio/contract/pricing';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  changePricingCategory,
  createPricingCategory,
  getPricingCategory,
  listPricingCategoriesPage,
  removePricingCategory,
} from './pricing-categories.service.ts';

/** Specification §2: the Pricing categories tab needs 'Manage experiences' (reading too). */
export const managePricing = {
  access: { permissions: ['Manage experiences'] as const, features: ['experiences'] as const },
};
const tags = ['pricing'];

export const pricingCategoryRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/pricing-categories/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'List pricing categories',
        querystring: listQuerySchema(pricingCategoryListFilters),
        response: { 200: paginated(pricingCategory) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, PRICING_CATEGORY_ORDERING, { field: 'name', descending: false });
      const { results, count } = await listPricingCategoriesPage(ctx.db, principalOf(request).accountId, {
        ...query,
        ordering,
      });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/pricing-categories/',
    {
      config: managePricing,
      schema: { tags, summary: 'Create a pricing category', body: pricingCategoryInput, response: { 201: pricingCategory } },
    },
    async (request, reply) => {
      const created = await createPricingCategory(ctx.db, principalOf(request).accountId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/pricing-categories/:id/',
    {
      config: managePricing,
      schema: { tags, summary: 'Retrieve a pricing category', params: idParams, response: { 200: pricingCategory } },
    },
    async (request) => getPricingCategory(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/pricing-categories/:id/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'Replace a pricing category',
        params: idParams,
        body: pricingCategoryInput,
        response: { 200: pricingCategory },
      },
    },
    async (request) => changePricingCategory(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.patch(
    '/api/pricing-categories/:id/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'Update a pricing category',
        params: idParams,
        body: pricingCategoryPatchInput,
        response: { 200: pricingCategory },
      },
    },
    async (request) => changePricingCategory(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/pricing-categories/:id/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'Delete a pricing category (refused while a rate prices it)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePricingCategory(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
