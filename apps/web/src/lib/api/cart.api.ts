import type { Cart, CartLine, CartLineInput, CartLinePatch, CreateOrderInput } from '@excursio/contract/cart';
import type { OrderDetail } from '@excursio/contract/orders';
import type { ResaleCreated } from '@excursio/contract/partners';
import { api } from './api.ts';

/**
 * What creating the order answers (specification §3): the new order, or — when the cart held a
 * partner's offer — a resale, made in the supplier's account, that comes without an `id`.
 */
export type CreateOrderResult = OrderDetail | ResaleCreated;

/**
 * The signed-in user's cart. Every change of a line moves held places, so capacity answers are
 * refetched with it; creating the order turns the cart into an order and empties it.
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => '/cart/',
      providesTags: ['Cart'],
    }),
    addCartLine: build.mutation<CartLine, { cartId: string } & CartLineInput>({
      query: ({ cartId, ...body }) => ({ url: `/cart/${cartId}/lines/`, method: 'POST', body }),
      invalidatesTags: ['Cart', 'Capacity'],
    }),
    changeCartLine: build.mutation<CartLine, { cartId: string; id: string } & CartLinePatch>({
      query: ({ cartId, id, ...body }) => ({ url: `/cart/${cartId}/lines/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['Cart', 'Capacity'],
    }),
    removeCartLine: build.mutation<void, { cartId: string; id: string }>({
      query: ({ cartId, id }) => ({ url: `/cart/${cartId}/lines/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Cart', 'Capacity'],
    }),
    setCartCustomer: build.mutation<Cart, { cartId: string; customer_id: string | null }>({
      query: ({ cartId, ...body }) => ({ url: `/cart/${cartId}/`, method: 'PATCH', body }),
      invalidatesTags: ['Cart'],
    }),
    createOrder: build.mutation<CreateOrderResult, CreateOrderInput>({
      query: (body) => ({ url: '/orders/', method: 'POST', body }),
      invalidatesTags: ['Cart', 'Capacity', 'Order', 'Booking', 'Customer', 'Resale'],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddCartLineMutation,
  useChangeCartLineMutation,
  useRemoveCartLineMutation,
  useSetCartCustomerMutation,
  useCreateOrderMutation,
} = cartApi;
