import {
  PRICING_CATEGORY_ORDERING,
  pricingCategory,
  pricingCategoryInput,
  pricingCategoryListFilters,
  pricingCategoryPatchInput,
} from '@excursio/contract/pricing';
import { manageExperiences, resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  changePricingCategory,
  createPricingCategory,
  getPricingCategory,
  listPricingCategoriesPage,
  removePricingCategory,
} from './pricing-categories.service.ts';

/** Specification §2: the Pricing categories tab needs 'Manage experiences' (reading too). */
export const managePricing = { read: manageExperiences, write: manageExperiences };

export const pricingCategoryRoutes = (app: Api, { db }: AppContext) =>
  resourceRoutes(app, {
    path: '/api/pricing-categories/',
    tag: 'pricing',
    noun: 'pricing category',
    nouns: 'pricing categories',
    summaries: { remove: 'Delete a pricing category (refused while a rate prices it)' },
    access: managePricing,
    item: pricingCategory,
    input: pricingCategoryInput,
    patchInput: pricingCategoryPatchInput,
    filters: pricingCategoryListFilters,
    ordering: { allowed: PRICING_CATEGORY_ORDERING, fallback: { field: 'name', descending: false } },
    list: (accountId, query) => listPricingCategoriesPage(db, accountId, query),
    get: (accountId, id) => getPricingCategory(db, accountId, id),
    create: (accountId, body) => createPricingCategory(db, accountId, body),
    replace: (accountId, id, body) => changePricingCategory(db, accountId, id, body),
    update: (accountId, id, body) => changePricingCategory(db, accountId, id, body),
    remove: (accountId, id) => removePricingCategory(db, accountId, id),
  });
