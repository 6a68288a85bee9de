import { createOrderInput } from '@excursio/contract/cart';
import { paginated } from '@excursio/contract/list';
import {
  bookInput,
  bookResponse,
  cancelOrderResponse,
  ORDER_ORDERING,
  order,
  orderDetail,
  orderFilterOptions as orderFilterOptionsShape,
  orderListFilters,
  orderPayment,
  orderSessionQuery,
  paymentInput,
  publicOrder,
  resendConfirmationResponse,
} from '@excursio/contract/orders';
import { resaleCreated } from '@excursio/contract/partners';
import { z } from 'zod';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { checkoutCart } from './checkout.service.ts';
import { noticeOrder, resendConfirmation } from './order-notices.service.ts';
import { cancelerOf, errors, lineParams, manageOrders, orderParams, paymentsParams, tags } from './order-route-kit.ts';
import { toPayment } from './order-wire.ts';
import {
  bookHold,
  cancelOrder,
  confirmOrder,
  declineOrder,
  getOrder,
  listOrdersPage,
  orderFilterOptions,
  orderOfSession,
} from './orders.service.ts';
import { listPayments, recordPayment } from './payments.service.ts';

export const orderRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const cancelBy = cancelerOf(ctx);

  app.get(
    '/api/orders/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          'Orders, newest first, filtered by status, payment status, date range and channel, searched by reference or contact',
        querystring: listQuerySchema(orderListFilters),
        response: { 200: paginated(order), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, ORDER_ORDERING, { field: 'created_at', descending: true });
      const window = { ...query, ordering, ...pageWindow(query), now: ctx.clock() };
      const { results, count, capped } = await listOrdersPage(db, principalOf(request).accountId, window);
      return paginate(request, query, results, count, capped);
    },
  );

  app.post(
    '/api/orders/',
    {
      config: { access: { permissions: ['Manage orders', 'Manage cart'], features: ['orders'] } },
      schema: {
        tags,
        summary:
          'Create an order from your cart, exactly once: its held places become confirmed bookings; the buyer is a customer ' +
          'or a contact (found or created by email)',
        body: createOrderInput,
        response: { 201: z.union([orderDetail, resaleCreated]), ...errors },
      },
    },
    async (request, reply) => {
      const { accountId, userId } = userPrincipalOf(request);
      const { order, accountId: owner, resale } = await checkoutCart(db, { accountId, userId }, request.body, ctx.clock());
      await noticeOrder(ctx, owner, order.id, { kind: order.status === 'confirmed' ? 'confirmed' : 'requested' });
      reply.code(201);
      if (!resale) return order;
      // A resale: the order is the supplier's — the answer names it, without an `id` (spec §3).
      return {
        resale_id: order.id,
        reference: order.reference,
        supplier: { id: owner, name: resale.supplierName },
        status: order.status,
        payment_status: order.payment_status,
        currency: order.currency,
        total: order.total,
        commission: resale.commissionMinor,
      };
    },
  );

  app.get(
    '/api/orders/filter-options/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "The values each order filter offers, from the organization's orders",
        response: { 200: orderFilterOptionsShape, ...errors },
      },
    },
    async (request) => orderFilterOptions(db, principalOf(request).accountId),
  );

  app.get(
    '/api/orders/:id/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: 'An order with its lines, bookings and payments',
        params: orderParams,
        response: { 200: orderDetail, ...errors },
      },
    },
    async (request) => getOrder(db, principalOf(request).accountId, request.params.id),
  );

  app.post(
    '/api/orders/:id/cancel/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "Cancel an order: its places come back once; answers the refund the offers' cancellation policies propose",
        params: orderParams,
        response: { 200: cancelOrderResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const { canceledLineIds, ...canceled } = await cancelOrder(
        db,
        accountId,
        request.params.id,
        ctx.clock(),
        cancelBy(request),
      );
      await noticeOrder(ctx, accountId, request.params.id, {
        kind: 'canceled',
        lineIds: canceledLineIds,
        refund: canceled.refund,
      });
      return canceled;
    },
  );

  app.post(
    '/api/orders/:id/confirm/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: 'Confirm an order waiting for confirmation (on-request offers): its bookings become Confirmed',
        params: orderParams,
        response: { 200: orderDetail, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const confirmed = await confirmOrder(db, accountId, request.params.id);
      await noticeOrder(ctx, accountId, confirmed.id, { kind: 'confirmed' });
      return confirmed;
    },
  );

  app.post(
    '/api/orders/:id/decline/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          'Decline an order waiting for confirmation: canceled, its places come back, everything paid is proposed for refund',
        params: orderParams,
        response: { 200: cancelOrderResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const { canceledLineIds: _, ...declined } = await declineOrder(
        db,
        accountId,
        request.params.id,
        ctx.clock(),
        cancelBy(request),
      );
      await noticeOrder(ctx, accountId, declined.order.id, { kind: 'declined', refund: declined.refund });
      return declined;
    },
  );

  app.post(
    '/api/orders/:id/resend-confirmation/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          'Email the buyer their confirmation again (with the calendar file), right after the answer; refused for a canceled order or one without an email',
        params: orderParams,
        response: { 202: resendConfirmationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await resendConfirmation(ctx, principalOf(request).accountId, request.params.id);
      reply.code(202);
      return sent;
    },
  );

  app.get(
    '/api/orders/:orderPk/payments/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "An order's payments and refunds",
        params: paymentsParams,
        response: { 200: z.array(orderPayment), ...errors },
      },
    },
    async (request) => (await listPayments(db, principalOf(request).accountId, request.params.orderPk)).map(toPayment),
  );

  app.get(
    '/api/orders/:orderPk/payments/:id/',
    {
      config: manageOrders,
      schema: { tags, summary: 'One payment or refund', params: lineParams, response: { 200: orderPayment, ...errors } },
    },
    async (request) => {
      const found = (await listPayments(db, principalOf(request).accountId, request.params.orderPk)).find(
        (p) => p.id === request.params.id,
      );
      if (!found) throw notFound('This payment does not exist.');
      return toPayment(found);
    },
  );

  app.post(
    '/api/orders/:orderPk/payments/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          'Record a payment (cash, bank transfer, or card: through the test-mode provider, or taken on the card terminal with a Stripe ' +
          'connection or none) or a refund (of a Stripe-paid order: through Stripe), never more than was paid; `idempotency_key` makes ' +
          'a repeated request record nothing twice (and finishes one interrupted between the provider and our commit)',
        params: paymentsParams,
        body: paymentInput,
        response: { 201: orderPayment, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { payment, replayed } = await recordPayment(db, principal.accountId, request.params.orderPk, request.body, {
        userId: principal.kind === 'user' ? principal.userId : null,
        stripe: ctx.stripe,
      });
      if (!replayed && payment.kind === 'refund' && payment.status === 'succeeded') {
        await noticeOrder(ctx, principal.accountId, payment.orderId, { kind: 'refunded', amount: payment.amountMinor });
      }
      reply.code(201);
      return toPayment(payment);
    },
  );

  app.get(
    '/api/order',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['public booking'],
        summary:
          'The order a checkout produced, for its confirmation page: reference, state, what was booked (the session id is the key)',
        querystring: orderSessionQuery,
        response: { 200: publicOrder, ...errors },
      },
    },
    async (request) => orderOfSession(db, await publicAccountOf(db, request.subdomain), request.query.session_id),
  );

  app.post(
    '/api/1/book/',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['public booking'],
        summary: 'Turn a hold into a confirmed order (exactly once), with the contact of the person booking',
        body: bookInput,
        response: { 201: bookResponse, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      const booked = await bookHold(db, accountId, request.body, { now: ctx.clock(), channel: 'api' });
      await noticeOrder(ctx, accountId, booked.id, { kind: booked.status === 'confirmed' ? 'confirmed' : 'requested' });
      reply.code(201);
      return booked;
    },
  );
};
