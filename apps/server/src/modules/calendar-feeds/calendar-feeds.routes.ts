import { calendarFeed, calendarFeedCreated, calendarFeedInput } from '@excursio/contract/calendar-feeds';
import { idParams } from '@excursio/contract/common';
import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { createFeed, feedCalendar, listFeeds, revokeCalendarFeed } from './calendar-feeds.service.ts';

const tags = ['calendar-feeds'];
/** The departures calendar is the operations' view: 'Manage orders', feature `orders`. */
const manageFeeds = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export const calendarFeedRoutes = (app: Api, ctx: AppContext) => {
  const { db, config } = ctx;
  const originOf = (subdomain: string | null) =>
    `${config.APP_PROTOCOL}://${subdomain ? `${subdomain}.` : ''}${config.APP_DOMAIN}`;

  app.get(
    '/api/calendar-feeds/',
    {
      config: manageFeeds,
      schema: {
        tags,
        summary: "The organization's live calendar feeds (their addresses are shown only when made)",
        response: { 200: z.array(calendarFeed), ...errors },
      },
    },
    async (request) => listFeeds(db, principalOf(request).accountId),
  );

  app.post(
    '/api/calendar-feeds/',
    {
      config: manageFeeds,
      schema: {
        tags,
        summary:
          'A secret iCal address for the organization’s departures (`experience_id` null) or one offer’s; the scope’s ' +
          'previous address stops working',
        body: calendarFeedInput,
        response: { 201: calendarFeedCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createFeed(db, principalOf(request).accountId, request.body.experience_id, {
        origin: originOf(request.subdomain),
        now: ctx.clock(),
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/calendar-feeds/:id/',
    {
      config: manageFeeds,
      schema: {
        tags,
        summary: 'Revoke a calendar feed: its address answers 404 from now on',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeCalendarFeed(db, principalOf(request).accountId, request.params.id, ctx.clock());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/calendar-feeds/:token/feed.ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The calendar (text/calendar, RFC 5545) of a feed’s secret address, on its organization’s address: one event per ' +
          'departure with bookings (last 30 days, coming year), with the booked counts',
        params: z.strictObject({ token: z.string().max(100) }),
        response: { 200: z.any().describe('text/calendar'), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const body = await feedCalendar(db, accountId, request.params.token, ctx.clock());
      if (body === null) throw notFound('There is no calendar at this address.');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="departures.ics"')
        .send(body);
    },
  );
};
