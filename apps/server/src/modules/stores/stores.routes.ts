import { errorResponse, paginated } from '@excursio/contract/list';
import {
  STORE_EXPERIENCE_ORDERING,
  STORE_ORDERING,
  type Store,
  type StoreExperience,
  store,
  storeExperience,
  storeExperienceFilters,
  storeExperienceInput,
  storeExperienceRemoveInput,
  storeInput,
  storeListFilters,
  storeParams,
  storePatchInput,
} from '@excursio/contract/stores';
import { z } from 'zod';
import { baseUrl } from '../../config.ts';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { storePaymentWarning, withPaymentReasons } from '../webstore/sale-payability.service.ts';
import { addStoreOffer, eligibleOffers, removeStoreOffer, storeOffers } from './store-experiences.service.ts';
import {
  changeStore,
  createStore,
  getStore,
  listStoresPage,
  removeStore,
  replaceStore,
  type StoreSite,
  storeOf,
} from './stores.service.ts';

export const manageStores = { access: { permissions: ['Manage stores'], features: ['stores'] } } as const;
const tags = ['stores'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const offersQuery = listQuerySchema(storeExperienceFilters);

/** Where the store's webstore answers, and whether the server can check reCAPTCHA. */
export const storeSite = (ctx: AppContext): StoreSite => ({
  url: (subdomain, slug) => `${baseUrl(ctx.config, subdomain)}/s/${slug}/`,
  recaptchaAvailable: Boolean(ctx.config.RECAPTCHA_SITE_KEY && ctx.config.RECAPTCHA_SECRET_KEY),
});

export const storeRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const site = storeSite(ctx);
  // One store's answers carry the warning when visitors cannot pay for some of its offers.
  const warned = async (accountId: string, answer: Store | Promise<Store>): Promise<Store> => {
    const row = await answer;
    const rules = { id: row.id, paymentMode: row.payment_mode, reserveWithoutPayment: row.reserve_without_payment };
    return { ...row, payment_warning: await storePaymentWarning(db, ctx.stripe, accountId, rules) };
  };
  // Offer rows say whether they can be paid in this store (the Global catalog marks the others).
  const reasons = async <T extends StoreExperience>(accountId: string, storeId: string, rows: T[]) => {
    const row = await storeOf(db, accountId, storeId);
    return withPaymentReasons(db, ctx.stripe, accountId, row, rows);
  };
  resourceRoutes(app, {
    path: '/api/stores/',
    tag: 'stores',
    noun: 'store',
    nouns: 'stores',
    access: { read: manageStores, write: manageStores },
    item: store,
    input: storeInput,
    patchInput: storePatchInput,
    filters: storeListFilters,
    ordering: { allowed: STORE_ORDERING, fallback: { field: 'created_at', descending: true } },
    list: (accountId, query) => listStoresPage(db, accountId, { ...query, ...pageWindow(query) }, site),
    get: (accountId, id) => warned(accountId, getStore(db, accountId, id, site)),
    create: (accountId, body) => warned(accountId, createStore(db, accountId, body, site)),
    replace: (accountId, id, body) => warned(accountId, replaceStore(db, accountId, id, body, site)),
    update: (accountId, id, body) => warned(accountId, changeStore(db, accountId, id, body, site)),
    remove: (accountId, id) => removeStore(db, accountId, id),
  });

  app.post(
    '/api/stores/:id/add-experience/',
    {
      config: manageStores,
      schema: {
        tags,
        summary: 'Add an offer to the store at a position (last by default), or move it / change its featured flag',
        params: z.strictObject({ id: z.uuid() }),
        body: storeExperienceInput,
        response: { 200: storeExperience, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const added = await addStoreOffer(db, accountId, request.params.id, request.body);
      return (await reasons(accountId, request.params.id, [added]))[0];
    },
  );

  app.post(
    '/api/stores/:id/remove-experience/',
    {
      config: manageStores,
      schema: {
        tags,
        summary: 'Take an offer out of the store (the ones after it move up)',
        params: z.strictObject({ id: z.uuid() }),
        body: storeExperienceRemoveInput,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStoreOffer(db, principalOf(request).accountId, request.params.id, request.body.experience_id);
      return reply.status(204).send(null);
    },
  );

  for (const [path, summary, read] of [
    ['experiences', 'The store’s offers in their order, filtered (distance from lat/lon within radius km)', storeOffers],
    ['eligible-experiences', 'Offers that can be added to the store (the organization’s offers not in it yet)', eligibleOffers],
  ] as const) {
    app.get(
      `/api/stores/:storeId/${path}/`,
      {
        config: manageStores,
        schema: {
          tags,
          summary,
          params: storeParams,
          querystring: offersQuery,
          response: { 200: paginated(storeExperience), ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const ordering = orderingOf(query.ordering, STORE_EXPERIENCE_ORDERING, {
          field: path === 'experiences' ? 'position' : 'title',
          descending: false,
        });
        const { accountId } = principalOf(request);
        const { results, count } = await read(db, accountId, request.params.storeId, {
          ...query,
          ordering,
          ...pageWindow(query),
        });
        return paginate(request, query, await reasons(accountId, request.params.storeId, results), count);
      },
    );
  }
};
