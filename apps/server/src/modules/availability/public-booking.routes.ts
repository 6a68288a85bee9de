import {
  GET_AVAILABILITIES_ORDERING,
  getAvailabilitiesQuery,
  getAvailabilitiesResponse,
  holdResponse,
  reserveInput,
  reserveResponse,
} from '@excursio/contract/availability';
import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { sellerOfOffer } from '../partners/partners.service.ts';
import { storeSale } from '../stores/stores.service.ts';
import { offerPayment } from '../webstore/sale-payability.service.ts';
import { publicAvailabilities } from './public-feed.service.ts';
import { extendHold, holdAccount, releaseHold, reserve } from './reservations.service.ts';

const tags = ['public booking'];
const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };
const holdParams = z.strictObject({ id: z.uuid() });
const UNPAYABLE = 'This offer cannot be paid at this store right now, so no places were held. Please contact the store.';

/**
 * The public, unauthenticated booking API of one organization (from the subdomain): only Active,
 * public offers. Rate-limited per address; a hold's id is a random UUID and is its only key.
 */
export const publicBookingRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const limited = (max: number) => ({ access: 'public' as const, rateLimit: { max, timeWindow: '1 minute' } });

  app.get(
    '/api/1/get-availabilities/',
    {
      config: limited(600),
      schema: {
        tags,
        summary: "Starts of the organization's Active public offers between two instants, with status and vacancies (paged)",
        querystring: getAvailabilitiesQuery,
        response: { 200: getAvailabilitiesResponse, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const accountId = await publicAccountOf(db, request.subdomain);
      const ordering = orderingOf(query.ordering, GET_AVAILABILITIES_ORDERING, {
        field: 'localDateTimeStart',
        descending: false,
      });
      const { results, count } = await publicAvailabilities(
        db,
        accountId,
        { ...query, ordering, ...pageWindow(query) },
        ctx.clock(),
      );
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/1/reserve/',
    {
      config: limited(120),
      schema: {
        tags,
        summary:
          'Hold places for a party on a start (the price is computed here); the hold expires after the organization’s hold time',
        body: reserveInput,
        response: { 201: reserveResponse, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const { store } = request.body;
      const sale = store ? await storeSale(db, accountId, store, request.body.productId) : null;
      // A store may resell a partner's offer: the hold is the supplier's, under the partnership.
      const { owner, partnership } = sale
        ? await sellerOfOffer(db, accountId, request.body.productId)
        : { owner: accountId, partnership: null };
      // Nobody who collects this sale's payment can take it (and the store does not reserve
      // without payment): say so now, before any place is held.
      if (sale && !(await offerPayment(db, ctx.stripe, accountId, sale, owner)).available && !sale.reserveWithoutPayment) {
        throw new AppError(409, [{ code: 'payment_unavailable', detail: UNPAYABLE, attr: null }]);
      }
      const { hold } = await reserve(db, owner, request.body, {
        now: ctx.clock(),
        source: store ? 'webstore' : 'api',
        publicOnly: true,
        holdMinutes: sale?.holdMinutes ?? null,
        partnership,
      });
      return reply.status(201).send({
        id: hold.id,
        status: 'ON_HOLD' as const,
        availabilityId: request.body.availabilityId,
        productId: hold.experienceId,
        utcExpiresAt: hold.expiresAt.toISOString(),
        price: {
          currency: hold.currency,
          total: hold.totalMinor,
          lines: hold.party.map((l) => ({
            pricingCategoryId: l.pricing_category_id,
            quantity: l.quantity,
            unitPrice: l.unit_price,
            amount: l.amount,
          })),
        },
      });
    },
  );

  app.post(
    '/api/1/holds/:id/extend/',
    {
      config: limited(120),
      schema: {
        tags,
        summary: 'Keep a hold’s places longer (not once it has expired)',
        params: holdParams,
        response: { 200: holdResponse, ...errors },
      },
    },
    async (request) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const owner = await holdAccount(db, accountId, request.params.id);
      const hold = await extendHold(db, owner, request.params.id, ctx.clock());
      return { id: hold.id, status: 'ON_HOLD' as const, utcExpiresAt: hold.expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/1/holds/:id/release/',
    {
      config: limited(120),
      schema: { tags, summary: 'Give a hold’s places back', params: holdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      await releaseHold(db, await holdAccount(db, accountId, request.params.id), request.params.id, ctx.clock());
      return reply.status(204).send(null);
    },
  );
};
