import type { BookingTicket, StaffTicket } from '@excursio/contract/qr-codes';
import type { TicketPublicKey } from '@excursio/contract/tickets';
import { api } from './api.ts';
import { downloadFile } from './download-file.ts';

const ticketsBase = api.enhanceEndpoints({ addTagTypes: ['Ticket'] });

/**
 * Booking tickets for staff (the booking's page, the check-in page): a booking's ticket and its
 * PDF, a code looked up, a ticket checked in, and the keys that verify tickets without the server.
 * The check-in calls are `silent`: the check-in page shows their refusals itself, large.
 */
export const ticketsApi = ticketsBase.injectEndpoints({
  endpoints: (build) => ({
    getBookingTicket: build.query<BookingTicket, string>({
      query: (bookingId) => `/bookings/${bookingId}/ticket/`,
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    downloadTicketPdf: build.mutation<null, { bookingId: string }>({
      queryFn: ({ bookingId }, _api, _extra, fetchWithBQ) =>
        downloadFile(fetchWithBQ, { url: `/bookings/${bookingId}/ticket/pdf/` }, 'ticket.pdf'),
    }),
    /** A code typed or scanned, as staff see its ticket (full name, who checked it in); a link is 409 `not_a_ticket`. */
    lookUpTicket: build.query<StaffTicket, string>({
      query: (code) => `/check-in/tickets/${encodeURIComponent(code)}/`,
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    checkInCode: build.mutation<StaffTicket, string>({
      query: (code) => ({ url: `/o/${encodeURIComponent(code)}/`, method: 'POST', body: {} }),
      extraOptions: { silent: true },
      invalidatesTags: ['Booking', 'Order', 'Ticket'],
    }),
    ticketKeys: build.query<{ keys: (TicketPublicKey & { created_at: string })[] }, void>({
      query: () => '/tickets/keys/',
    }),
  }),
});

export const {
  useGetBookingTicketQuery,
  useDownloadTicketPdfMutation,
  useLazyLookUpTicketQuery,
  useCheckInCodeMutation,
  useTicketKeysQuery,
} = ticketsApi;
