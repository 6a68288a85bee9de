import type { Paginated } from '@excursio/contract/list';
import type { Store, StoreExperience, StoreExperienceInput, StoreInput, StorePatchInput } from '@excursio/contract/stores';
import { api } from '../../lib/api/api.ts';
import type { ListArgs } from '../../lib/api/catalog.api.ts';

const storesBase = api.enhanceEndpoints({ addTagTypes: ['Store', 'StoreExperience'] });

/**
 * Stores (`/api/stores/`) and the offers in them. A refused change (a taken slug, an offer in another
 * currency) refetches nothing. Adding, moving or removing an offer changes the
 * store's offer count too, so those refetch the store as well as both offer lists.
 */
export const storesApi = storesBase.injectEndpoints({
  endpoints: (build) => ({
    listStores: build.query<Paginated<Store>, ListArgs>({
      query: (params) => ({ url: '/stores/', params }),
      providesTags: ['Store'],
    }),
    getStore: build.query<Store, string>({
      query: (id) => `/stores/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Store', id }],
    }),
    createStore: build.mutation<Store, StoreInput>({
      query: (body) => ({ url: '/stores/', method: 'POST', body }),
      invalidatesTags: ['Store'],
    }),
    updateStore: build.mutation<Store, StorePatchInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (r, _e, { id }) => (r ? ['Store', { type: 'Store', id }] : []),
    }),
    deleteStore: build.mutation<void, string>({
      query: (id) => ({ url: `/stores/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Store'],
    }),
    listStoreExperiences: build.query<Paginated<StoreExperience>, { storeId: string; params: ListArgs }>({
      query: ({ storeId, params }) => ({ url: `/stores/${storeId}/experiences/`, params }),
      providesTags: ['StoreExperience'],
    }),
    listEligibleExperiences: build.query<Paginated<StoreExperience>, { storeId: string; params: ListArgs }>({
      query: ({ storeId, params }) => ({ url: `/stores/${storeId}/eligible-experiences/`, params }),
      providesTags: ['StoreExperience'],
    }),
    addStoreExperience: build.mutation<StoreExperience, StoreExperienceInput & { storeId: string }>({
      query: ({ storeId, ...body }) => ({ url: `/stores/${storeId}/add-experience/`, method: 'POST', body }),
      invalidatesTags: (r, _e, { storeId }) => (r ? ['StoreExperience', 'Store', { type: 'Store', id: storeId }] : []),
    }),
    removeStoreExperience: build.mutation<void, { storeId: string; experience_id: string }>({
      query: ({ storeId, ...body }) => ({ url: `/stores/${storeId}/remove-experience/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { storeId }) => ['StoreExperience', 'Store', { type: 'Store', id: storeId }],
    }),
  }),
});

export const {
  useListStoresQuery,
  useGetStoreQuery,
  useCreateStoreMutation,
  useUpdateStoreMutation,
  useDeleteStoreMutation,
  useListStoreExperiencesQuery,
  useListEligibleExperiencesQuery,
  useAddStoreExperienceMutation,
  useRemoveStoreExperienceMutation,
} = storesApi;
