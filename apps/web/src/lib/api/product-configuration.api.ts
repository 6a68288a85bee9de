import type { CustomerMessage, ProductConfiguration, ProductConfigurationInput } from '@excursio/contract/product-configuration';
import { api } from './api.ts';

/** Settings → Product configuration; every screen reads its formats (the shell sets them, lib/format). */
export const productConfigurationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductConfiguration: build.query<ProductConfiguration, void>({
      query: () => '/product-configuration/',
      providesTags: ['ProductConfiguration'],
    }),
    saveProductConfiguration: build.mutation<ProductConfiguration, ProductConfigurationInput>({
      query: (body) => ({ url: '/product-configuration/', method: 'PUT', body }),
      // Time format, currency and time zone are the profile's; the hold time is read by the availability screens.
      invalidatesTags: ['ProductConfiguration', 'BaseAccount', 'Me'],
    }),
    getOrderMessages: build.query<CustomerMessage[], string>({
      query: (orderId) => `/orders/${orderId}/messages/`,
      providesTags: (_result, _error, orderId) => [{ type: 'OrderMessages', id: orderId }],
    }),
  }),
});

export const { useGetProductConfigurationQuery, useSaveProductConfigurationMutation, useGetOrderMessagesQuery } =
  productConfigurationApi;
