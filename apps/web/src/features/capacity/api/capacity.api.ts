import type {
  capacityByDateResponse,
  capacityCalendarResponse,
  capacitySlot,
  closeDayInput,
  closeDayResponse,
  slotOverrideInput,
} from '@excursio/contract/availability';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';

export type CapacityCalendar = z.infer<typeof capacityCalendarResponse>;
export type CapacityDay = CapacityCalendar['days'][number];
export type CapacitySlot = z.infer<typeof capacitySlot>;
export type CapacityByDate = z.infer<typeof capacityByDateResponse>;
export type SlotOverride = z.input<typeof slotOverrideInput>;
export type CloseDay = z.input<typeof closeDayInput>;

export type CalendarArgs = { month: number; year: number; experience_id?: string };
export type ByDateArgs = Record<string, string | number> & { date: string };

/** What a slot or a day shows follows the schedule, the rates and the offers too. */
const READ_TAGS = ['Capacity', 'StartTime', 'PricingRate', 'Experience'] as const;

export const capacityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCapacityCalendar: build.query<CapacityCalendar, CalendarArgs>({
      query: (params) => ({ url: '/capacity/calendar/', params }),
      providesTags: [...READ_TAGS],
    }),
    listCapacityByDate: build.query<CapacityByDate, ByDateArgs>({
      query: (params) => ({ url: '/capacity/by-date/', params }),
      providesTags: [...READ_TAGS],
    }),
    /** Close, reopen or annotate one slot; a refusal is toasted. */
    updateSlot: build.mutation<CapacitySlot, SlotOverride>({
      query: (body) => ({ url: '/capacity/slots/', method: 'PATCH', body }),
      invalidatesTags: ['Capacity'],
    }),
    /**
     * A slot's capacity: not toasted, because a capacity below what is booked or held (409) is a
     * question to the operator ("Set anyway"), not an error. The modal reports the rest itself.
     */
    changeSlotCapacity: build.mutation<CapacitySlot, SlotOverride>({
      query: (body) => ({ url: '/capacity/slots/', method: 'PATCH', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Capacity'],
    }),
    /** Closes or reopens an offer's day; the day's note is its own (the slots' notes stay). */
    closeDay: build.mutation<z.infer<typeof closeDayResponse>, CloseDay>({
      query: (body) => ({ url: '/capacity/close-day/', method: 'POST', body }),
      invalidatesTags: ['Capacity'],
    }),
  }),
});

export const {
  useGetCapacityCalendarQuery,
  useListCapacityByDateQuery,
  useUpdateSlotMutation,
  useChangeSlotCapacityMutation,
  useCloseDayMutation,
} = capacityApi;
