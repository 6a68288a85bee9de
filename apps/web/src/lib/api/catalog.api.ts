import type {
  AgendaItem,
  agendaItemInput,
  agendaItemPatchInput,
  BookingQuestion,
  bookingQuestionInput,
  bookingQuestionPatchInput,
  CancellationPolicy,
  cancellationPolicyInput,
  cancellationPolicyPatchInput,
  MeetingPoint,
  meetingPointInput,
  meetingPointPatchInput,
} from '@excursio/contract/booking-info';
import type {
  Experience,
  ExperienceCreateInput,
  ExperienceListItem,
  ExperienceOptions,
  ExperiencePatchInput,
} from '@excursio/contract/experiences';
import type {
  ExperienceInventoryItem,
  experienceInventoryInput,
  InventoryCategory,
  InventoryItem,
  InventoryTag,
  inventoryItemInput,
  inventoryItemPatchInput,
} from '@excursio/contract/inventory';
import type { Paginated } from '@excursio/contract/list';
import type { Place } from '@excursio/contract/location';
import type { FilerImage, Video, videoInput } from '@excursio/contract/media';
import type {
  PricingCategory,
  PricingRate,
  pricingCategoryInput,
  pricingCategoryPatchInput,
  pricingRateInput,
  pricingRatePatchInput,
} from '@excursio/contract/pricing';
import type { StartTime, startTimeInput, startTimePatchInput } from '@excursio/contract/schedule';
import type { z } from 'zod';
import { api } from './api.ts';

/**
 * Catalog endpoints shared by the offers overview, the offer editor, pricing and inventory pages
 * (features never import each other, so the shared calls live here).
 */
export type ListArgs = Record<string, string | number | boolean>;
type In<T extends z.ZodType> = z.input<T>;
type WithId<T> = T & { id: string };

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Offers
    listExperiences: build.query<Paginated<ExperienceListItem>, ListArgs>({
      query: (params) => ({ url: '/experiences/', params }),
      providesTags: ['Experience'],
    }),
    getExperience: build.query<Experience, string>({
      query: (id) => `/experiences/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Experience', id }],
    }),
    createExperience: build.mutation<Experience, ExperienceCreateInput>({
      query: (body) => ({ url: '/experiences/', method: 'POST', body }),
      invalidatesTags: ['Experience'],
    }),
    updateExperience: build.mutation<Experience, WithId<ExperiencePatchInput>>({
      query: ({ id, ...body }) => ({ url: `/experiences/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['Experience', 'PricingRate'],
    }),
    deleteExperience: build.mutation<void, string>({
      query: (id) => ({ url: `/experiences/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Experience', 'PricingRate'],
    }),
    duplicateExperience: build.mutation<Experience, string>({
      query: (id) => ({ url: `/experiences/${id}/duplicate/`, method: 'POST' }),
      invalidatesTags: ['Experience', 'PricingRate'],
    }),
    reorderExperienceImages: build.mutation<{ results: Experience['images'] }, { id: string; image_ids: string[] }>({
      query: ({ id, ...body }) => ({ url: `/experiences/${id}/reorder-images/`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Experience', id }],
    }),
    removeExperienceImage: build.mutation<void, { id: string; imageId: string }>({
      query: ({ id, imageId }) => ({ url: `/experiences/${id}/images/${imageId}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Experience', id }, 'Experience'],
    }),
    getExperienceOptions: build.query<ExperienceOptions, void>({
      query: () => '/experience-options/',
      providesTags: ['ExperienceOptions'],
      keepUnusedDataFor: 3600,
    }),
    getExperienceInventory: build.query<{ results: ExperienceInventoryItem[] }, string>({
      query: (id) => `/experiences/${id}/inventory-items/`,
      providesTags: ['InventoryItem'],
    }),
    setExperienceInventory: build.mutation<
      { results: ExperienceInventoryItem[] },
      { id: string } & In<typeof experienceInventoryInput>
    >({
      query: ({ id, ...body }) => ({ url: `/experiences/${id}/inventory-items/`, method: 'PUT', body }),
      invalidatesTags: ['InventoryItem'],
    }),

    // Pricing
    listPricingCategories: build.query<Paginated<PricingCategory>, ListArgs>({
      query: (params) => ({ url: '/pricing-categories/', params }),
      providesTags: ['PricingCategory'],
    }),
    createPricingCategory: build.mutation<PricingCategory, In<typeof pricingCategoryInput>>({
      query: (body) => ({ url: '/pricing-categories/', method: 'POST', body }),
      invalidatesTags: ['PricingCategory'],
    }),
    updatePricingCategory: build.mutation<PricingCategory, WithId<In<typeof pricingCategoryPatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/pricing-categories/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['PricingCategory', 'PricingRate'],
    }),
    deletePricingCategory: build.mutation<void, string>({
      query: (id) => ({ url: `/pricing-categories/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['PricingCategory'],
    }),
    listPricingRates: build.query<Paginated<PricingRate>, ListArgs>({
      query: (params) => ({ url: '/pricing-rates/', params }),
      providesTags: ['PricingRate'],
    }),
    createPricingRate: build.mutation<PricingRate, In<typeof pricingRateInput>>({
      query: (body) => ({ url: '/pricing-rates/', method: 'POST', body }),
      invalidatesTags: ['PricingRate', 'PricingCategory', 'Experience'],
    }),
    updatePricingRate: build.mutation<PricingRate, WithId<In<typeof pricingRatePatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/pricing-rates/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['PricingRate', 'PricingCategory', 'Experience'],
    }),
    deletePricingRate: build.mutation<void, string>({
      query: (id) => ({ url: `/pricing-rates/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['PricingRate', 'PricingCategory', 'Experience'],
    }),

    // Schedule
    listStartTimes: build.query<Paginated<StartTime>, ListArgs>({
      query: (params) => ({ url: '/start-times/', params }),
      providesTags: ['StartTime'],
    }),
    createStartTime: build.mutation<StartTime, In<typeof startTimeInput>>({
      query: (body) => ({ url: '/start-times/', method: 'POST', body }),
      invalidatesTags: ['StartTime', 'Experience'],
    }),
    updateStartTime: build.mutation<StartTime, WithId<In<typeof startTimePatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/start-times/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['StartTime', 'Experience'],
    }),
    deleteStartTime: build.mutation<void, string>({
      query: (id) => ({ url: `/start-times/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['StartTime', 'Experience'],
    }),

    // Inventory
    listInventoryItems: build.query<Paginated<InventoryItem>, ListArgs>({
      query: (params) => ({ url: '/inventory-items/', params }),
      providesTags: ['InventoryItem'],
    }),
    createInventoryItem: build.mutation<InventoryItem, In<typeof inventoryItemInput>>({
      query: (body) => ({ url: '/inventory-items/', method: 'POST', body }),
      invalidatesTags: ['InventoryItem', 'InventoryCategory', 'InventoryTag'],
    }),
    updateInventoryItem: build.mutation<InventoryItem, WithId<In<typeof inventoryItemPatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/inventory-items/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['InventoryItem', 'InventoryCategory', 'InventoryTag'],
    }),
    deleteInventoryItem: build.mutation<void, string>({
      query: (id) => ({ url: `/inventory-items/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['InventoryItem', 'InventoryCategory', 'InventoryTag'],
    }),
    listInventoryCategories: build.query<Paginated<InventoryCategory>, ListArgs>({
      query: (params) => ({ url: '/inventory-items-categories/', params }),
      providesTags: ['InventoryCategory'],
    }),
    createInventoryCategory: build.mutation<InventoryCategory, { name: string; description?: string }>({
      query: (body) => ({ url: '/inventory-items-categories/', method: 'POST', body }),
      invalidatesTags: ['InventoryCategory'],
    }),
    updateInventoryCategory: build.mutation<InventoryCategory, WithId<{ name?: string; description?: string }>>({
      query: ({ id, ...body }) => ({ url: `/inventory-items-categories/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['InventoryCategory', 'InventoryItem'],
    }),
    deleteInventoryCategory: build.mutation<void, string>({
      query: (id) => ({ url: `/inventory-items-categories/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['InventoryCategory', 'InventoryItem'],
    }),
    listInventoryTags: build.query<Paginated<InventoryTag>, ListArgs>({
      query: (params) => ({ url: '/inventory-tags/', params }),
      providesTags: ['InventoryTag'],
    }),
    createInventoryTag: build.mutation<InventoryTag, { name: string }>({
      query: (body) => ({ url: '/inventory-tags/', method: 'POST', body }),
      invalidatesTags: ['InventoryTag'],
    }),
    updateInventoryTag: build.mutation<InventoryTag, WithId<{ name?: string }>>({
      query: ({ id, ...body }) => ({ url: `/inventory-tags/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['InventoryTag', 'InventoryItem'],
    }),
    deleteInventoryTag: build.mutation<void, string>({
      query: (id) => ({ url: `/inventory-tags/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['InventoryTag', 'InventoryItem'],
    }),

    // Booking info
    listMeetingPoints: build.query<Paginated<MeetingPoint>, ListArgs>({
      query: (params) => ({ url: '/meeting-points/', params }),
      providesTags: ['MeetingPoint'],
    }),
    createMeetingPoint: build.mutation<MeetingPoint, In<typeof meetingPointInput>>({
      query: (body) => ({ url: '/meeting-points/', method: 'POST', body }),
      invalidatesTags: ['MeetingPoint'],
    }),
    updateMeetingPoint: build.mutation<MeetingPoint, WithId<In<typeof meetingPointPatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/meeting-points/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['MeetingPoint'],
    }),
    deleteMeetingPoint: build.mutation<void, string>({
      query: (id) => ({ url: `/meeting-points/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['MeetingPoint', 'Experience'],
    }),
    listCancellationPolicies: build.query<Paginated<CancellationPolicy>, ListArgs>({
      query: (params) => ({ url: '/cancellation-policies/', params }),
      providesTags: ['CancellationPolicy'],
    }),
    createCancellationPolicy: build.mutation<CancellationPolicy, In<typeof cancellationPolicyInput>>({
      query: (body) => ({ url: '/cancellation-policies/', method: 'POST', body }),
      invalidatesTags: ['CancellationPolicy'],
    }),
    updateCancellationPolicy: build.mutation<CancellationPolicy, WithId<In<typeof cancellationPolicyPatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/cancellation-policies/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['CancellationPolicy'],
    }),
    deleteCancellationPolicy: build.mutation<void, string>({
      query: (id) => ({ url: `/cancellation-policies/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['CancellationPolicy', 'Experience'],
    }),
    listBookingQuestions: build.query<Paginated<BookingQuestion>, ListArgs>({
      query: (params) => ({ url: '/booking-questions/', params }),
      providesTags: ['BookingQuestion'],
    }),
    createBookingQuestion: build.mutation<BookingQuestion, In<typeof bookingQuestionInput>>({
      query: (body) => ({ url: '/booking-questions/', method: 'POST', body }),
      invalidatesTags: ['BookingQuestion'],
    }),
    updateBookingQuestion: build.mutation<BookingQuestion, WithId<In<typeof bookingQuestionPatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/booking-questions/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['BookingQuestion'],
    }),
    deleteBookingQuestion: build.mutation<void, string>({
      query: (id) => ({ url: `/booking-questions/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['BookingQuestion'],
    }),
    listAgendaItems: build.query<Paginated<AgendaItem>, ListArgs>({
      query: (params) => ({ url: '/agenda-items/', params }),
      providesTags: ['AgendaItem'],
    }),
    createAgendaItem: build.mutation<AgendaItem, In<typeof agendaItemInput>>({
      query: (body) => ({ url: '/agenda-items/', method: 'POST', body }),
      invalidatesTags: ['AgendaItem'],
    }),
    updateAgendaItem: build.mutation<AgendaItem, WithId<In<typeof agendaItemPatchInput>>>({
      query: ({ id, ...body }) => ({ url: `/agenda-items/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['AgendaItem'],
    }),
    deleteAgendaItem: build.mutation<void, string>({
      query: (id) => ({ url: `/agenda-items/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['AgendaItem'],
    }),

    // Media
    listVideos: build.query<Paginated<Video>, ListArgs>({
      query: (params) => ({ url: '/videos/', params }),
      providesTags: ['Video'],
    }),
    createVideo: build.mutation<Video, In<typeof videoInput>>({
      query: (body) => ({ url: '/videos/', method: 'POST', body }),
      invalidatesTags: ['Video'],
    }),
    deleteVideo: build.mutation<void, string>({
      query: (id) => ({ url: `/videos/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Video'],
    }),
    listFilerImages: build.query<Paginated<FilerImage>, ListArgs>({
      query: (params) => ({ url: '/filer-images/', params }),
      providesTags: ['FilerImage'],
    }),

    // Location
    locationAutocomplete: build.query<{ results: Place[] }, string>({
      query: (q) => ({ url: '/location-autocomplete/', params: { q } }),
      keepUnusedDataFor: 300,
    }),

    // Booking info by id (a selected point or policy may lie beyond the first page of the list)
    getMeetingPoint: build.query<MeetingPoint, string>({
      query: (id) => `/meeting-points/${id}/`,
      providesTags: ['MeetingPoint'],
    }),
    getCancellationPolicy: build.query<CancellationPolicy, string>({
      query: (id) => `/cancellation-policies/${id}/`,
      providesTags: ['CancellationPolicy'],
    }),
  }),
});

export const {
  useListExperiencesQuery,
  useGetExperienceQuery,
  useCreateExperienceMutation,
  useUpdateExperienceMutation,
  useDeleteExperienceMutation,
  useDuplicateExperienceMutation,
  useReorderExperienceImagesMutation,
  useRemoveExperienceImageMutation,
  useGetExperienceOptionsQuery,
  useGetExperienceInventoryQuery,
  useSetExperienceInventoryMutation,
  useListPricingCategoriesQuery,
  useCreatePricingCategoryMutation,
  useUpdatePricingCategoryMutation,
  useDeletePricingCategoryMutation,
  useListPricingRatesQuery,
  useCreatePricingRateMutation,
  useUpdatePricingRateMutation,
  useDeletePricingRateMutation,
  useListStartTimesQuery,
  useCreateStartTimeMutation,
  useUpdateStartTimeMutation,
  useDeleteStartTimeMutation,
  useListInventoryItemsQuery,
  useCreateInventoryItemMutation,
  useUpdateInventoryItemMutation,
  useDeleteInventoryItemMutation,
  useListInventoryCategoriesQuery,
  useCreateInventoryCategoryMutation,
  useUpdateInventoryCategoryMutation,
  useDeleteInventoryCategoryMutation,
  useListInventoryTagsQuery,
  useCreateInventoryTagMutation,
  useUpdateInventoryTagMutation,
  useDeleteInventoryTagMutation,
  useListMeetingPointsQuery,
  useCreateMeetingPointMutation,
  useUpdateMeetingPointMutation,
  useDeleteMeetingPointMutation,
  useListCancellationPoliciesQuery,
  useCreateCancellationPolicyMutation,
  useUpdateCancellationPolicyMutation,
  useDeleteCancellationPolicyMutation,
  useListBookingQuestionsQuery,
  useCreateBookingQuestionMutation,
  useUpdateBookingQuestionMutation,
  useDeleteBookingQuestionMutation,
  useListAgendaItemsQuery,
  useCreateAgendaItemMutation,
  useUpdateAgendaItemMutation,
  useDeleteAgendaItemMutation,
  useListVideosQuery,
  useCreateVideoMutation,
  useDeleteVideoMutation,
  useListFilerImagesQuery,
  useLocationAutocompleteQuery,
  useGetMeetingPointQuery,
  useGetCancellationPolicyQuery,
} = catalogApi;
