import {
  PRICING_RATE_ORDERING,
  pricingRate,
  pricingRateInput,
  pricingRateListFilters,
  pricingRatePatchInput,
} from '@excursio/contract/pricing';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  changePricingRate,
  createPricingRate,
  getPricingRate,
  listPricingRatesPage,
  removePricingRate,
} from './pricing-rates.service.ts';

export const pricingRateRoutes = (app: Api, { db }: AppContext) =>
  resourceRoutes(app, {
    path: '/api/pricing-rates/',
    tag: 'pricing',
    noun: 'rate',
    nouns: 'rates',
    summaries: {
      list: 'List the pricing catalogue (rates of every offer)',
      create: 'Create a rate of an offer',
      replace: 'Replace a rate (its prices replace the set)',
      update: 'Update a rate (prices, when given, replace the set)',
      remove: "Delete a rate (refused for an Active offer's last priced rate)",
    },
    // Reads need 'View experiences' (the default): the prices are part of the offer a viewer reads;
    // changing them needs 'Manage experiences'.
    item: pricingRate,
    input: pricingRateInput,
    patchInput: pricingRatePatchInput,
    filters: pricingRateListFilters,
    ordering: { allowed: PRICING_RATE_ORDERING, fallback: { field: 'experience_title', descending: false } },
    list: (accountId, query) => listPricingRatesPage(db, accountId, query),
    get: (accountId, id) => getPricingRate(db, accountId, id),
    create: (accountId, body) => createPricingRate(db, accountId, body),
    replace: (accountId, id, body) => changePricingRate(db, accountId, id, body),
    update: (accountId, id, body) => changePricingRate(db, accountId, id, body),
    remove: (accountId, id) => removePricingRate(db, accountId, id),
  });
