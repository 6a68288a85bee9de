import type { RedirectAnswer, TestModePage, testModeAction } from '@excursio/contract/payments';
import type { z } from 'zod';
import { api } from '../../lib/api/api.ts';

export type TestModeAction = z.infer<typeof testModeAction>['action'];
/** Where to go next, when the action leads away from the page (checkout paid or canceled). */
export type TestModeActionAnswer = Partial<RedirectAnswer> & { url?: string | null };

/**
 * The built-in test mode's stand-ins for the provider's hosted pages: read the page a signed
 * single-use token opens (`GET /api/test-mode/pages/{token}/`), act on it (`POST`).
 */
export const testModeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTestModePage: build.query<TestModePage, string>({
      query: (token) => `/test-mode/pages/${encodeURIComponent(token)}/`,
      providesTags: (_r, _e, token) => [{ type: 'TestModePage', id: token }],
      // An unknown, expired or used token is the page's own message, not a toast.
      extraOptions: { silent: true },
    }),
    testModePageAction: build.mutation<TestModeActionAnswer | null, { token: string; action: TestModeAction }>({
      query: ({ token, action }) => ({ url: `/test-mode/pages/${encodeURIComponent(token)}/`, method: 'POST', body: { action } }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetTestModePageQuery, useTestModePageActionMutation } = testModeApi;
