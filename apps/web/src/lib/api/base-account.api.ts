import type { BaseAccount, baseAccountPatchInput } from '@excursio/contract/accounts';
import type { z } from 'zod';
import { api } from './api.ts';

export type BaseAccountPatch = z.infer<typeof baseAccountPatchInput>;

export const baseAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBaseAccount: build.query<BaseAccount, string>({
      query: (id) => `/base-accounts/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'BaseAccount', id }],
    }),
    updateBaseAccount: build.mutation<BaseAccount, { id: string; patch: BaseAccountPatch }>({
      query: ({ id, patch }) => ({ url: `/base-accounts/${id}/`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'BaseAccount', id }, 'Me', 'ProductConfiguration'],
    }),
  }),
});

export const { useGetBaseAccountQuery, useUpdateBaseAccountMutation } = baseAccountApi;
