import {
  cancelOrderResponse,
  changePartyInput,
  changePartyResponse,
  lineOptions,
  orderLine,
  orderLinePatch,
} from '@excursio/contract/orders';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { noticeOrder } from './order-notices.service.ts';
import { changeOrderLineParty, orderLineOptions } from './order-party.service.ts';
import { cancelerOf, errors, lineParams, manageOrders, paymentsParams, tags } from './order-route-kit.ts';
import { cancelOrderLine, changeOrderLineAnswers, getOrder } from './orders.service.ts';

/** An order's lines: read, answers changed, one canceled, its party changed (and what it may become). */
export const orderLineRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  const cancelBy = cancelerOf(ctx);

  app.get(
    '/api/orders/:orderPk/lines/',
    {
      config: manageOrders,
      schema: { tags, summary: "An order's lines", params: paymentsParams, response: { 200: z.array(orderLine), ...errors } },
    },
    async (request) => (await getOrder(db, principalOf(request).accountId, request.params.orderPk)).lines,
  );

  app.get(
    '/api/orders/:orderPk/lines/:id/',
    {
      config: manageOrders,
      schema: { tags, summary: 'One line of an order', params: lineParams, response: { 200: orderLine, ...errors } },
    },
    async (request) => {
      const line = (await getOrder(db, principalOf(request).accountId, request.params.orderPk)).lines.find(
        (l) => l.id === request.params.id,
      );
      if (!line) throw notFound('This order line does not exist.');
      return line;
    },
  );

  app.patch(
    '/api/orders/:orderPk/lines/:id/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: "Change a line's answers to the offer's booking questions",
        params: lineParams,
        body: orderLinePatch,
        response: { 200: orderLine, ...errors },
      },
    },
    async (request) =>
      changeOrderLineAnswers(db, principalOf(request).accountId, request.params.orderPk, request.params.id, request.body.answers),
  );

  app.post(
    '/api/orders/:orderPk/lines/:id/cancel/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary: 'Cancel one line: its places come back once; the order is canceled with its last line',
        params: lineParams,
        response: { 200: cancelOrderResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const { orderPk, id } = request.params;
      const { canceledLineIds, ...canceled } = await cancelOrderLine(db, accountId, orderPk, id, ctx.clock(), cancelBy(request));
      await noticeOrder(ctx, accountId, orderPk, { kind: 'canceled', lineIds: canceledLineIds, refund: canceled.refund });
      return canceled;
    },
  );

  app.get(
    '/api/orders/:orderPk/lines/:id/options/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "What a line's party may become (its rate's categories and prices, places left, whether people can be added) and " +
          'the refund the cancellation policy proposes if it were canceled now',
        params: lineParams,
        response: { 200: lineOptions, ...errors },
      },
    },
    async (request) => {
      const { orderPk, id } = request.params;
      return orderLineOptions(db, principalOf(request).accountId, orderPk, id, ctx.clock());
    },
  );

  app.post(
    '/api/orders/:orderPk/lines/:id/change-party/',
    {
      config: manageOrders,
      schema: {
        tags,
        summary:
          "Change a line's party (participants per pricing category): places added are taken under the slot's lock as a " +
          'reservation takes them (409 when they are not there), places removed come back once; the line is priced on the ' +
          "server from its rate, and the removed part is canceled like a line (answers the policy's proposed refund)",
        params: lineParams,
        body: changePartyInput,
        response: { 200: changePartyResponse, ...errors },
      },
    },
    async (request) => {
      const { orderPk, id } = request.params;
      return changeOrderLineParty(db, principalOf(request).accountId, orderPk, id, request.body, ctx.clock(), cancelBy(request));
    },
  );
};
