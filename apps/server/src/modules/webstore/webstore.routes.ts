import { createHmac } from 'node:crypto';
import { bookingConfigResponse, checkAvailabilityResponse } from '@excursio/contract/availability';
import { errorResponse, paginated } from '@excursio/contract/list';
import { orderSessionQuery } from '@excursio/contract/orders';
import {
  recaptchaInput,
  recaptchaResponse,
  WEBSTORE_EXPERIENCE_ORDERING,
  webstoreAvailabilityQuery,
  webstoreConfigQuery,
  webstoreExperience,
  webstoreExperienceCard,
  webstoreExperienceQuery,
  webstoreList,
  webstoreOrderInput,
  webstoreOrderResponse,
  webstoreStoreQuery,
} from '@excursio/contract/webstore';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { recaptchaConfigured, verifyRecaptcha } from '../../integrations/recaptcha.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { bookingConfig, checkAvailability } from '../availability/availability.service.ts';
import { calendarOfCheckout, noticeOrder } from '../orders/order-notices.service.ts';
import { saleTermsFor } from '../partners/partners.service.ts';
import { cardPaymentsOf } from '../payments/provider-for.ts';
import { experienceCards, experiencePage, offerOfStore, storeForVisitor, webstoresOf } from './webstore.service.ts';
import { placeWebstoreOrder } from './webstore-order.service.ts';

const tags = ['webstore'];
const errors = { 400: errorResponse, 402: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const idParams = z.strictObject({ id: z.uuid() });

/**
 * The public webstore of the organization on the host's subdomain: no account, rate-limited per
 * address, only Active stores and their Active public offers.
 */
export const webstoreRoutes = (app: Api, ctx: AppContext) => {
  const { db, config } = ctx;
  const limited = (max: number) => ({ access: 'public' as const, rateLimit: { max, timeWindow: '1 minute' } });
  // How the organization takes card payments now: its connection (none → payment not available).
  const site = async (accountId: string) => {
    const card = await cardPaymentsOf(db, ctx.stripe, accountId);
    return {
      recaptchaSiteKey: recaptchaConfigured(config) ? (config.RECAPTCHA_SITE_KEY ?? null) : null,
      paymentTestMode: card.kind === 'test',
      paymentAvailable: card.kind !== 'unavailable',
    };
  };
  // The checkout session of an attempt: derived from the visitor's idempotency key with the
  // server's secret, so a repeated request finds its order and nobody can guess another's.
  const sessionOf = (accountId: string, key: string) =>
    `cs_${createHmac('sha256', config.JWT_SECRET).update(`${accountId}:${key}`).digest('base64url').slice(0, 32)}`;

  app.get(
    '/api/webstores/',
    {
      config: limited(600),
      schema: {
        tags,
        summary: "The organization's Active stores, public fields only",
        response: { 200: webstoreList, ...errors },
      },
    },
    async (request) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      return { results: await webstoresOf(db, accountId, await site(accountId)) };
    },
  );

  app.get(
    '/api/webstores/experiences/',
    {
      config: limited(600),
      schema: {
        tags,
        summary: 'A page of the store’s offers (the default store without `store`), filtered by category, keyword and dates',
        querystring: webstoreExperienceQuery,
        response: { 200: paginated(webstoreExperienceCard), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const accountId = await publicAccountOf(db, request.subdomain);
      const store = await storeForVisitor(db, accountId, query.store);
      const ordering = orderingOf(query.ordering, WEBSTORE_EXPERIENCE_ORDERING, { field: 'position', descending: false });
      const { results, count } = await experienceCards(
        db,
        accountId,
        store,
        { ...query, ordering, ...pageWindow(query) },
        ctx.clock(),
      );
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/webstores/experiences/:id/',
    {
      config: limited(600),
      schema: {
        tags,
        summary: 'An offer of the store: its page (gallery, description, meeting point, policy, prices, extras, questions)',
        params: idParams,
        querystring: webstoreStoreQuery,
        response: { 200: webstoreExperience, ...errors },
      },
    },
    async (request) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const store = await storeForVisitor(db, accountId, request.query.store);
      return experiencePage(db, accountId, store, request.params.id, ctx.clock(), ctx.stripe);
    },
  );

  app.get(
    '/api/webstores/experiences/:id/config/',
    {
      config: limited(600),
      schema: {
        tags,
        summary: 'The bookable days of a month and the rates with their public prices (the date picker)',
        params: idParams,
        querystring: webstoreConfigQuery,
        response: { 200: bookingConfigResponse, ...errors },
      },
    },
    async (request) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const store = await storeForVisitor(db, accountId, request.query.store);
      const offer = await offerOfStore(db, accountId, store, request.params.id);
      // A resold offer's calendar is its supplier's.
      return bookingConfig(
        db,
        offer.accountId,
        { experience_id: offer.id, month: request.query.month, year: request.query.year },
        ctx.clock(),
      );
    },
  );

  app.get(
    '/api/webstores/experiences/:id/availability/',
    {
      config: limited(600),
      schema: {
        tags,
        summary: 'A day’s starts with the places left, whether the party fits and its price (computed here)',
        params: idParams,
        querystring: webstoreAvailabilityQuery,
        response: { 200: checkAvailabilityResponse, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const accountId = await publicAccountOf(db, request.subdomain);
      const store = await storeForVisitor(db, accountId, query.store);
      const offer = await offerOfStore(db, accountId, store, request.params.id);
      // A resold offer: the supplier's starts, bounded by the reseller's allocation.
      const partnership = offer.accountId === accountId ? null : await saleTermsFor(db, accountId, offer.id);
      return checkAvailability(
        db,
        offer.accountId,
        {
          experience_id: offer.id,
          date_from: query.date,
          rate_id: query.rate_id,
          group_size: query.group_size,
          pricing_options: query.pricing_options,
        },
        ctx.clock(),
        partnership,
      );
    },
  );

  app.post(
    '/api/webstores/order/',
    {
      config: limited(config.WEBSTORE_ORDER_RATE_MAX),
      schema: {
        tags,
        summary:
          'The visitor’s holds become one order of the store: prices recomputed here, reCAPTCHA when the store asks, the amount due charged ' +
          '(test mode) or a Stripe Checkout opened (`checkout_url`: the order is made once paid), the holds converted; without card payments ' +
          '409 payment_unavailable, or an unpaid order when the store reserves without payment; a repeated request (same idempotency key) ' +
          'answers the same order or checkout',
        body: webstoreOrderInput,
        response: { 200: webstoreOrderResponse, 201: webstoreOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const accountId = await publicAccountOf(db, request.subdomain);
      const store = await storeForVisitor(db, accountId, body.store);
      if (store.recaptchaEnabled && recaptchaConfigured(config)) {
        const verdict = body.recaptcha_token ? await verifyRecaptcha(config, body.recaptcha_token, request.ip) : null;
        if (!verdict?.success) {
          throw new AppError(403, [
            {
              code: 'recaptcha_failed',
              detail: 'We could not verify that you are not a robot. Please try again.',
              attr: 'recaptcha_token',
            },
          ]);
        }
      }
      const placed = await placeWebstoreOrder(db, accountId, store, body, {
        now: ctx.clock(),
        sessionId: sessionOf(accountId, body.idempotency_key),
        stripe: ctx.stripe,
        config,
        log: (message, data) => request.log.warn(data, message),
      });
      if (placed.accountId && placed.id) {
        // The order's organization: a resale's is the supplier's.
        await noticeOrder(ctx, placed.accountId, placed.id, {
          kind: placed.order.status === 'confirmed' ? 'confirmed' : 'requested',
        });
      }
      return reply.status(placed.replayed ? 200 : 201).send(placed.order);
    },
  );

  app.get(
    '/api/order/calendar/',
    {
      config: limited(60),
      schema: {
        tags: ['public booking'],
        summary: 'The bookings of a checkout as an iCal file (the confirmation page’s “Add to calendar”)',
        querystring: orderSessionQuery,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const { filename, content } = await calendarOfCheckout(db, accountId, request.query.session_id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  );

  app.post(
    '/api/recaptcha/',
    {
      config: limited(60),
      schema: {
        tags,
        summary: 'Verify a reCAPTCHA token with the configured service (off when the server has no key)',
        body: recaptchaInput,
        response: { 200: recaptchaResponse, ...errors },
      },
    },
    async (request) => {
      if (!recaptchaConfigured(config)) return { enabled: false, success: false, score: null, checked_at: null };
      const verdict = await verifyRecaptcha(config, request.body.token, request.ip);
      return { enabled: true, ...verdict, checked_at: ctx.clock().toISOString() };
    },
  );
};
