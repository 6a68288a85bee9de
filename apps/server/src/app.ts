import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccess, requireAccessDeclaration } from './http/access.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerOpenApi, schemaRoutes } from './http/openapi.ts';
import { registerRateLimits, registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { registerTenancy } from './http/tenancy.ts';
import type { AppContext } from './http/types.ts';
import type { Mailer } from './integrations/mail.ts';
import { baseAccountRoutes } from './modules/accounts/base-accounts.routes.ts';
import { subscriptionTierRoutes, systemNotificationRoutes } from './modules/accounts/reference.routes.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthenticate } from './modules/auth/authenticate.ts';
import { createJwt } from './modules/auth/jwt.ts';
import { listPermissionSets } from './modules/auth/principal.repository.ts';
import { usersRoutes } from './modules/auth/users.routes.ts';
import { cancellationPolicyRoutes } from './modules/booking-info/cancellation-policies.routes.ts';
import { meetingPointRoutes } from './modules/booking-info/meeting-points.routes.ts';
import { agendaItemRoutes, bookingQuestionRoutes } from './modules/booking-info/per-experience.routes.ts';
import { experienceOptionsRoutes, experienceRoutes } from './modules/experiences/experiences.routes.ts';
import { startTimeRoutes } from './modules/experiences/start-times.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { experienceInventoryRoutes } from './modules/inventory/experience-inventory.routes.ts';
import { inventoryCategoryRoutes, inventoryTagRoutes } from './modules/inventory/inventory-groups.routes.ts';
import { inventoryItemRoutes } from './modules/inventory/inventory-items.routes.ts';
import { locationRoutes } from './modules/location/location.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { videoRoutes } from './modules/media/videos.routes.ts';
import { pricingCategoryRoutes } from './modules/pricing/pricing-categories.routes.ts';
import { pricingRateRoutes } from './modules/pricing/pricing-rates.routes.ts';
import { appInfoRoutes, roleRoutes } from './modules/team/roles.routes.ts';
import { teamMemberRoutes } from './modules/team/team-members.routes.ts';

export type AppDeps = { config: Config; database: Database; mailer: Mailer; logger?: FastifyBaseLogger };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export const buildApp = async (deps: AppDeps) => {
  const { config, database, mailer } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const jwt = createJwt(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_S);
  const ctx: AppContext = { config, database, db: database.db, mailer, jwt };

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await registerRateLimits(app, config);
  registerTenancy(app, config);
  registerCsrf(app, config.APP_PROTOCOL);
  let appInfoCache: Awaited<ReturnType<typeof listPermissionSets>> | undefined;
  registerAccess(app, {
    authenticate: createAuthenticate(database.db, jwt, config),
    appInfo: async () => {
      // Permission sets are global reference data, seeded before the app starts.
      appInfoCache ??= await listPermissionSets(database.db);
      return { permission_sets: appInfoCache };
    },
  });
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
  });

  await registerSpa(app, config.WEB_DIST);
  return app;
};
