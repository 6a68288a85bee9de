import type { BookingTicket, TicketSummary } from '@excursio/contract/qr-codes';
import type { TicketPublicKey } from '@excursio/contract/tickets';
import { api } from './api.ts';
import { downloadFile } from './download-file.ts';

const ticketsBase = api.enhanceEndpoints({ addTagTypes: ['Ticket'] });

/** What a short code turned out to be when looked up: a ticket, or a link (it redirected). */
export type CodeLookup = { kind: 'ticket'; summary: TicketSummary } | { kind: 'link' };

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
    lookupCode: build.query<CodeLookup, string>({
      // A link answers with a redirect to its store: not followed (the page would only show that it is no ticket).
      query: (code) => ({
        url: `/o/${encodeURIComponent(code)}/`,
        headers: { accept: 'application/json' },
        redirect: 'manual',
        validateStatus: (response: Response) => response.ok || response.type === 'opaqueredirect',
        responseHandler: async (response: Response) =>
          response.type === 'opaqueredirect' ? { kind: 'link' } : { kind: 'ticket', summary: await response.json() },
      }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    checkInCode: build.mutation<TicketSummary, string>({
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
  useLazyLookupCodeQuery,
  useCheckInCodeMutation,
  useTicketKeysQuery,
} = ticketsApi;
