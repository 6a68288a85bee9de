import type { AnalyticsPage, AnalyticsTimeline } from '@excursio/contract/analytics';
import { api } from '../../lib/api/api.ts';
import { downloadFile } from '../../lib/api/download-file.ts';

type Params = Record<string, string | number>;

/** Sales analytics (`/api/analytics/`): rows, the per-day timeline and the CSV of the rows. */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analytics: build.query<AnalyticsPage, Params>({
      query: (params) => ({ url: '/analytics/', params }),
    }),
    analyticsTimeline: build.query<AnalyticsTimeline, Params>({
      query: (params) => ({ url: '/analytics/timeline/', params }),
    }),
    downloadAnalyticsCsv: build.mutation<null, Params>({
      queryFn: (params, _api, _extra, fetchWithBQ) => downloadFile(fetchWithBQ, { url: '/analytics/csv/', params }, 'sales.csv'),
    }),
  }),
});

export const { useAnalyticsQuery, useAnalyticsTimelineQuery, useDownloadAnalyticsCsvMutation } = analyticsApi;
