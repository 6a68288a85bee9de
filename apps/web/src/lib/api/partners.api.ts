import type { Paginated } from '@excursio/contract/list';
import type {
  Partnership,
  PartnershipInvite,
  partnershipTermsPatch,
  SharedOffer,
  SharedOfferDetail,
  Statement,
} from '@excursio/contract/partners';
import type { z } from 'zod';
import { api } from './api.ts';
import type { ListArgs } from './catalog.api.ts';
import { downloadFile } from './download-file.ts';

/** What a partnership's row menu can do without a body (`POST /api/partners/{id}/{action}/`). */
export const PARTNERSHIP_ACTIONS = ['accept', 'decline', 'pause', 'resume', 'end'] as const;
export type PartnershipAction = (typeof PARTNERSHIP_ACTIONS)[number];

// 'StoreExperience' is the stores feature's: a partnership's change changes what the Global catalog offers.
const partnersBase = api.enhanceEndpoints({ addTagTypes: ['StoreExperience'] });

/**
 * Partnerships (`/api/partners/`): invitations, terms, pausing and ending, the monthly statement,
 * and the offers suppliers share with us. Any change can change what we may resell (the store's
 * Global catalog, the checkout's partner offers) and the resales' filter options, so it refetches
 * those too.
 */
export const partnersApi = partnersBase.injectEndpoints({
  endpoints: (build) => ({
    listPartners: build.query<Paginated<Partnership>, ListArgs>({
      query: (params) => ({ url: '/partners/', params }),
      providesTags: ['Partner'],
    }),
    getPartner: build.query<Partnership, string>({
      query: (id) => `/partners/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Partner', id }],
    }),
    invitePartner: build.mutation<Partnership, PartnershipInvite>({
      query: (body) => ({ url: '/partners/', method: 'POST', body }),
      invalidatesTags: (r) => (r ? ['Partner'] : []),
    }),
    updatePartnerTerms: build.mutation<Partnership, z.input<typeof partnershipTermsPatch> & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/partners/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (r, _e, { id }) => (r ? ['Partner', { type: 'Partner', id }, 'PartnerOffer', 'StoreExperience'] : []),
    }),
    partnershipAction: build.mutation<Partnership, { id: string; action: PartnershipAction }>({
      query: ({ id, action }) => ({ url: `/partners/${id}/${action}/`, method: 'POST', body: {} }),
      invalidatesTags: (r, _e, { id }) =>
        r ? ['Partner', { type: 'Partner', id }, 'PartnerOffer', 'StoreExperience', 'Resale'] : [],
    }),
    getStatement: build.query<Statement, { id: string; month: string }>({
      query: ({ id, month }) => ({ url: `/partners/${id}/statement/`, params: { month, format: 'json' } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Partner', id }, 'Resale'],
    }),
    /** The statement as a CSV or PDF file, saved under the server's file name. */
    downloadStatement: build.mutation<null, { id: string; month: string; format: 'csv' | 'pdf' }>({
      queryFn: ({ id, month, format }, _api, _extra, fetchWithBQ) =>
        downloadFile(
          fetchWithBQ,
          { url: `/partners/${id}/statement/`, params: { month, format } },
          `statement-${month}.${format}`,
        ),
    }),
    /** Offers suppliers share with us, to resell (needs the 'resales' feature). */
    listPartnerOffers: build.query<Paginated<SharedOffer>, ListArgs>({
      query: (params) => ({ url: '/partners/offers/', params }),
      providesTags: ['PartnerOffer'],
    }),
    /** A shared offer's extras and booking questions (the supplier's), for the checkout. */
    getPartnerOffer: build.query<SharedOfferDetail, string>({
      query: (id) => `/partners/offers/${id}/`,
      providesTags: ['PartnerOffer'],
    }),
  }),
});

export const {
  useListPartnersQuery,
  useGetPartnerQuery,
  useInvitePartnerMutation,
  useUpdatePartnerTermsMutation,
  usePartnershipActionMutation,
  useGetStatementQuery,
  useDownloadStatementMutation,
  useListPartnerOffersQuery,
  useGetPartnerOfferQuery,
} = partnersApi;
