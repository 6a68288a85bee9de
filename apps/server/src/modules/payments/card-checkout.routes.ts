import { errorResponse } from '@excursio/contract/list';
import { reconciliationAnswer } from '@excursio/contract/payments';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { publicAccountOf } from '../accounts/base-accounts.service.ts';
import { type CheckoutRow, findCheckout, storeOfCheckout } from './card-checkouts.repository.ts';
import { fulfilCheckout } from './fulfilment.service.ts';
import { reconciliationOf, runReconciliation } from './reconciliation.service.ts';
import { providerUnreachable } from './refunds.service.ts';

const tags = ['payments'];

/** Where the visitor lands after Stripe Checkout, by what became of the checkout. */
const landing = (checkout: CheckoutRow, slug: string | null) => {
  const store = slug ? `/s/${slug}` : '/s';
  const session = encodeURIComponent(checkout.sessionId);
  switch (checkout.status) {
    case 'completed':
      return `${store}/confirmation?session_id=${session}`;
    case 'open':
      // Paid but not confirmed by Stripe yet (or not paid): the page waits for the order.
      return `${store}/confirmation?session_id=${session}&payment=pending`;
    default:
      // expired, refunded (paid too late: the money went back), flagged (staff will refund).
      return `${store}/checkout?payment=${checkout.status}`;
  }
};

/**
 * The card checkout's routes: the return from Stripe Checkout (public: the checkout id is the key,
 * on the selling store's host) and the reconciliation of the organization's card payments.
 */
export const cardCheckoutRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/stripe/return/',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Stripe Checkout's success redirect: fulfils the checkout (the same idempotent fulfilment as the webhook) and sends the " +
          'visitor on to the confirmation page (or back to the checkout when the payment came too late and was refunded)',
        querystring: z.object({ checkout: z.uuid() }),
        response: { 302: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const hostAccount = await publicAccountOf(db, request.subdomain);
      const found = await findCheckout(db, request.query.checkout);
      if (!found || found.storeAccountId !== hostAccount) {
        return reply.status(404).send({
          type: 'client_error',
          errors: [{ code: 'not_found', detail: 'This checkout does not exist.', attr: null }],
        });
      }
      const log = (message: string, data: object) => request.log.warn(data, message);
      // Stripe unreachable now: the webhook fulfils it; the page waits for the order meanwhile.
      const fulfilled = await fulfilCheckout(ctx, found.id, log).catch((error: unknown) => {
        log('card checkout return: fulfilment failed, the webhook will do it', { checkout: found.id, error: String(error) });
        return null;
      });
      const checkout = fulfilled?.checkout ?? found;
      const { slug } = await storeOfCheckout(db, checkout);
      return reply.redirect(landing(checkout, slug), 302);
    },
  );

  app.get(
    '/api/stripe/reconciliation/',
    {
      config: { access: { permissions: ['Manage account', 'Manage orders'], anyPermission: true } },
      schema: {
        tags,
        summary: "The last reconciliation of the organization's card payments with the provider's, and the late payments",
        response: { 200: reconciliationAnswer, 403: errorResponse },
      },
    },
    async (request) => reconciliationOf(db, principalOf(request).accountId, ctx.clock()),
  );

  app.post(
    '/api/stripe/reconciliation/',
    {
      config: { access: { permissions: ['Manage account'] } },
      schema: {
        tags,
        summary:
          'Reconcile now: every Stripe payment and refund recorded in the last 90 days against Stripe (and Stripe’s payments ' +
          'for the organization that have no order here); the findings replace the last run’s',
        response: { 200: reconciliationAnswer, 403: errorResponse, 502: errorResponse },
      },
    },
    async (request) =>
      runReconciliation(db, ctx.stripe, principalOf(request).accountId, ctx.clock()).catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        request.log.warn({ error: String(error) }, 'reconciliation: the provider did not answer');
        throw providerUnreachable();
      }),
  );
};
