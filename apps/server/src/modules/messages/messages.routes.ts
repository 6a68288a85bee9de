import { idParams } from '@excursio/contract/common';
import { errorResponse } from '@excursio/contract/list';
import { cartContactInput, customerMessage } from '@excursio/contract/product-configuration';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { listOrderMessages, optOut, recordCartContact } from './messages.service.ts';

const tags = ['messages'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const messageRoutes = (app: Api, ctx: AppContext) => {
  const { db, config } = ctx;

  app.get(
    '/api/orders/:id/messages/',
    {
      config: { access: { permissions: ['Manage orders'], features: ['orders'] } },
      schema: {
        tags,
        summary: 'The messages sent to the order’s customer by the job queue (reminders, follow-up), newest first',
        params: idParams,
        response: { 200: z.array(customerMessage), ...errors },
      },
    },
    async (request) => listOrderMessages(db, principalOf(request).accountId, request.params.id),
  );

  app.post(
    '/api/webstores/cart-contact/',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'The webstore checkout’s email for the visitor’s holds: if they expire without an order, one reminder goes ' +
          'to that address (unless it opted out). Nothing is sent to an address a visitor did not type.',
        body: cartContactInput,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const accountId = await publicAccountOf(db, request.subdomain);
      await recordCartContact(db, accountId, request.body, ctx.clock());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/messages/unsubscribe/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The link of an abandoned-cart email: no more such reminders to that address from the organization',
        querystring: z.strictObject({ a: z.uuid(), e: z.string().max(254), t: z.string().max(100) }),
        response: { 200: z.object({ detail: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await optOut(db, config, request.query))) {
        return reply.status(400).send({
          type: 'validation_error',
          errors: [{ code: 'invalid', detail: 'This link is not valid.', attr: null }],
        });
      }
      return { detail: 'You will receive no more reminders about unfinished bookings.' };
    },
  );
};
