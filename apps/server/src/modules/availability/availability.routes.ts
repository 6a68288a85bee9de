import {
  bookingConfigQuery,
  bookingConfigResponse,
  CAPACITY_BY_DATE_ORDERING,
  capacityByDateQuery,
  capacityByDateResponse,
  capacityCalendarQuery,
  capacityCalendarResponse,
  capacitySlot,
  checkAvailabilityQuery,
  checkAvailabilityResponse,
  closeDayInput,
  closeDayResponse,
  slotOverrideInput,
  upcomingSlotsQuery,
  upcomingSlotsResponse,
} from '@excursio/contract/availability';
import { errorResponse } from '@excursio/contract/list';
import { authorized, readAccountOf } from '../../http/access.ts';
import { orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { sellerOfOffer } from '../partners/partners.service.ts';
import { bookingConfig, checkAvailability, upcomingSlots } from './availability.service.ts';
import { capacityByDate, capacityCalendar, closeDay, overrideSlot } from './capacity.service.ts';

/** Reading availability: the catalog's readers or whoever takes orders. Changing it: the catalog's managers. */
const read = {
  access: { permissions: ['View experiences', 'Manage orders'], anyPermission: true, features: ['bookings'] },
  readAhead: true,
} as const;
const manage = { access: { permissions: ['Manage experiences'], features: ['bookings'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export const availabilityRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  // A reseller checking a partner's offer reads the supplier's engine, within its allocation.
  const sellerOf = (accountId: string, experienceId: string) => sellerOfOffer(db, accountId, experienceId);
  app.get(
    '/api/bookings/check-availability/',
    {
      config: read,
      schema: {
        tags: ['bookings'],
        summary:
          'The slots of a date with their remaining places; with `pricing_options` (participants per pricing category) ' +
          'whether the party fits and its price per slot, computed here',
        querystring: checkAvailabilityQuery,
        response: { 200: checkAvailabilityResponse, ...errors },
      },
    },
    async (request) =>
      authorized(
        request,
        sellerOf(readAccountOf(request), request.query.experience_id).then(({ owner, partnership }) =>
          checkAvailability(db, owner, request.query, ctx.clock(), partnership),
        ),
      ),
  );

  app.get(
    '/api/bookings/config/',
    {
      config: read,
      schema: {
        tags: ['bookings'],
        summary: 'What a date picker needs for a month: bookable days, the rates that sell, cut-off and party limits',
        querystring: bookingConfigQuery,
        response: { 200: bookingConfigResponse, ...errors },
      },
    },
    async (request) =>
      authorized(
        request,
        sellerOf(readAccountOf(request), request.query.experience_id).then(({ owner }) =>
          bookingConfig(db, owner, request.query, ctx.clock()),
        ),
      ),
  );

  app.get(
    '/api/bookings/upcoming/',
    {
      config: read,
      schema: {
        tags: ['bookings'],
        summary: 'The next bookable starts of an offer (for a Draft: what it would sell once Active)',
        querystring: upcomingSlotsQuery,
        response: { 200: upcomingSlotsResponse, ...errors },
      },
    },
    async (request) =>
      authorized(
        request,
        upcomingSlots(db, readAccountOf(request), request.query.experience_id, request.query.limit, ctx.clock()),
      ),
  );

  app.get(
    '/api/capacity/calendar/',
    {
      config: read,
      schema: {
        tags: ['capacity'],
        summary: "Per-day capacity, places booked and held across the account's Active offers (or one offer) for a month",
        querystring: capacityCalendarQuery,
        response: { 200: capacityCalendarResponse, ...errors },
      },
    },
    async (request) => authorized(request, capacityCalendar(db, readAccountOf(request), request.query, ctx.clock())),
  );

  app.get(
    '/api/capacity/by-date/',
    {
      config: read,
      schema: {
        tags: ['capacity'],
        summary:
          "The slots of one day with capacity, booked, held, available, closed flag and the slot's note (paged), and the " +
          'day notes of the offers in view',
        querystring: capacityByDateQuery,
        response: { 200: capacityByDateResponse, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, CAPACITY_BY_DATE_ORDERING, { field: 'starts_at', descending: false });
      const { results, count, dayNotes } = await authorized(
        request,
        capacityByDate(db, readAccountOf(request), { ...query, ordering, ...pageWindow(query) }, ctx.clock()),
      );
      return { ...paginate(request, query, results, count), day_notes: dayNotes };
    },
  );

  app.patch(
    '/api/capacity/slots/',
    {
      config: manage,
      schema: {
        tags: ['capacity'],
        summary:
          'Override one slot: close or reopen it, set its capacity (null = the schedule’s; below what is booked or held ' +
          'only with `force`), a note for staff',
        body: slotOverrideInput,
        response: { 200: capacitySlot, 409: errorResponse, ...errors },
      },
    },
    async (request) => overrideSlot(db, readAccountOf(request), request.body, ctx.clock()),
  );

  app.post(
    '/api/capacity/close-day/',
    {
      config: manage,
      schema: {
        tags: ['capacity'],
        summary:
          'Close (weather, a holiday) or reopen every start of an offer on a date. `note` is the day’s own note (set when ' +
          'closing, removed when reopening); the slots’ own notes are never changed',
        body: closeDayInput,
        response: { 200: closeDayResponse, ...errors },
      },
    },
    async (request) => closeDay(db, readAccountOf(request), request.body, ctx.clock()),
  );
};
