import type { SystemNotification } from '@excursio/contract/accounts';
import type { Paginated } from '@excursio/contract/list';
import type { OrganizationNotification } from '@excursio/contract/notifications';
import { api } from './api.ts';

/** How often the bell asks for the organization's new notices while a page is open. */
const ORGANIZATION_POLL_MS = 60_000;

/**
 * The header bell's two sources, each with the signed-in person's read state: system notifications
 * (from Excursio to everyone; the dashboard's panel reads the same cache) and the organization's own
 * notices (new bookings, cancellations, resales, failed payments; members who may manage orders).
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
    listOrganizationNotifications: build.query<Paginated<OrganizationNotification>, { page_size?: number }>({
      query: (args) => ({ url: '/notifications/', params: { page_size: args?.page_size ?? 10 } }),
      providesTags: ['OrganizationNotification'],
    }),
    getOrganizationUnreadCount: build.query<number, void>({
      query: () => '/notifications/unread-count/',
      transformResponse: (response: { unread: number }) => response.unread,
      providesTags: ['OrganizationNotification'],
    }),
    markOrganizationNotificationRead: build.mutation<OrganizationNotification, string>({
      query: (id) => ({ url: `/notifications/${id}/read/`, method: 'POST', body: {} }),
      invalidatesTags: ['OrganizationNotification'],
    }),
    markAllOrganizationNotificationsRead: build.mutation<{ marked: number; unread: number }, void>({
      query: () => ({ url: '/notifications/read-all/', method: 'POST', body: {} }),
      invalidatesTags: ['OrganizationNotification'],
    }),
  }),
});

export const {
  useListSystemNotificationsQuery,
  useGetUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useListOrganizationNotificationsQuery,
  useMarkOrganizationNotificationReadMutation,
  useMarkAllOrganizationNotificationsReadMutation,
} = notificationsApi;

/** The organization's unread count for the bell: only for members who may manage orders; polled, and read again on a new page after 30 s. */
export const useOrganizationUnreadCount = (allowed: boolean) =>
  notificationsApi.useGetOrganizationUnreadCountQuery(undefined, {
    skip: !allowed,
    pollingInterval: ORGANIZATION_POLL_MS,
    refetchOnMountOrArgChange: 30,
  });
