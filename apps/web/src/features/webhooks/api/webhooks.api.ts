import type { Paginated } from '@excursio/contract/list';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
} from '@excursio/contract/webhooks';
import { api } from '../../../lib/api/api.ts';

type ListArgs = Record<string, string | number>;

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWebhookEndpoints: build.query<Paginated<WebhookEndpoint>, { page: number; page_size: number }>({
      query: (params) => ({ url: '/webhook-endpoints/', params }),
      providesTags: ['WebhookEndpoint'],
    }),
    createWebhookEndpoint: build.mutation<WebhookEndpointWithSecret, WebhookEndpointInput>({
      query: (body) => ({ url: '/webhook-endpoints/', method: 'POST', body }),
      invalidatesTags: ['WebhookEndpoint'],
    }),
    updateWebhookEndpoint: build.mutation<WebhookEndpoint, { id: string; patch: WebhookEndpointPatch }>({
      query: ({ id, patch }) => ({ url: `/webhook-endpoints/${id}/`, method: 'PATCH', body: patch }),
      invalidatesTags: ['WebhookEndpoint', 'WebhookDelivery'],
    }),
    deleteWebhookEndpoint: build.mutation<void, string>({
      query: (id) => ({ url: `/webhook-endpoints/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['WebhookEndpoint', 'WebhookDelivery'],
    }),
    revealWebhookSecret: build.mutation<WebhookEndpointWithSecret, string>({
      query: (id) => ({ url: `/webhook-endpoints/${id}/reveal-secret/`, method: 'POST' }),
    }),
    rotateWebhookSecret: build.mutation<WebhookEndpointWithSecret, string>({
      query: (id) => ({ url: `/webhook-endpoints/${id}/rotate-secret/`, method: 'POST' }),
      invalidatesTags: ['WebhookEndpoint'],
    }),
    sendWebhookTestEvent: build.mutation<WebhookDelivery, string>({
      query: (id) => ({ url: `/webhook-endpoints/${id}/test/`, method: 'POST' }),
      invalidatesTags: ['WebhookDelivery'],
    }),
    listWebhookDeliveries: build.query<Paginated<WebhookDelivery>, ListArgs>({
      query: (params) => ({ url: '/webhook-deliveries/', params }),
      providesTags: ['WebhookDelivery'],
    }),
    replayWebhookDelivery: build.mutation<WebhookDelivery, string>({
      query: (id) => ({ url: `/webhook-deliveries/${id}/replay/`, method: 'POST' }),
      invalidatesTags: ['WebhookDelivery'],
    }),
  }),
});

export const {
  useListWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useRevealWebhookSecretMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestEventMutation,
  useListWebhookDeliveriesQuery,
  useReplayWebhookDeliveryMutation,
} = webhooksApi;
