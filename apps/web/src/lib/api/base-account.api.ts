import type { BaseAccount, BillingInfo, ContactInfo, LegalInfo, Profile } from '@excursio/contract/accounts';
import { api } from './api.ts';

export type BaseAccountPatch = {
  name?: string;
  contact_info?: Partial<ContactInfo>;
  profile?: Partial<Profile>;
  legal_info?: Partial<LegalInfo>;
  billing_info?: Partial<BillingInfo>;
};

export const baseAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBaseAccount: build.query<BaseAccount, string>({
      query: (id) => `/base-accounts/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'BaseAccount', id }],
    }),
    updateBaseAccount: build.mutation<BaseAccount, { id: string; patch: BaseAccountPatch }>({
      query: ({ id, patch }) => ({ url: `/base-accounts/${id}/`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'BaseAccount', id }, 'Me'],
    }),
  }),
});

export const { useGetBaseAccountQuery, useUpdateBaseAccountMutation } = baseAccountApi;
