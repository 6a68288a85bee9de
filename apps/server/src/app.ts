import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createAnnouncedCache, registerAnnouncedCache } from './db/announced-cache.ts';
import type { Database } from './db/client.ts';
import { registerAccess, requireAccessDeclaration } from './http/access.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerOpenApi, schemaRoutes } from './http/openapi.ts';
import { connectRedis, registerRateLimits, registerSecurityHeaders, securityHeaders } from './http/security.ts';
import { compiledSerializer } from './http/serializer.ts';
import { registerSpa } from './http/spa.ts';
import { registerTenancy } from './http/tenancy.ts';
import { registerTextGuard } from './http/text-guard.ts';
import type { AppContext } from './http/types.ts';
import type { Mailer } from './integrations/mail.ts';
import { createStripe } from './integrations/payments/stripe-client.ts';
import { type Background, createBackground } from './jobs/background.ts';
import { createInProcessQueue, createPgBossQueue, type JobQueue } from './jobs/queue.ts';
import { baseAccountRoutes } from './modules/accounts/base-accounts.routes.ts';
import { subscriptionTierRoutes, systemNotificationRoutes } from './modules/accounts/reference.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createKeyCallers } from './modules/api-keys/key-callers.ts';
import { looksLikeApiKey } from './modules/api-keys/secrets.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuditContext } from './modules/audit/audit-context.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accessTokenOf } from './modules/auth/cookies.ts';
import { createJwt } from './modules/auth/jwt.ts';
import { loadPrincipal, permissionSetsOf } from './modules/auth/principal.repository.ts';
import { createPrincipalCache } from './modules/auth/principal-cache.ts';
import { createSignInGuard } from './modules/auth/sign-in-guard.ts';
import { usersRoutes } from './modules/auth/users.routes.ts';
import { CATALOG_CHANNEL } from './modules/availability/availability.repository.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { publicBookingRoutes } from './modules/availability/public-booking.routes.ts';
import { cancellationPolicyRoutes } from './modules/booking-info/cancellation-policies.routes.ts';
import { meetingPointRoutes } from './modules/booking-info/meeting-points.routes.ts';
import { agendaItemRoutes, bookingQuestionRoutes } from './modules/booking-info/per-experience.routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/calendar-feeds.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkInRoutes } from './modules/check-in/check-in.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { experienceOptionsRoutes, experienceRoutes } from './modules/experiences/experiences.routes.ts';
import { startTimeRoutes } from './modules/experiences/start-times.routes.ts';
import { exportRoutes } from './modules/exports/exports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { experienceInventoryRoutes } from './modules/inventory/experience-inventory.routes.ts';
import { inventoryCategoryRoutes, inventoryTagRoutes } from './modules/inventory/inventory-groups.routes.ts';
import { inventoryItemRoutes } from './modules/inventory/inventory-items.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { locationRoutes } from './modules/location/location.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { videoRoutes } from './modules/media/videos.routes.ts';
import { registerMessageJobs } from './modules/messages/message-jobs.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { registerNotificationJobs } from './modules/notifications/notification-jobs.ts';
import { notificationPreferenceRoutes, organizationNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { bookingRoutes } from './modules/orders/bookings.routes.ts';
import { orderLineRoutes } from './modules/orders/order-lines.routes.ts';
import { registerOrderNoticeJobs } from './modules/orders/order-notice-jobs.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { partnerRoutes } from './modules/partners/partners.routes.ts';
import { cardCheckoutRoutes } from './modules/payments/card-checkout.routes.ts';
import { connectRoutes } from './modules/payments/connect.routes.ts';
import { connectEventHandlers } from './modules/payments/connect.service.ts';
import { paymentEventHandlers } from './modules/payments/payment-events.ts';
import { webhookRoutes } from './modules/payments/webhook.routes.ts';
import {
  createWebhookReceiver,
  type EventHandlers,
  mergeEventHandlers,
  type WebhookReceiver,
} from './modules/payments/webhooks.service.ts';
import { pricingCategoryRoutes } from './modules/pricing/pricing-categories.routes.ts';
import { pricingRateRoutes } from './modules/pricing/pricing-rates.routes.ts';
import { productConfigurationRoutes } from './modules/product-configuration/product-configuration.routes.ts';
import { orderTicketRoutes } from './modules/qr-codes/order-tickets.routes.ts';
import { qrCodeRoutes } from './modules/qr-codes/qr-codes.routes.ts';
import { shortCodeRoutes } from './modules/qr-codes/short-codes.routes.ts';
import { resaleRoutes } from './modules/resales/resales.routes.ts';
import { storeRoutes } from './modules/stores/stores.routes.ts';
import { startGraceSweep } from './modules/subscription/grace-sweep.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { subscriptionEventHandlers } from './modules/subscription/subscription-events.ts';
import { appInfoRoutes, roleRoutes } from './modules/team/roles.routes.ts';
import { teamMemberRoutes } from './modules/team/team-members.routes.ts';
import { testModeRoutes } from './modules/test-mode/test-mode.routes.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/delivery.service.ts';
import { webhookEndpointRoutes } from './modules/webhooks/webhooks.routes.ts';
import { webstoreRoutes } from './modules/webstore/webstore.routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger?: FastifyBaseLogger;
  /** After-response work; tests pass their own to wait for it. */
  background?: Background;
  /** Defaults to the system clock; tests pass one they can move. */
  clock?: () => Date;
  /** The job queue; by default pg-boss on PostgreSQL, the in-process runner on PGlite (see jobs/queue.ts). */
  jobs?: JobQueue;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once access and catalog changes committed so far apply to this instance's requests. */
    accessSynced: () => Promise<void>;
    /** The outbox worker of integrators' webhooks (tests sweep it themselves). */
    webhookWorker: WebhookWorker;
    /** The job queue (customer messages); started when the app is ready unless JOBS=off. */
    jobs: JobQueue;
  }
}

/**
 * Every provider event the product acts on, by type (each area's handlers; each leaves alone what
 * is not its own, e.g. a subscription's checkout session for the card checkout's handler).
 */
const eventHandlers = (ctx: AppContext, log: (message: string, data: object) => void): EventHandlers =>
  mergeEventHandlers(connectEventHandlers(ctx), subscriptionEventHandlers(ctx), paymentEventHandlers(ctx, log));

export const buildApp = async (deps: AppDeps) => {
  const { config, database, mailer } = deps;
  const headers = securityHeaders(config);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed escape, an over-long id) run no hooks: answer them
    // here in the error shape, with the security headers every other response carries.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply.headers(headers);
      return reply.status(tooLong ? 414 : 400).send({
        type: tooLong ? 'client_error' : 'validation_error',
        errors: [
          {
            code: tooLong ? 'uri_too_long' : 'bad_url',
            detail: tooLong ? 'A part of the address is too long.' : 'The address is not valid.',
            attr: null,
          },
        ],
      });
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializer);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const jwt = createJwt(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_S);
  const redis = await connectRedis(config);
  const background = deps.background ?? createBackground(deps.logger);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    jwt,
    background,
    jobs: null as unknown as JobQueue,
    signInGuard: createSignInGuard(config, redis),
    clock: deps.clock ?? (() => new Date()),
    stripe: config.PAYMENT_PROVIDER === 'stripe' ? createStripe(config) : null,
    webhooks: null as unknown as WebhookReceiver,
    webhookWorker: null as unknown as WebhookWorker,
  };
  ctx.webhookWorker = createWebhookWorker({ db: database.db, config, mailer, clock: ctx.clock, log: app.log });
  ctx.webhookWorker.start(config.WEBHOOK_SWEEP_MS);
  app.decorate('webhookWorker', ctx.webhookWorker);
  // Event handlers need the context; the context carries the receiver: built second.
  ctx.webhooks = createWebhookReceiver({
    db: database.db,
    config,
    handlers: eventHandlers(ctx, (message, data) => app.log.warn(data, message)),
    clock: ctx.clock,
    log: (message, data) => app.log.warn(data, message),
  });
  const stopGraceSweep = startGraceSweep(ctx, app.log);
  const jobs =
    deps.jobs ??
    (config.DATABASE_URL && config.JOBS !== 'off'
      ? createPgBossQueue({
          connectionString: config.DATABASE_URL,
          log: app.log,
          pollingSeconds: config.JOBS_POLL_SECONDS,
          retrySeconds: config.JOBS_RETRY_SECONDS,
          schema: config.JOBS_SCHEMA,
        })
      : createInProcessQueue({
          everyMs: config.JOBS_SWEEP_SECONDS * 1000,
          retryMs: config.JOBS_RETRY_SECONDS * 1000,
          log: app.log,
        }));
  registerMessageJobs(jobs, ctx, app.log);
  registerNotificationJobs(jobs, ctx, app.log);
  registerOrderNoticeJobs(jobs, ctx, app.log);
  ctx.jobs = jobs;
  app.decorate('jobs', jobs);
  if (config.JOBS !== 'off') app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await stopGraceSweep();
    await ctx.webhookWorker.stop();
    await background.idle();
    await redis?.quit();
  });

  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, headers);
  await app.register(cookie);
  await registerRateLimits(app, config, redis);
  registerTenancy(app, config);
  registerCsrf(app, config.APP_PROTOCOL);
  const principals = await createPrincipalCache(database, (claims) => loadPrincipal(database.db, claims.sub, claims.acc));
  const catalog = await createAnnouncedCache(database, CATALOG_CHANNEL);
  registerAnnouncedCache(database.db, CATALOG_CHANNEL, catalog);
  const synced = () => Promise.all([principals.barrier(), catalog.barrier()]).then(() => undefined);
  app.addHook('onClose', () => Promise.all([principals.close(), catalog.close()]));
  app.decorate('accessSynced', synced);
  // A change this request made (who may do what, what an offer sells) applies to the next request:
  // wait until the database's announcement of it has come back before answering (announced-cache.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    // Only signed-in callers change those (public routes create nothing already cached).
    if (request.principal && !SAFE_METHODS.has(request.method) && reply.statusCode < 400) await synced();
    return payload;
  });
  const keys = createKeyCallers({ db: database.db, cache: principals, background, clock: ctx.clock });
  registerAccess(app, {
    credentials: (request) => {
      // An API key counts only as `Authorization: Bearer exc_live_…`, never from a cookie.
      const header = request.headers.authorization;
      const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      if (bearer && looksLikeApiKey(bearer)) return { kind: 'api_key', secret: bearer };
      const token = accessTokenOf(request, config);
      const claims = token && !looksLikeApiKey(token) ? jwt.verifyAccess(token) : null;
      return claims ? { kind: 'token', claims } : null;
    },
    principal: (credentials) =>
      credentials.kind === 'token' ? principals.get(credentials.claims) : keys.principal(credentials.secret),
    appInfo: async () => ({ permission_sets: await permissionSetsOf(database.db) }),
    refusal: (credentials) => (credentials.kind === 'api_key' ? keys.refusal(credentials.secret) : Promise.resolve(null)),
    authenticated: keys.used,
  });
  registerTextGuard(app);
  registerAuditContext(app);
  await registerOpenApi(app);

  // Every API route lives in this scope, where a route without an access declaration is fatal.
  await app.register(async (api) => {
    api.addHook('onRoute', requireAccessDeclaration);
    healthRoutes(api, ctx);
    schemaRoutes(api);
    authRoutes(api, ctx);
    accountRoutes(api, ctx);
    usersRoutes(api, ctx);
    appInfoRoutes(api, ctx);
    roleRoutes(api, ctx);
    teamMemberRoutes(api, ctx);
    baseAccountRoutes(api, ctx);
    subscriptionTierRoutes(api, ctx);
    systemNotificationRoutes(api, ctx);
    mediaRoutes(api, ctx);
    videoRoutes(api, ctx);
    locationRoutes(api, ctx);
    meetingPointRoutes(api, ctx);
    cancellationPolicyRoutes(api, ctx);
    bookingQuestionRoutes(api, ctx);
    agendaItemRoutes(api, ctx);
    experienceRoutes(api, ctx);
    experienceOptionsRoutes(api);
    startTimeRoutes(api, ctx);
    pricingCategoryRoutes(api, ctx);
    pricingRateRoutes(api, ctx);
    inventoryItemRoutes(api, ctx);
    inventoryCategoryRoutes(api, ctx);
    inventoryTagRoutes(api, ctx);
    experienceInventoryRoutes(api, ctx);
    availabilityRoutes(api, ctx);
    publicBookingRoutes(api, ctx);
    orderRoutes(api, ctx);
    orderLineRoutes(api, ctx);
    invoiceRoutes(api, ctx);
    cartRoutes(api, ctx);
    bookingRoutes(api, ctx);
    customerRoutes(api, ctx);
    storeRoutes(api, ctx);
    partnerRoutes(api, ctx);
    resaleRoutes(api, ctx);
    webstoreRoutes(api, ctx);
    ticketRoutes(api, ctx);
    qrCodeRoutes(api, ctx);
    analyticsRoutes(api, ctx);
    shortCodeRoutes(api, ctx);
    checkInRoutes(api, ctx);
    orderTicketRoutes(api, ctx);
    connectRoutes(api, ctx);
    subscriptionRoutes(api, ctx);
    testModeRoutes(api, ctx);
    apiKeyRoutes(api, ctx);
    productConfigurationRoutes(api, ctx);
    messageRoutes(api, ctx);
    organizationNotificationRoutes(api, ctx);
    notificationPreferenceRoutes(api, ctx);
    homeRoutes(api, ctx);
    auditRoutes(api, ctx);
    webhookEndpointRoutes(api, ctx);
    exportRoutes(api, ctx);
    calendarFeedRoutes(api, ctx);
    await webhookRoutes(api, ctx.webhooks);
    cardCheckoutRoutes(api, ctx);
  });

  await registerSpa(app, config.WEB_DIST);
  return app;
};
