import type { DeparturesResponse, MonthSalesResponse, Onboarding, OnboardingStep } from '@excursio/contract/home';
import type { Paginated } from '@excursio/contract/list';
import type { Order } from '@excursio/contract/orders';
import type { Resale } from '@excursio/contract/partners';
import { api } from '../../../lib/api/api.ts';

/** The dashboard home's reads: one request per section, each behind the section's own access. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Team size: a one-row page of team members carries the total count. */
    getTeamSize: build.query<number, void>({
      query: () => ({ url: '/team-members/', params: { page_size: 1 } }),
      transformResponse: (response: Paginated<unknown>) => response.count,
      providesTags: ['TeamMember'],
    }),
    getDepartures: build.query<DeparturesResponse, void>({
      query: () => ({ url: '/dashboard/departures/', params: { days: 7 } }),
      providesTags: ['Booking', 'Capacity', 'Order'],
    }),
    getMonthSales: build.query<MonthSalesResponse, void>({
      query: () => '/dashboard/month-sales/',
      providesTags: ['Order', 'Resale'],
    }),
    getRecentOrders: build.query<Paginated<Order>, void>({
      query: () => ({ url: '/orders/', params: { page_size: 5, ordering: '-created_at' } }),
      providesTags: ['Order'],
    }),
    /** How many orders owe their buyer a refund not made yet (the orders list's Refund due filter, counted). */
    getRefundsDueCount: build.query<number, void>({
      query: () => ({ url: '/orders/', params: { payment_status: 'refund_due', page_size: 5 } }),
      transformResponse: (response: Paginated<Order>) => response.count,
      providesTags: ['Order'],
    }),
    getRecentResales: build.query<Paginated<Resale>, void>({
      query: () => ({ url: '/resales/', params: { page_size: 5, ordering: '-created_at' } }),
      providesTags: ['Resale'],
    }),
    /** The organization's one checklist (made on its first read). */
    getOnboarding: build.query<Onboarding | null, void>({
      query: () => ({ url: '/onboardings/', params: { page_size: 5 } }),
      transformResponse: (response: Paginated<Onboarding>) => response.results[0] ?? null,
      providesTags: ['Onboarding', 'Experience', 'Order', 'PaymentConnection', 'Partner'],
    }),
    dismissOnboarding: build.mutation<Onboarding, { id: string; dismissed: boolean }>({
      query: ({ id, dismissed }) => ({ url: `/onboardings/${id}/`, method: 'PATCH', body: { dismissed } }),
      invalidatesTags: ['Onboarding'],
    }),
    dismissOnboardingStep: build.mutation<OnboardingStep, { id: string; dismissed: boolean }>({
      query: ({ id, dismissed }) => ({ url: `/onboarding-steps/${id}/`, method: 'PATCH', body: { dismissed } }),
      invalidatesTags: ['Onboarding'],
    }),
  }),
});

export const {
  useGetTeamSizeQuery,
  useGetDeparturesQuery,
  useGetMonthSalesQuery,
  useGetRecentOrdersQuery,
  useGetRefundsDueCountQuery,
  useGetRecentResalesQuery,
  useGetOnboardingQuery,
  useDismissOnboardingMutation,
  useDismissOnboardingStepMutation,
} = dashboardApi;
