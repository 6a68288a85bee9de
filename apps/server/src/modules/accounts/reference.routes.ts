import {
  notificationsMarkedRead,
  notificationUnreadCount,
  SUBSCRIPTION_TIER_FILTERS,
  SYSTEM_NOTIFICATION_FILTERS,
  subscriptionTier,
  systemNotification,
  TIER_ORDERING,
} from '@excursio/contract/accounts';
import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import type { FastifyRequest } from 'fastify';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  getNotification,
  getTier,
  listNotificationsPage,
  listTiersPage,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotifications,
} from './reference.service.ts';

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

/** The person whose read state applies; an API key has none (everything reads as unread). */
const readerOf = (request: FastifyRequest) => {
  const principal = principalOf(request);
  return principal.kind === 'user' ? principal.userId : null;
};
const errors = { 403: errorResponse, 404: errorResponse };

export const systemNotificationRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/system-notifications/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary:
          'List current system notifications with your read state (`read_at`); `unread=true` only the ones you have not read',
        querystring: listQuerySchema(SYSTEM_NOTIFICATION_FILTERS),
        response: { 200: paginated(systemNotification) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, ['published_at'] as const, { field: 'published_at', descending: true });
      const { results, count } = await listNotificationsPage(ctx.db, readerOf(request), query, ordering);
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/system-notifications/unread-count/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'How many current system notifications you have not read (the header bell)',
        response: { 200: notificationUnreadCount, ...errors },
      },
    },
    async (request) => unreadNotifications(ctx.db, userPrincipalOf(request).userId),
  );

  app.post(
    '/api/system-notifications/read-all/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Mark every current system notification read for you (other people keep their own state)',
        response: { 200: notificationsMarkedRead, ...errors },
      },
    },
    async (request) => markAllNotificationsRead(ctx.db, userPrincipalOf(request)),
  );

  app.get(
    '/api/system-notifications/:id/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Retrieve a system notification with your read state',
        params: idParams,
        response: { 200: systemNotification },
      },
    },
    async (request) => getNotification(ctx.db, readerOf(request), request.params.id),
  );

  app.post(
    '/api/system-notifications/:id/read/',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Mark a system notification read for you (marking it again keeps the first time)',
        params: idParams,
        response: { 200: systemNotification, ...errors },
      },
    },
    async (request) => markNotificationRead(ctx.db, userPrincipalOf(request), request.params.id),
  );
};
