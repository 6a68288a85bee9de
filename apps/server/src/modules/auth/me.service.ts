import type { Me } from '@excursio/contract/auth';
import type { UserPrincipal } from '../../http/access.ts';
import { badRequest, invalid, notAuthenticated } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { verifyPassword } from './password.ts';
import { revokeUserRefreshTokens } from './tokens.repository.ts';
import { countActiveOwners, findMe, findUserById, setUserActive, updateNames } from './users.repository.ts';

/** The signed-in user as the access layer loaded it for this request: no query of its own. */
export const getMe = (principal: UserPrincipal): Me => ({
  id: principal.userId,
  email: principal.email,
  first_name: principal.profile.firstName,
  last_name: principal.profile.lastName,
  phone: principal.profile.phone,
  is_active: principal.profile.isActive,
  role: principal.role,
  base_account: {
    id: principal.accountId,
    name: principal.profile.accountName,
    subdomain: principal.subdomain,
    type: principal.profile.accountType,
    active_subscription_features: principal.features,
  },
  cart: null,
});

export const updateMe = async (
  ctx: AppContext,
  principal: UserPrincipal,
  input: { first_name?: string; last_name?: string; phone?: string },
) => {
  await ctx.db.transaction((tx) =>
    updateNames(tx, principal.accountId, principal.userId, {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    }),
  );
  const row = await findMe(ctx.db, principal.accountId, principal.userId);
  if (!row) throw notAuthenticated();
  return getMe({
    ...principal,
    profile: { ...principal.profile, firstName: row.firstName, lastName: row.lastName, phone: row.phone },
  });
};

/** An organization must keep an active owner, so its last one cannot leave this way. */
export const assertNotLastOwner = async (ctx: AppContext, accountId: string, isOwner: boolean, detail: string) => {
  if (isOwner && (await countActiveOwners(ctx.db, accountId)) <= 1) throw badRequest(detail, 'last_owner');
};

export const deleteMe = async (ctx: AppContext, principal: UserPrincipal, currentPassword: string) => {
  const user = await findUserById(ctx.db, principal.userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw invalid('current_password', 'Your current password is incorrect.', 'wrong_password');
  }
  await assertNotLastOwner(
    ctx,
    principal.accountId,
    principal.isOwner,
    'You are the only owner of this organization. Make another member an owner before deleting your account.',
  );
  await ctx.db.transaction(async (tx) => {
    await setUserActive(tx, principal.accountId, principal.userId, false);
    await revokeUserRefreshTokens(tx, principal.userId);
  });
};
