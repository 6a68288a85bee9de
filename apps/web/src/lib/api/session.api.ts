import type { AppInfo, Me, mePatchInput } from '@excursio/contract/auth';
import type { z } from 'zod';
import { api } from './api.ts';

/** Session endpoints the whole app needs (auth bootstrap, user menu, permissions). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new access token from the refresh cookie; used before verifying when the access token has expired. */
    refreshToken: build.mutation<void, void>({
      query: () => ({ url: '/jwt/refresh/', method: 'POST', body: {} }),
      extraOptions: { silent: true, skipRefresh: true },
    }),
    verifyToken: build.mutation<void, void>({
      query: () => ({ url: '/jwt/verify/', method: 'POST', body: {} }),
      extraOptions: { silent: true },
    }),
    getMe: build.query<Me, void>({
      query: () => '/users/me/',
      providesTags: ['Me'],
      extraOptions: { silent: true },
    }),
    updateMe: build.mutation<Me, z.infer<typeof mePatchInput>>({
      query: (body) => ({ url: '/users/me/', method: 'PATCH', body }),
      invalidatesTags: ['Me'],
    }),
    getAppInfo: build.query<AppInfo, void>({
      query: () => '/app-info/',
      providesTags: ['AppInfo'],
      extraOptions: { silent: true },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout/', method: 'POST', body: {} }),
      extraOptions: { silent: true, skipRefresh: true },
    }),
  }),
});

export const { useGetMeQuery, useUpdateMeMutation, useGetAppInfoQuery } = sessionApi;

/** Reads the signed-in user again (e.g. the plan's features changed): the guards and the sidebar follow. */
export const refetchMe = () => sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true });
