import type { ApiKey, ApiKeyCreated, ApiKeyInput } from '@excursio/contract/api-keys';
import type { Paginated } from '@excursio/contract/list';
import { api } from '../../../lib/api/api.ts';

type ListArgs = Record<string, string | number>;

export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<Paginated<ApiKey>, ListArgs>({
      query: (params) => ({ url: '/api-keys/', params }),
      providesTags: ['ApiKey'],
    }),
    createApiKey: build.mutation<ApiKeyCreated, ApiKeyInput>({
      query: (body) => ({ url: '/api-keys/', method: 'POST', body }),
      invalidatesTags: ['ApiKey'],
    }),
    revokeApiKey: build.mutation<void, string>({
      query: (id) => ({ url: `/api-keys/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['ApiKey'],
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
