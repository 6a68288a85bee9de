import { idParams } from '@excursio/contract/common';
import { paginated } from '@excursio/contract/list';
import {
  acceptInviteInput,
  acceptInviteResult,
  invitation,
  invitationInput,
  MEMBER_STATUSES,
  TEAM_MEMBER_ORDERING,
  teamMember,
  teamMemberInput,
  teamMemberPatchInput,
} from '@excursio/contract/team';
import { z } from 'zod';
import { baseUrl } from '../../config.ts';
import { principalOf, userPrincipalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { setAuthCookies } from '../auth/cookies.ts';
import { acceptInvite, invitationDetails, inviteMember, resendInvite } from './invites.service.ts';
import { changeMember, getMember, listMembersPage, removeMember } from './team-members.service.ts';

const manageUsers = { access: { permissions: ['Manage users'] as const } };
const tags = ['team'];
const listQuery = listQuerySchema({ status: z.enum(MEMBER_STATUSES).optional(), role: z.uuid().optional() });

export const teamMemberRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/team-members/',
    {
      config: manageUsers,
      schema: { tags, summary: 'List team members', querystring: listQuery, response: { 200: paginated(teamMember) } },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const query = request.query;
      const ordering = orderingOf(query.ordering, TEAM_MEMBER_ORDERING, { field: 'email', descending: false });
      const { results, count } = await listMembersPage(ctx.db, accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    '/api/team-members/',
    {
      config: manageUsers,
      schema: { tags, summary: 'Invite a team member by email', body: teamMemberInput, response: { 201: teamMember } },
    },
    async (request, reply) => reply.status(201).send(await inviteMember(ctx, userPrincipalOf(request), request.body)),
  );

  app.get(
    '/api/team-members/:id/',
    { config: manageUsers, schema: { tags, summary: 'Retrieve a team member', params: idParams, response: { 200: teamMember } } },
    async (request) => getMember(ctx.db, principalOf(request).accountId, request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/api/team-members/:id/',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: method === 'put' ? 'Update a team member' : 'Partially update a team member',
          params: idParams,
          body: teamMemberPatchInput,
          response: { 200: teamMember },
        },
      },
      async (request) => changeMember(ctx.db, userPrincipalOf(request), request.params.id, request.body),
    );
  }

  app.delete(
    '/api/team-members/:id/',
    {
      config: manageUsers,
      schema: { tags, summary: 'Remove a team member (and their login)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeMember(ctx.db, userPrincipalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/team-members/:id/resend-invite/',
    {
      config: manageUsers,
      schema: { tags, summary: 'Send the invitation again', params: idParams, response: { 200: teamMember } },
    },
    async (request) => resendInvite(ctx, userPrincipalOf(request), request.params.id),
  );

  app.post(
    '/api/team-members/accept-invite/',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Accept an invitation (on the organization's address), choose a password, and be signed in",
        body: acceptInviteInput,
        response: { 200: acceptInviteResult },
      },
    },
    async (request, reply) => {
      const { subdomain, session } = await acceptInvite(ctx, request.subdomain, request.body);
      // On the organization's own address (acceptInvite insists): its cookies sign the new member in.
      setAuthCookies(reply, ctx.config, session);
      return { subdomain, redirect_url: `${baseUrl(ctx.config, subdomain)}/dashboard` };
    },
  );

  // POST, not GET: the token stays out of URLs and access logs.
  app.post(
    '/api/team-members/invitation/',
    {
      // Public: the invitee has no account yet and the token is the key. A member of this
      // organization reading one is managing the team: 'Manage users', checked before the body.
      config: { access: 'public', membersNeed: ['Manage users'], rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Who an invitation is for: the organization, the email and the names the inviter entered (the token stays unused)',
        body: invitationInput,
        response: { 200: invitation },
      },
    },
    async (request) => invitationDetails(ctx, request.subdomain, request.body.token),
  );
};
