import type { BookingConfigResponse, CheckAvailabilityResponse, UpcomingSlotsResponse } from '@excursio/contract/availability';
import { api } from './api.ts';

/**
 * What the availability engine says an offer sells, for any screen that shows it (the editor's
 * preview, the back-office checkout). The answer changes with the schedule, the rates, the offer and
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
    /** A month of an offer: its bookable days and the rates with their prices. */
    getBookingConfig: build.query<BookingConfigResponse, { experience_id: string; month: number; year: number }>({
      query: (params) => ({ url: '/bookings/config/', params }),
      providesTags: ['StartTime', 'PricingRate', 'Capacity', 'Cart'],
    }),
    /** A day's slots with places left and the party's price (server-computed) on each. */
    checkAvailability: build.query<
      CheckAvailabilityResponse,
      { experience_id: string; date_from: string; rate_id?: string; pricing_options?: string; cart_line_id?: string }
    >({
      query: (params) => ({ url: '/bookings/check-availability/', params }),
      providesTags: ['StartTime', 'PricingRate', 'Capacity', 'Cart'],
    }),
  }),
});

export const { useGetUpcomingSlotsQuery, useGetBookingConfigQuery, useCheckAvailabilityQuery } = availabilityApi;
