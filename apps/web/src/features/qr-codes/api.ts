import type { Paginated } from '@excursio/contract/list';
import type { QrCode, QrCodeInput, QrCodePatchInput, QrCodeScans } from '@excursio/contract/qr-codes';
import type { Store, StoreExperience } from '@excursio/contract/stores';
import { api } from '../../lib/api/api.ts';
import type { ListArgs } from '../../lib/api/catalog.api.ts';
import { downloadFile } from '../../lib/api/download-file.ts';

const qrBase = api.enhanceEndpoints({ addTagTypes: ['QrCode', 'Store', 'StoreExperience'] });

/**
 * QR codes (`/api/qr-codes/`) and what the create form picks from: the organization's stores and
 * the offers in one of them. A scan changes a code's count, so the list is refetched when opened.
 */
export const qrCodesApi = qrBase.injectEndpoints({
  endpoints: (build) => ({
    listQrCodes: build.query<Paginated<QrCode>, ListArgs>({
      query: (params) => ({ url: '/qr-codes/', params }),
      providesTags: ['QrCode'],
    }),
    createQrCode: build.mutation<QrCode, QrCodeInput>({
      query: (body) => ({ url: '/qr-codes/', method: 'POST', body }),
      invalidatesTags: (r) => (r ? ['QrCode'] : []),
    }),
    updateQrCode: build.mutation<QrCode, QrCodePatchInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/qr-codes/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (r) => (r ? ['QrCode'] : []),
    }),
    deleteQrCode: build.mutation<void, string>({
      query: (id) => ({ url: `/qr-codes/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['QrCode'],
    }),
    qrCodeScans: build.query<QrCodeScans, { id: string; from?: string; to?: string }>({
      query: ({ id, ...params }) => ({ url: `/qr-codes/${id}/scans/`, params }),
      providesTags: ['QrCode'],
    }),
    /** The code as SVG text, for the preview (the same file the download gives). */
    qrCodeSvg: build.query<string, string>({
      query: (id) => ({ url: `/qr-codes/${id}/image/`, params: { format: 'svg' }, responseHandler: 'text' }),
    }),
    downloadQrImage: build.mutation<null, { id: string; format: 'png' | 'svg' }>({
      queryFn: ({ id, format }, _api, _extra, fetchWithBQ) =>
        downloadFile(fetchWithBQ, { url: `/qr-codes/${id}/image/`, params: { format } }, `qr-code.${format}`),
    }),
    qrStores: build.query<Paginated<Store>, void>({
      query: () => ({ url: '/stores/', params: { page_size: 100, ordering: 'name' } }),
      providesTags: ['Store'],
    }),
    qrStoreOffers: build.query<Paginated<StoreExperience>, string>({
      query: (storeId) => ({ url: `/stores/${storeId}/experiences/`, params: { page_size: 100 } }),
      providesTags: ['StoreExperience'],
    }),
  }),
});

export const {
  useListQrCodesQuery,
  useCreateQrCodeMutation,
  useUpdateQrCodeMutation,
  useDeleteQrCodeMutation,
  useQrCodeScansQuery,
  useQrCodeSvgQuery,
  useDownloadQrImageMutation,
  useQrStoresQuery,
  useQrStoreOffersQuery,
} = qrCodesApi;
