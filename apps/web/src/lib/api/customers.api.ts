import type { Customer, CustomerInput } from '@excursio/contract/customers';
import type { Paginated } from '@excursio/contract/list';
import { api } from './api.ts';
import type { ListArgs } from './catalog.api.ts';

/** Customers; a merge also changes whose orders are whose. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<Paginated<Customer>, ListArgs>({
      query: (params) => ({ url: '/customers/', params }),
      providesTags: ['Customer'],
    }),
    createCustomer: build.mutation<Customer, CustomerInput>({
      query: (body) => ({ url: '/customers/', method: 'POST', body }),
      invalidatesTags: ['Customer'],
    }),
    updateCustomer: build.mutation<Customer, CustomerInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/customers/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['Customer'],
    }),
    deleteCustomer: build.mutation<void, string>({
      query: (id) => ({ url: `/customers/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Customer'],
    }),
    mergeCustomers: build.mutation<Customer, { id: string; other_id: string }>({
      query: ({ id, other_id }) => ({ url: `/customers/${id}/merge/`, method: 'POST', body: { other_id } }),
      invalidatesTags: ['Customer', 'Order'],
    }),
  }),
});

export const {
  useListCustomersQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
  useMergeCustomersMutation,
} = customersApi;
