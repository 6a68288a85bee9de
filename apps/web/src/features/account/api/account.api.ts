import type { NotificationPreferences, NotificationPreferencesInput } from '@excursio/contract/notifications';
import { api } from '../../../lib/api/api.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    setPassword: build.mutation<void, { current_password: string; new_password: string }>({
      query: (body) => ({ url: '/users/set_password/', method: 'POST', body }),
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/notification-preferences/',
      providesTags: ['NotificationPreferences'],
    }),
    setNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesInput>({
      query: (body) => ({ url: '/notification-preferences/', method: 'PUT', body }),
      // The answer is the saved state: the cache takes it without another request.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getNotificationPreferences', undefined, data));
      },
    }),
  }),
});

export const { useSetPasswordMutation, useGetNotificationPreferencesQuery, useSetNotificationPreferencesMutation } = accountApi;
