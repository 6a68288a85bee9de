import type { PaymentConnection, ReconciliationAnswer, RedirectAnswer } from '@excursio/contract/payments';
import { api } from '../../lib/api/api.ts';

/**
 * The organization's card payment provider (`/api/stripe/connect/`: Stripe Connect, or the
 * built-in test mode) and the reconciliation of its payments (`/api/stripe/reconciliation/`).
 */
export const paymentProvidersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentConnection: build.query<PaymentConnection, void>({
      query: () => '/stripe/connect/',
      providesTags: ['PaymentConnection'],
    }),
    /** The provider's onboarding page to go to (a new one, or the unfinished one continued). */
    connectPaymentProvider: build.mutation<RedirectAnswer, void>({
      query: () => ({ url: '/stripe/connect/', method: 'POST', body: {} }),
    }),
    disconnectPaymentProvider: build.mutation<void, void>({
      query: () => ({ url: '/stripe/connect/', method: 'DELETE' }),
      invalidatesTags: ['PaymentConnection', 'Reconciliation'],
    }),
    getReconciliation: build.query<ReconciliationAnswer, void>({
      query: () => '/stripe/reconciliation/',
      providesTags: ['Reconciliation'],
    }),
    runReconciliation: build.mutation<ReconciliationAnswer, void>({
      query: () => ({ url: '/stripe/reconciliation/', method: 'POST', body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(paymentProvidersApi.util.upsertQueryData('getReconciliation', undefined, data));
      },
    }),
  }),
});

export const {
  useGetPaymentConnectionQuery,
  useConnectPaymentProviderMutation,
  useDisconnectPaymentProviderMutation,
  useGetReconciliationQuery,
  useRunReconciliationMutation,
} = paymentProvidersApi;
