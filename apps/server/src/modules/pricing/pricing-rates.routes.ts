import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import {
  PRICING_RATE_ORDERING,
  pricingRate,
  pricingRateInput,
  pricingRateListFilters,
  pricingRatePatchInput,
} from '@excursio/contract/pricing';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { managePricing } from './pricing-categories.routes.ts';
import {
  changePricingRate,
  createPricingRate,
  getPricingRate,
  listPricingRatesPage,
  removePricingRate,
} from './pricing-rates.service.ts';

const tags = ['pricing'];

export const pricingRateRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/pricing-rates/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'List the pricing catalogue (rates of every offer)',
        querystring: listQuerySchema(pricingRateListFilters),
        response: { 200: paginated(pricingRate) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, PRICING_RATE_ORDERING, { field: 'experience_title', descending: false });
      const { results, count } = await listPricingRatesPage(ctx.db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/pricing-rates/',
    {
      config: managePricing,
      schema: { tags, summary: 'Create a rate of an offer', body: pricingRateInput, response: { 201: pricingRate } },
    },
    async (request, reply) => {
      const created = await createPricingRate(ctx.db, principalOf(request).accountId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/pricing-rates/:id/',
    {
      config: managePricing,
      schema: { tags, summary: 'Retrieve a rate', params: idParams, response: { 200: pricingRate } },
    },
    async (request) => getPricingRate(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/pricing-rates/:id/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'Replace a rate (its prices replace the set)',
        params: idParams,
        body: pricingRateInput,
        response: { 200: pricingRate },
      },
    },
    async (request) => changePricingRate(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.patch(
    '/api/pricing-rates/:id/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: 'Update a rate (prices, when given, replace the set)',
        params: idParams,
        body: pricingRatePatchInput,
        response: { 200: pricingRate },
      },
    },
    async (request) => changePricingRate(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/pricing-rates/:id/',
    {
      config: managePricing,
      schema: {
        tags,
        summary: "Delete a rate (refused for an Active offer's last priced rate)",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePricingRate(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
