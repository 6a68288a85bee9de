import type { Paginated } from '@excursio/contract/list';
import type { Resale, ResaleDetail, ResaleFilterOptions } from '@excursio/contract/partners';
import { api } from '../../lib/api/api.ts';
import type { ListArgs } from '../../lib/api/catalog.api.ts';

/**
 * Resales (`/api/resales/`): orders sold by a reseller for a supplier, seen from either side.
 * Cancelling one gives its places back and changes the supplier's order and the statements.
 */
export const resalesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listResales: build.query<Paginated<Resale>, ListArgs>({
      query: (params) => ({ url: '/resales/', params }),
      providesTags: ['Resale'],
    }),
    getResaleFilterOptions: build.query<ResaleFilterOptions, void>({
      query: () => '/resales/filter-options/',
      providesTags: ['Resale', 'Partner'],
    }),
    getResale: build.query<ResaleDetail, string>({
      query: (id) => `/resales/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Resale', id }],
    }),
    cancelResale: build.mutation<{ resale: ResaleDetail; proposed_refund: number }, string>({
      query: (id) => ({ url: `/resales/${id}/cancel/`, method: 'POST', body: {} }),
      invalidatesTags: (r, _e, id) => (r ? ['Resale', { type: 'Resale', id }, 'Order', 'Booking', 'Capacity'] : []),
    }),
  }),
});

export const { useListResalesQuery, useGetResaleFilterOptionsQuery, useGetResaleQuery, useCancelResaleMutation } = resalesApi;
