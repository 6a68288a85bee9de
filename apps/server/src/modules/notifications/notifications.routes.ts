import { notificationsMarkedRead, notificationUnreadCount } from '@excursio/contract/accounts';
import { idParams } from '@excursio/contract/common';
import { errorResponse, paginated } from '@excursio/contract/list';
import {
  NOTIFICATION_KINDS,
  notificationPreferences,
  notificationPreferencesInput,
  ORGANIZATION_NOTIFICATION_FILTERS,
  organizationNotification,
} from '@excursio/contract/notifications';
import { userPrincipalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  getPreferences,
  listNoticesPage,
  readAllNotices,
  readNotice,
  setPreferences,
  unreadNoticeCount,
} from './notifications.service.ts';

// The organization's notices are about orders: members who may manage orders read them (each with
// their own read state: a person, never an API key).
const manageOrders = { access: { permissions: ['Manage orders'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const TAGS = ['notifications'];

export const organizationNotificationRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  app.get(
    '/api/notifications/',
    {
      config: manageOrders,
      schema: {
        tags: TAGS,
        summary:
          "Your organization's notices (new bookings, cancellations, resales, failed payments), newest first, with your read state",
        querystring: listQuerySchema(ORGANIZATION_NOTIFICATION_FILTERS),
        response: { 200: paginated(organizationNotification), ...errors },
      },
    },
    async (request) => {
      const caller = userPrincipalOf(request);
      const query = request.query;
      const ordering = orderingOf(query.ordering, ['created_at'] as const, { field: 'created_at', descending: true });
      const { results, count } = await listNoticesPage(db, caller, {
        unread: query.unread === undefined ? undefined : query.unread === 'true',
        kind: query.kind,
        descending: ordering.descending,
        ...pageWindow(query),
      });
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/notifications/unread-count/',
    {
      config: manageOrders,
      schema: {
        tags: TAGS,
        summary: "How many of your organization's notices you have not read (the header bell)",
        response: { 200: notificationUnreadCount, ...errors },
      },
    },
    async (request) => unreadNoticeCount(db, userPrincipalOf(request)),
  );

  app.post(
    '/api/notifications/read-all/',
    {
      config: manageOrders,
      schema: {
        tags: TAGS,
        summary: 'Mark every notice of your organization read for you (your colleagues keep their own state)',
        response: { 200: notificationsMarkedRead, ...errors },
      },
    },
    async (request) => readAllNotices(db, userPrincipalOf(request)),
  );

  app.post(
    '/api/notifications/:id/read/',
    {
      config: manageOrders,
      schema: {
        tags: TAGS,
        summary: 'Mark one notice read for you (marking it again keeps the first time)',
        params: idParams,
        response: { 200: organizationNotification, ...errors },
      },
    },
    async (request) => readNotice(db, userPrincipalOf(request), request.params.id),
  );
};

export const notificationPreferenceRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const authenticated = { access: 'authenticated' as const };
  app.get(
    '/api/notification-preferences/',
    {
      config: authenticated,
      schema: {
        tags: TAGS,
        summary: `Which notices you get by mail (${NOTIFICATION_KINDS.join(', ')}), and whether you get them at all`,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => getPreferences(db, userPrincipalOf(request)),
  );

  app.put(
    '/api/notification-preferences/',
    {
      config: authenticated,
      schema: {
        tags: TAGS,
        summary: 'Choose which notices you get by mail: every kind on or off (the header bell always shows them all)',
        body: notificationPreferencesInput,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => setPreferences(db, userPrincipalOf(request), request.body),
  );
};
