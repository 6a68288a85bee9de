import type { PermissionSet } from '@excursio/contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { permissionSets, rolePermissionSets, roles, teamMembers } from '../../db/schema/team.ts';
import { users } from '../../db/schema/users.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { canSignIn } from './sign-in-rule.ts';

const principalQuery = (db: Db) =>
  prepared(db, 'auth.principal', (name) =>
    db
      .select({
        userId: users.id,
        accountId: users.accountId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        isActive: users.isActive,
        subdomain: baseAccounts.subdomain,
        accountName: baseAccounts.name,
        accountType: baseAccounts.type,
        accountActive: baseAccounts.isActive,
        features: subscriptionTiers.features,
        memberStatus: teamMembers.status,
        isOwner: teamMembers.isOwner,
        roleId: roles.id,
        roleName: roles.name,
        // One round trip: the ids of the role's permission sets in the same query (the sets
        // themselves are global reference data, read once).
        setIds: sql<string[]>`coalesce((
          select array_agg(rps.permission_set_id) from ${rolePermissionSets} rps where rps.role_id = ${roles.id}), '{}')`,
      })
      .from(users)
      .innerJoin(baseAccounts, eq(baseAccounts.id, users.accountId))
      .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
      .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(roles, eq(roles.id, teamMembers.roleId))
      .where(and(eq(users.id, sql.placeholder('userId')), eq(users.accountId, sql.placeholder('accountId'))))
      .prepare(name),
  );

/**
 * The caller as the access layer needs it — with the profile `/api/users/me/` shows, so that route
 * needs no query of its own — or null if the user may not act (inactive, removed). Loaded on every
 * request (never cached), so a changed role or a removal applies to the very next request; one
 * prepared statement, one round trip.
 */
export const loadPrincipal = async (db: Db, userId: string, accountId: string): Promise<UserPrincipal | null> => {
  const [row] = await principalQuery(db).execute({ userId, accountId });
  if (!row || !canSignIn(row)) return null;
  const all = await permissionSetsOf(db);
  const ids = new Set(row.setIds);
  return {
    kind: 'user',
    userId: row.userId,
    accountId: row.accountId,
    subdomain: row.subdomain,
    email: row.email,
    role:
      row.roleId && row.roleName
        ? { id: row.roleId, name: row.roleName, permission_sets: all.filter((set) => ids.has(set.id)) }
        : null,
    features: row.features ?? [],
    isOwner: row.isOwner,
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      isActive: row.isActive,
      accountName: row.accountName,
      accountType: row.accountType,
    },
  };
};

const setsByDatabase = new WeakMap<Db, Promise<PermissionSet[]>>();
/** The global permission sets, seeded before the app starts and never changed by it: read once. */
export const permissionSetsOf = (db: Db) => {
  let sets = setsByDatabase.get(db);
  if (!sets) {
    // `.then` turns drizzle's query builder (which runs again on every await) into one promise.
    sets = listPermissionSets(db).then((rows) => rows);
    setsByDatabase.set(db, sets);
    sets.catch(() => setsByDatabase.delete(db));
  }
  return sets;
};

export const listPermissionSets = (db: Executor) =>
  db
    .select({ id: permissionSets.id, title: permissionSets.title, codenames: permissionSets.codenames })
    .from(permissionSets)
    .orderBy(permissionSets.title);
