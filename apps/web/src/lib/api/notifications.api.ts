import type { SystemNotification } from '@excursio/contract/accounts';
import type { Paginated } from '@excursio/contract/list';
import { api } from './api.ts';

/**
 * System notifications with the signed-in person's read state: the header bell (count, list) and the
 * dashboard's panel read the same cache, so marking read in one updates the other.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSystemNotifications: build.query<Paginated<SystemNotification>, { page_size?: number; unread?: boolean }>({
      query: (args) => ({
        url: '/system-notifications/',
        params: { page_size: args?.page_size ?? 10, ...(args?.unread ? { unread: 'true' } : {}) },
      }),
      providesTags: ['SystemNotification'],
    }),
    getUnreadNotificationCount: build.query<number, void>({
      query: () => '/system-notifications/unread-count/',
      transformResponse: (response: { unread: number }) => response.unread,
      providesTags: ['SystemNotification'],
    }),
    markNotificationRead: build.mutation<SystemNotification, string>({
      query: (id) => ({ url: `/system-notifications/${id}/read/`, method: 'POST', body: {} }),
      invalidatesTags: ['SystemNotification'],
    }),
    markAllNotificationsRead: build.mutation<{ marked: number; unread: number }, void>({
      query: () => ({ url: '/system-notifications/read-all/', method: 'POST', body: {} }),
      invalidatesTags: ['SystemNotification'],
    }),
  }),
});

export const {
  useListSystemNotificationsQuery,
  useGetUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
