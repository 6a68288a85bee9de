import type { PermissionSet } from '@excursio/contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { permissionSets, rolePermissionSets, roles, teamMembers } from '../../db/schema/team.ts';
import { users } from '../../db/schema/users.ts';
import type { Principal } from '../../http/access.ts';
import { canSignIn } from './sign-in-rule.ts';

/** The caller as the access layer needs it, or null if the user may not act (inactive, removed). */
export const loadPrincipal = async (db: Executor, userId: string, accountId: string): Promise<Principal | null> => {
  const [row] = await db
    .select({
      userId: users.id,
      accountId: users.accountId,
      email: users.email,
      isActive: users.isActive,
      subdomain: baseAccounts.subdomain,
      accountActive: baseAccounts.isActive,
      features: subscriptionTiers.features,
      memberStatus: teamMembers.status,
      isOwner: teamMembers.isOwner,
      roleId: roles.id,
      roleName: roles.name,
      // One round trip: the role's permission sets aggregated in the same query.
      sets: sql<PermissionSet[]>`coalesce((
        select json_agg(json_build_object('id', ps.id, 'title', ps.title, 'codenames', ps.codenames) order by ps.title)
        from ${rolePermissionSets} rps join ${permissionSets} ps on ps.id = rps.permission_set_id
        where rps.role_id = ${roles.id}), '[]'::json)`,
    })
    .from(users)
    .innerJoin(baseAccounts, eq(baseAccounts.id, users.accountId))
    .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
    .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(roles, eq(roles.id, teamMembers.roleId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  if (!row || !canSignIn(row)) return null;
  return {
    userId: row.userId,
    accountId: row.accountId,
    subdomain: row.subdomain,
    email: row.email,
    role: row.roleId && row.roleName ? { id: row.roleId, name: row.roleName, permission_sets: row.sets } : null,
    features: row.features ?? [],
    isOwner: row.isOwner,
  };
};

export const listPermissionSets = (db: Executor) =>
  db
    .select({ id: permissionSets.id, title: permissionSets.title, codenames: permissionSets.codenames })
    .from(permissionSets)
    .orderBy(permissionSets.title);
