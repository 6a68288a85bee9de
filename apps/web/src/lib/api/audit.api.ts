import type { AuditEntry, AuditFilterOptions } from '@excursio/contract/audit';
import type { Paginated } from '@excursio/contract/list';
import { api } from './api.ts';
import type { ListArgs } from './catalog.api.ts';

/**
 * The audit trail (read only: nothing can change it). An order's entries are tagged 'Order', so every
 * change of the order refetches them; the organization's trail is read afresh when its page opens.
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAuditEntries: build.query<Paginated<AuditEntry>, ListArgs>({
      query: (params) => ({ url: '/audit-entries/', params }),
    }),
    getAuditFilterOptions: build.query<AuditFilterOptions, void>({
      query: () => '/audit-entries/filter-options/',
    }),
    listOrderAuditEntries: build.query<Paginated<AuditEntry>, { orderId: string; page: number }>({
      query: ({ orderId, page }) => ({ url: `/orders/${orderId}/audit-entries/`, params: { page, page_size: 50 } }),
      providesTags: ['Order'],
    }),
  }),
});

export const { useListAuditEntriesQuery, useGetAuditFilterOptionsQuery, useListOrderAuditEntriesQuery } = auditApi;
