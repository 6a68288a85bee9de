import type { Paginated } from '@excursio/contract/list';
import type {
  BookingListItem,
  Order,
  OrderDetail,
  OrderFilterOptions,
  OrderPayment,
  paymentInput,
} from '@excursio/contract/orders';
import type { z } from 'zod';
import { api } from './api.ts';
import type { ListArgs } from './catalog.api.ts';

/** Orders, their payments and the bookings they hold. Cancelling gives places back: capacity is refetched. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<Paginated<Order>, ListArgs>({
      query: (params) => ({ url: '/orders/', params }),
      providesTags: ['Order'],
    }),
    getOrderFilterOptions: build.query<OrderFilterOptions, void>({
      query: () => '/orders/filter-options/',
      providesTags: ['Order'],
    }),
    getOrder: build.query<OrderDetail, string>({
      query: (id) => `/orders/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    cancelOrder: build.mutation<{ order: OrderDetail; proposed_refund: number }, string>({
      query: (id) => ({ url: `/orders/${id}/cancel/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => ['Order', { type: 'Order', id }, 'Booking', 'Capacity'],
    }),
    confirmOrder: build.mutation<OrderDetail, string>({
      query: (id) => ({ url: `/orders/${id}/confirm/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => ['Order', { type: 'Order', id }, 'Booking'],
    }),
    declineOrder: build.mutation<{ order: OrderDetail; proposed_refund: number }, string>({
      query: (id) => ({ url: `/orders/${id}/decline/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => ['Order', { type: 'Order', id }, 'Booking', 'Capacity'],
    }),
    recordPayment: build.mutation<OrderPayment, z.input<typeof paymentInput> & { orderId: string }>({
      query: ({ orderId, ...body }) => ({ url: `/orders/${orderId}/payments/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { orderId }) => ['Order', { type: 'Order', id: orderId }],
    }),
    listBookingsByDate: build.query<Paginated<BookingListItem>, ListArgs>({
      query: (params) => ({ url: '/bookings/by-date/', params }),
      providesTags: ['Booking'],
    }),
    setAttendance: build.mutation<BookingListItem, { id: string; attendance_status: BookingListItem['attendance_status'] }>({
      query: ({ id, attendance_status }) => ({ url: `/bookings/${id}/`, method: 'PATCH', body: { attendance_status } }),
      invalidatesTags: ['Booking', 'Order'],
    }),
  }),
});

export const {
  useListOrdersQuery,
  useGetOrderQuery,
  useGetOrderFilterOptionsQuery,
  useCancelOrderMutation,
  useConfirmOrderMutation,
  useDeclineOrderMutation,
  useRecordPaymentMutation,
  useListBookingsByDateQuery,
  useSetAttendanceMutation,
} = ordersApi;
