import type { CheckInManifest, CheckInSyncInput, CheckInSyncResponse } from '@excursio/contract/check-in';
import { api } from '../../../lib/api/api.ts';

/**
 * The scanning device's calls. Both are `silent`: the check-in page shows the state of its
 * connection and its queue itself — a phone losing its network is not an error to toast.
 */
export const checkInApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkInManifest: build.query<CheckInManifest, string>({
      query: (date) => `/check-in/manifest/?date=${date}`,
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    syncCheckIns: build.mutation<CheckInSyncResponse, CheckInSyncInput>({
      query: (body) => ({ url: '/check-in/sync/', method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Booking', 'Order'],
    }),
  }),
});

export const { useLazyCheckInManifestQuery, useSyncCheckInsMutation } = checkInApi;
