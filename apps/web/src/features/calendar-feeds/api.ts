import type { CalendarFeed, CalendarFeedCreated, CalendarFeedInput } from '@excursio/contract/calendar-feeds';
import { api } from '../../lib/api/api.ts';

export const calendarFeedsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCalendarFeeds: build.query<CalendarFeed[], void>({
      query: () => ({ url: '/calendar-feeds/' }),
      providesTags: ['CalendarFeed'],
    }),
    createCalendarFeed: build.mutation<CalendarFeedCreated, CalendarFeedInput>({
      query: (body) => ({ url: '/calendar-feeds/', method: 'POST', body }),
      invalidatesTags: ['CalendarFeed'],
    }),
    revokeCalendarFeed: build.mutation<void, string>({
      query: (id) => ({ url: `/calendar-feeds/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['CalendarFeed'],
    }),
  }),
});

export const { useListCalendarFeedsQuery, useCreateCalendarFeedMutation, useRevokeCalendarFeedMutation } = calendarFeedsApi;
