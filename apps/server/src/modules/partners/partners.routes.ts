import { errorResponse, paginated } from '@excursio/contract/list';
import {
  PARTNERSHIP_ORDERING,
  partnership,
  partnershipInvite,
  partnershipListFilters,
  partnershipTermsPatch,
  sharedOffer,
} from '@excursio/contract/partners';
import { z } from 'zod';
import { baseUrl } from '../../config.ts';
import { type Principal, principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { salePaymentsOf } from '../payments/sale-payments.ts';
import { changeStatus, changeTerms, getPartnership, invitePartner, listPartnerships, sharedOffers } from './partners.service.ts';

/**
 * Reading partnerships needs 'Manage stores' (who runs the channels sees the partners selling
 * through them); every change — invite, answer, terms, pause, end — needs 'Manage account': a
 * partnership is a commercial contract of the organization. Feature `partners` for both.
 */
export const readPartners = { access: { permissions: ['Manage stores'], features: ['partners'] } } as const;
export const changePartners = { access: { permissions: ['Manage account'], features: ['partners'] } } as const;
/** The shared offers are what a reseller sells: 'Manage cart' and feature `resales`. */
const readSharedOffers = { access: { permissions: ['Manage cart'], features: ['resales'] } } as const;
const tags = ['partners'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const params = z.strictObject({ id: z.uuid() });

/** The organization acting, with its signed-in person's email (an API key has none). */
export const acting = (p: Principal) => ({
  accountId: p.accountId,
  email: p.kind === 'user' ? p.email : null,
  features: p.features,
});

export const partnerRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/partners/',
    {
      config: readPartners,
      schema: {
        tags,
        summary:
          "The organization's partnerships: type=resellers ('My resellers', we supply) or suppliers ('My suppliers', we resell), " +
          'status, search by the partner’s name, ordering created_at / name / status',
        querystring: listQuerySchema(partnershipListFilters),
        response: { 200: paginated(partnership), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, PARTNERSHIP_ORDERING, { field: 'created_at', descending: true });
      const { results, count } = await listPartnerships(db, acting(principalOf(request)), {
        ...query,
        ordering,
        ...pageWindow(query),
      });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/partners/',
    {
      config: changePartners,
      schema: {
        tags,
        summary:
          'Invite an organization by subdomain or email to be one of our resellers (partner_type=resellers) or suppliers ' +
          '(partner_type=suppliers, needs the plan feature `resales`), with the proposed terms',
        body: partnershipInvite,
        response: { 201: partnership, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { partnership: created, mailTo } = await invitePartner(db, acting(principal), request.body);
      if (mailTo) {
        const from = created.supplier?.name ?? created.reseller?.name ?? principal.subdomain;
        const link = `${baseUrl(ctx.config)}/auth/login`;
        ctx.background.run('partner invitation mail', () =>
          ctx.mailer.send({
            to: mailTo,
            subject: `${from} invites your organization to partner on Excursio`,
            text: [
              'Hello,',
              '',
              `${from} would like your organization to ${created.partner_type === 'resellers' ? 'resell its offers' : 'supply offers for it to resell'} on Excursio.`,
              ...(created.message ? ['', created.message] : []),
              '',
              `Sign in with this email address and open Sales → Partners to accept or decline: ${link}`,
              'No account yet? Register your organization with this address first.',
            ].join('\n'),
          }),
        );
      }
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/partners/offers/',
    {
      config: readSharedOffers,
      schema: {
        tags,
        summary: 'The Active offers our suppliers share with us now (to sell in the back office or add to a store)',
        querystring: listQuerySchema(),
        response: { 200: paginated(sharedOffer), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { results, count } = await sharedOffers(db, principalOf(request).accountId, {
        search: query.search,
        ...pageWindow(query),
      });
      return paginate(request, query, results, count);
    },
  );

  app.get(
    '/api/partners/:id/',
    {
      config: readPartners,
      schema: { tags, summary: 'One partnership', params, response: { 200: partnership, ...errors } },
    },
    async (request) => getPartnership(db, acting(principalOf(request)), request.params.id),
  );

  app.patch(
    '/api/partners/:id/',
    {
      config: changePartners,
      schema: {
        tags,
        summary:
          'Change the terms (the supplier; while pending, the inviter). Applies to sales from now on; past resales keep theirs',
        params,
        body: partnershipTermsPatch,
        response: { 200: partnership, ...errors },
      },
    },
    async (request) => changeTerms(db, acting(principalOf(request)), request.params.id, request.body),
  );

  for (const [action, summary] of [
    ['accept', 'Accept an invitation sent to us (as reseller: needs the plan feature `resales`)'],
    ['decline', 'Decline an invitation sent to us'],
    ['pause', 'Pause: no new sales until resumed (either side)'],
    ['resume', 'Resume a paused partnership (either side)'],
    ['end', 'End it (or withdraw our invitation): no new sales from now on; past resales stay readable'],
  ] as const) {
    app.post(
      `/api/partners/:id/${action}/`,
      {
        config: changePartners,
        schema: { tags, summary, params, response: { 200: partnership, ...errors } },
      },
      async (request) => {
        const who = acting(principalOf(request));
        const changed = await changeStatus(db, who, request.params.id, action, ctx.clock);
        if ((action !== 'accept' && action !== 'resume') || changed.status !== 'active') return changed;
        if (changed.reseller?.id !== who.accountId || !changed.supplier) return changed;
        // The reseller learns now if its stores cannot take payment for these offers (not a refusal).
        const sale = await salePaymentsOf(db, ctx.stripe, {
          sellerAccountId: who.accountId,
          ownerAccountId: changed.supplier.id,
          collector: changed.terms.payment_collector,
        });
        return {
          ...changed,
          payment_warning: sale.reason ? `Visitors of your stores cannot pay for these offers yet: ${sale.reason}` : null,
        };
      },
    );
  }
};
