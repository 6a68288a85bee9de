import type { ListQuery } from '@excursio/contract/list';
import { type AccountUser, type AccountUserPatchInput, USER_ORDERING } from '@excursio/contract/users';
import type { FastifyRequest } from 'fastify';
import type { UserPrincipal } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { orderingOf, pageWindow, paginate } from '../../http/paging.ts';
import type { AppContext } from '../../http/types.ts';
import { revokeUserRefreshTokens } from './tokens.repository.ts';
import { findAccountUser, listAccountUsers, setUserActive, updateNames } from './users.repository.ts';

type Row = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};

const toAccountUser = (row: Row): AccountUser => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  is_active: row.isActive,
  last_login: row.lastLoginAt?.toISOString() ?? null,
  date_joined: row.createdAt.toISOString(),
});

export const listUsers = async (ctx: AppContext, request: FastifyRequest, principal: UserPrincipal, query: ListQuery) => {
  const order = orderingOf(query.ordering, USER_ORDERING, { field: 'date_joined', descending: false });
  const { rows, count } = await listAccountUsers(ctx.db, principal.accountId, {
    search: query.search || undefined,
    order,
    ...pageWindow(query),
  });
  return paginate(request, query, rows.map(toAccountUser), count);
};

const load = async (ctx: AppContext, principal: UserPrincipal, id: string) => {
  const row = await findAccountUser(ctx.db, principal.accountId, id);
  if (!row) throw notFound();
  return row;
};

export const getUser = async (ctx: AppContext, principal: UserPrincipal, id: string) =>
  toAccountUser(await load(ctx, principal, id));

const setActive = async (
  ctx: AppContext,
  principal: UserPrincipal,
  target: Row & { isOwner: boolean | null },
  active: boolean,
) => {
  if (active === target.isActive) return;
  if (target.id === principal.userId) throw badRequest('To delete your own account, use your profile.', 'self');
  if (!active) {
    if (target.isOwner) throw badRequest('The organization owner cannot be deactivated.', 'owner');
  }
  await ctx.db.transaction(async (tx) => {
    await setUserActive(tx, principal.accountId, target.id, active);
    if (!active) await revokeUserRefreshTokens(tx, target.id);
  });
};

export const updateUser = async (ctx: AppContext, principal: UserPrincipal, id: string, input: AccountUserPatchInput) => {
  const target = await load(ctx, principal, id);
  if (input.is_active !== undefined) await setActive(ctx, principal, target, input.is_active);
  await updateNames(ctx.db, principal.accountId, id, {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
  });
  return getUser(ctx, principal, id);
};

/** Deactivates (never deletes: orders and audit trails reference people). */
export const deactivateUser = async (ctx: AppContext, principal: UserPrincipal, id: string) => {
  await setActive(ctx, principal, await load(ctx, principal, id), false);
};
