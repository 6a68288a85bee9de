import type { BookingListItem } from '@excursio/contract/bookings';
import { type Invoice, invoiceFileName } from '@excursio/contract/invoices';
import type { Paginated } from '@excursio/contract/list';
import type {
  ChangePartyInput,
  ChangePartyResponse,
  cancelOrderResponse,
  LineOptions,
  Order,
  OrderDetail,
  OrderFilterOptions,
  OrderPayment,
  paymentInput,
} from '@excursio/contract/orders';
import type { z } from 'zod';
import { api } from './api.ts';
import { showErrorToasts } from './base-query.ts';
import type { ListArgs } from './catalog.api.ts';
import { downloadFile } from './download-file.ts';
import { errorMessages } from './errors.ts';

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
    cancelOrder: build.mutation<z.infer<typeof cancelOrderResponse>, string>({
      query: (id) => ({ url: `/orders/${id}/cancel/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => ['Order', { type: 'Order', id }, 'Booking', 'Capacity'],
    }),
    cancelOrderLine: build.mutation<z.infer<typeof cancelOrderResponse>, { orderId: string; lineId: string }>({
      query: ({ orderId, lineId }) => ({ url: `/orders/${orderId}/lines/${lineId}/cancel/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, { orderId }) => ['Order', { type: 'Order', id: orderId }, 'Booking', 'Capacity'],
    }),
    /**
     * What a line's party may become and what cancelling it would propose now: read each time a dialog
     * opens (kept for no one after it closes), never refetched under a closing dialog.
     */
    getLineOptions: build.query<LineOptions, { orderId: string; lineId: string }>({
      query: ({ orderId, lineId }) => `/orders/${orderId}/lines/${lineId}/options/`,
      keepUnusedDataFor: 0,
    }),
    changeLineParty: build.mutation<ChangePartyResponse, ChangePartyInput & { orderId: string; lineId: string }>({
      query: ({ orderId, lineId, ...body }) => ({
        url: `/orders/${orderId}/lines/${lineId}/change-party/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { orderId }) => ['Order', { type: 'Order', id: orderId }, 'Booking', 'Capacity'],
    }),
    confirmOrder: build.mutation<OrderDetail, string>({
      query: (id) => ({ url: `/orders/${id}/confirm/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => ['Order', { type: 'Order', id }, 'Booking'],
    }),
    declineOrder: build.mutation<z.infer<typeof cancelOrderResponse>, string>({
      query: (id) => ({ url: `/orders/${id}/decline/`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => ['Order', { type: 'Order', id }, 'Booking', 'Capacity'],
    }),
    resendConfirmation: build.mutation<{ sent_to: string }, string>({
      query: (id) => ({ url: `/orders/${id}/resend-confirmation/`, method: 'POST', body: {} }),
    }),
    recordPayment: build.mutation<OrderPayment, z.input<typeof paymentInput> & { orderId: string }>({
      query: ({ orderId, ...body }) => ({ url: `/orders/${orderId}/payments/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { orderId }) => ['Order', { type: 'Order', id: orderId }],
    }),
    /** The order's invoice, or null while none was issued (the API's 404, expected: not toasted). */
    getInvoice: build.query<Invoice | null, string>({
      async queryFn(orderId, _api, _extra, fetchWithBQ) {
        const result = await fetchWithBQ({ url: `/orders/${orderId}/invoice/` });
        if (result.error?.status === 404) return { data: null };
        if (result.error) {
          showErrorToasts(errorMessages(result.error));
          return { error: result.error };
        }
        return { data: result.data as Invoice };
      },
      extraOptions: { silent: true },
      providesTags: (_r, _e, orderId) => [{ type: 'Invoice', id: orderId }],
    }),
    /** Issues the invoice (once: a repeat answers the same one). */
    issueInvoice: build.mutation<Invoice, string>({
      query: (orderId) => ({ url: `/orders/${orderId}/invoice/`, method: 'POST', body: {} }),
      // The order says it has an invoice now (`invoice_number`), so the editor asks for it.
      invalidatesTags: (_r, _e, orderId) => [
        { type: 'Invoice', id: orderId },
        { type: 'Order', id: orderId },
      ],
    }),
    /**
     * Downloads the invoice's PDF through the session like every API call (a refresh on 401
     * included) and saves it under the server's file name. The file never enters the store.
     */
    downloadInvoicePdf: build.mutation<null, { orderId: string; number: number }>({
      queryFn: ({ orderId, number }, _api, _extra, fetchWithBQ) =>
        downloadFile(fetchWithBQ, { url: `/orders/${orderId}/invoice/pdf/` }, invoiceFileName(number)),
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
  useCancelOrderLineMutation,
  useChangeLinePartyMutation,
  useGetLineOptionsQuery,
  useConfirmOrderMutation,
  useDeclineOrderMutation,
  useRecordPaymentMutation,
  useResendConfirmationMutation,
  useGetInvoiceQuery,
  useIssueInvoiceMutation,
  useDownloadInvoicePdfMutation,
  useListBookingsByDateQuery,
  useSetAttendanceMutation,
} = ordersApi;
