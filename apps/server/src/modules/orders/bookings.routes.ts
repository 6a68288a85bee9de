import {
  BOOKINGS_BY_DATE_ORDERING,
  bookingListItem,
  bookingPatchInput,
  bookingsByDateFilters,
  bookingsCalendarQuery,
  bookingsCalendarResponse,
} from '@excursio/contract/bookings';
import { errorResponse, paginated } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { bookingsCalendar, bookingsOfDayPage, markAttendance } from './bookings.service.ts';

const tags = ['bookings'];
const manageOrders = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The bookings sold through orders: a day's manifest, a month's counts, attendance. */
export const bookingRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/bookings/by-date/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "A day's bookings (by the start's local date): status Confirmed / In progress / Completed at the app's clock, or Canceled; attendance",
        querystring: listQuerySchema(bookingsByDateFilters),
        response: { 200: paginated(bookingListItem), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, BOOKINGS_BY_DATE_ORDERING, { field: 'starts_at', descending: false });
      const window = { ...query, ordering, ...pageWindow(query), now: ctx.clock() };
      const { results, count } = await bookingsOfDayPage(db, principalOf(request).accountId, window);
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/bookings/calendar/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: 'Per day of a month: bookings not canceled, their participants and how many arrived',
        querystring: bookingsCalendarQuery,
        response: { 200: bookingsCalendarResponse, ...errors },
      },
    },
    async (request) => bookingsCalendar(db, principalOf(request).accountId, request.query.month, request.query.year),
  );

  app.patch(
    '/api/bookings/:id/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "Set a booking's attendance: Open, Arrived or No show",
        params: z.strictObject({ id: z.uuid() }),
        body: bookingPatchInput,
        response: { 200: bookingListItem, ...errors },
      },
    },
    async (request) =>
      markAttendance(db, principalOf(request).accountId, request.params.id, request.body.attendance_status, ctx.clock()),
  );
};
