import { SUBSCRIPTION_TIER_FILTERS, subscriptionTier, systemNotification, TIER_ORDERING } from '@excursio/contract/accounts';
import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { getNotification, getTier, listNotificationsPage, listTiersPage } from './reference.service.ts';

const authenticated = { access: 'authenticated' as const };

export const subscriptionTierRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/subscription-tiers/',
    {
      config: authenticated,
      schema: {
        tags: ['subscription'],
        summary: 'List subscription plans',
        querystring: listQuerySchema(SUBSCRIPTION_TIER_FILTERS),
        response: { 200: paginated(subscriptionTier) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = query.ordering
        ? orderingOf(query.ordering, TIER_ORDERING, { field: 'price_minor', descending: false })
        : undefined;
      const { results, count } = await listTiersPage(ctx.db, query, ordering);
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/subscription-tiers/:id/',
    {
      config: authenticated,
      schema: {
        tags: ['subscription'],
        summary: 'Retrieve a subscription plan',
        params: idParams,
        response: { 200: subscriptionTier },
      },
    },
    async (request) => getTier(ctx.db, request.params.id),
  );
};

export const systemNotificationRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/system-notifications/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'List current system notifications',
        querystring: listQuerySchema(),
        response: { 200: paginated(systemNotification) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, ['published_at'] as const, { field: 'published_at', descending: true });
      const { results, count } = await listNotificationsPage(ctx.db, query, ordering);
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/system-notifications/:id/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Retrieve a system notification',
        params: idParams,
        response: { 200: systemNotification },
      },
    },
    async (request) => getNotification(ctx.db, request.params.id),
  );
};
