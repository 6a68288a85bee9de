import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import type { Api } from '../../http/types.ts';
import type { WebhookReceiver } from './webhooks.service.ts';

/**
 * POST /api/stripe/webhook/: the provider's event deliveries. The body is kept raw (a buffer, in
 * this scope only): the signature covers the exact bytes, so a re-serialized body fails it.
 */
export const webhookRoutes = async (app: Api, receiver: WebhookReceiver) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/stripe/webhook/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary:
            'Webhook events of the card payments and billing provider: signature checked on the raw body (5 minutes tolerance), each event processed once',
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }), 400: errorResponse },
        },
      },
      async (request) => {
        const header = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await receiver.receive(raw, Array.isArray(header) ? header[0] : header);
        request.log.info({ event: outcome.event, type: outcome.type, duplicate: outcome.duplicate }, 'webhook event');
        return { received: true, duplicate: outcome.duplicate };
      },
    );
  });
};
