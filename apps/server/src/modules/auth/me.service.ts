import type { Me } from '@excursio/contract/auth';
import type { Principal } from '../../http/access.ts';
import { badRequest, invalid, notAuthenticated } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { verifyPassword } from './password.ts';
import { revokeUserRefreshTokens } from './tokens.repository.ts';
import { countActiveOwners, findMe, findUserById, setUserActive, updateNames } from './users.repository.ts';

export const getMe = async (ctx: AppContext, principal: Principal): Promise<Me> => {
  const row = await findMe(ctx.db, principal.accountId, principal.userId);
  if (!row) throw notAuthenticated();
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    is_active: row.isActive,
    role: principal.role,
    base_account: {
      id: row.accountId,
      name: row.accountName,
      subdomain: row.subdomain,
      type: row.accountType,
      active_subscription_features: row.features ?? [],
    },
    cart: null,
  };
};

export const updateMe = async (
  ctx: AppContext,
  principal: Principal,
  input: { first_name?: string; last_name?: string; phone?: string },
) => {
  await ctx.db.transaction((tx) =>
    updateNames(tx, principal.accountId, principal.userId, {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    }),
  );
  return getMe(ctx, principal);
};

/** An organization must keep an active owner, so its last one cannot leave this way. */
export const assertNotLastOwner = async (ctx: AppContext, accountId: string, isOwner: boolean, detail: string) => {
  if (isOwner && (await countActiveOwners(ctx.db, accountId)) <= 1) throw badRequest(detail, 'last_owner');
};

export const deleteMe = async (ctx: AppContext, principal: Principal, currentPassword: string) => {
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
