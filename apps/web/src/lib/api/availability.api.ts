import type { UpcomingSlotsResponse } from '@excursio/contract/availability';
import { api } from './api.ts';

/**
 * What the availability engine says an offer sells, for any screen that shows it (the editor's
 * preview now; the checkout later). The answer changes with the schedule, the rates, the offer and
 * any capacity change, so it is refetched when one of those is invalidated.
 */
export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUpcomingSlots: build.query<UpcomingSlotsResponse, { experience_id: string; limit?: number }>({
      query: (params) => ({ url: '/bookings/upcoming/', params }),
      providesTags: (_r, _e, { experience_id }) => [
        { type: 'Experience', id: experience_id },
        'StartTime',
        'PricingRate',
        'Capacity',
      ],
    }),
  }),
});

export const { useGetUpcomingSlotsQuery } = availabilityApi;
