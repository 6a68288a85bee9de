import type { SystemNotification } from '@excursio/contract/accounts';
import type { Paginated } from '@excursio/contract/list';
import { api } from '../../../lib/api/api.ts';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSystemNotifications: build.query<Paginated<SystemNotification>, void>({
      query: () => ({ url: '/system-notifications/', params: { page_size: 10 } }),
      providesTags: ['SystemNotification'],
    }),
    /** Team size: a one-row page of team members carries the total count. */
    getTeamSize: build.query<number, void>({
      query: () => ({ url: '/team-members/', params: { page_size: 1 } }),
      transformResponse: (response: Paginated<unknown>) => response.count,
      providesTags: ['TeamMember'],
    }),
  }),
});

export const { useListSystemNotificationsQuery, useGetTeamSizeQuery } = dashboardApi;
