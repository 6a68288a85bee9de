import type { SubscriptionTier } from '@excursio/contract/accounts';
import type { Paginated } from '@excursio/contract/list';
import type {
  RedirectAnswer,
  SubscriptionChangeAnswer,
  SubscriptionChangeInput,
  SubscriptionState,
} from '@excursio/contract/payments';
import { api } from '../../../lib/api/api.ts';

/**
 * The plans (`/api/subscription-tiers/`) and the organization's subscription (`/api/subscription/`):
 * a change either happens at once or answers the provider's checkout to go to; the billing portal
 * is the provider's page too (test mode: the app's own `/test-mode/…` pages).
 */
export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSubscriptionTiers: build.query<Paginated<SubscriptionTier>, { account_type: 'supplier' | 'affiliate' }>({
      query: (params) => ({ url: '/subscription-tiers/', params: { ...params, page_size: 50, ordering: 'price_minor' } }),
      providesTags: ['SubscriptionTier'],
    }),
    getSubscription: build.query<SubscriptionState, void>({
      query: () => '/subscription/',
      providesTags: ['Subscription'],
    }),
    changeSubscription: build.mutation<SubscriptionChangeAnswer, SubscriptionChangeInput>({
      query: (body) => ({ url: '/subscription/', method: 'POST', body }),
      // The plan decides the features (Me), the account's tier and the card platform fee.
      invalidatesTags: ['Subscription', 'Me', 'BaseAccount', 'PaymentConnection'],
    }),
    manageSubscription: build.mutation<RedirectAnswer, void>({
      query: () => ({ url: '/subscription/manage/', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useListSubscriptionTiersQuery,
  useGetSubscriptionQuery,
  useChangeSubscriptionMutation,
  useManageSubscriptionMutation,
} = subscriptionApi;
