import type { SubscriptionTier } from '@excursio/contract/accounts';
import type { Paginated } from '@excursio/contract/list';
import { api } from '../../../lib/api/api.ts';

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSubscriptionTiers: build.query<Paginated<SubscriptionTier>, { account_type: 'supplier' | 'affiliate' }>({
      query: (params) => ({ url: '/subscription-tiers/', params: { ...params, page_size: 50, ordering: 'price_minor' } }),
      providesTags: ['SubscriptionTier'],
    }),
  }),
});

export const { useListSubscriptionTiersQuery } = subscriptionApi;
