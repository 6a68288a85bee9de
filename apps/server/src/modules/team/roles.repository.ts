import type { ROLE_ORDERING } from '@excursio/contract/team';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { permissionSets, rolePermissionSets, roles, teamMembers } from '../../db/schema/team.ts';
import type { Ordering } from '../../http/paging.ts';

export type RoleOrderingField = (typeof ROLE_ORDERING)[number];
export type RoleRow = typeof roles.$inferSelect & { membersCount: number };

const membersCount = (accountId: string) =>
  // Spelled out: drizzle leaves columns unqualified in single-table selects, which a correlated subquery cannot use.
  sql<number>`(select count(*)::int from "team_members" tm where tm."role_id" = "roles"."id" and tm."account_id" = ${accountId})`;

const roleColumns = (accountId: string) => ({
  id: roles.id,
  accountId: roles.accountId,
  name: roles.name,
  description: roles.description,
  isOwner: roles.isOwner,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  membersCount: membersCount(accountId),
});

export const listRoles = async (
  db: Executor,
  accountId: string,
  query: { search?: string; ordering: Ordering<RoleOrderingField>; limit: number; offset: number },
) => {
  const where = and(eq(roles.accountId, accountId), searchAny(query.search, roles.name));
  const column = { name: roles.name, created_at: roles.createdAt, members_count: membersCount(accountId) }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows: RoleRow[] = await db
    .select(roleColumns(accountId))
    .from(roles)
    .where(where)
    .orderBy(direction(column), asc(roles.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(roles).where(where);
  return { rows, count: total };
};

export const findRole = async (db: Executor, accountId: string, roleId: string): Promise<RoleRow | null> =>
  (
    await db
      .select(roleColumns(accountId))
      .from(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)))
  )[0] ?? null;

/** Locks the role row for the rest of the transaction (concurrent edits and deletes serialize). */
export const lockRole = async (db: Executor, accountId: string, roleId: string) =>
  (
    await db
      .select({ id: roles.id, isOwner: roles.isOwner })
      .from(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)))
      .for('update')
  )[0] ?? null;

export const roleNameTaken = async (db: Executor, accountId: string, name: string, exceptId?: string) => {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), sql`lower(${roles.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
};

/** Permission sets of the given roles of the account, by role id. */
export const permissionSetsOfRoles = async (db: Executor, accountId: string, roleIds: string[]) => {
  const bySet = new Map<string, { id: string; title: string; codenames: string[] }[]>();
  if (roleIds.length === 0) return bySet;
  const rows = await db
    .select({
      roleId: rolePermissionSets.roleId,
      id: permissionSets.id,
      title: permissionSets.title,
      codenames: permissionSets.codenames,
    })
    .from(rolePermissionSets)
    .innerJoin(roles, eq(roles.id, rolePermissionSets.roleId))
    .innerJoin(permissionSets, eq(permissionSets.id, rolePermissionSets.permissionSetId))
    .where(and(eq(roles.accountId, accountId), inArray(rolePermissionSets.roleId, roleIds)))
    .orderBy(asc(permissionSets.title));
  for (const { roleId, ...set } of rows) bySet.set(roleId, [...(bySet.get(roleId) ?? []), set]);
  return bySet;
};

/** Global reference data: the permission sets with these ids that exist. */
export const findPermissionSets = async (db: Executor, ids: string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: permissionSets.id, title: permissionSets.title, codenames: permissionSets.codenames })
        .from(permissionSets)
        .where(inArray(permissionSets.id, ids));

export const insertRole = async (db: Executor, accountId: string, values: { name: string; description: string }) =>
  (
    await db
      .insert(roles)
      .values({ accountId, ...values })
      .returning({ id: roles.id })
  )[0];

export const updateRole = async (
  db: Executor,
  accountId: string,
  roleId: string,
  values: { name?: string; description?: string },
) => {
  await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() }) // never an empty SET, even when only other tables change
    .where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
};

/** Replaces the role's permission sets. The role must belong to the account (checked by the caller's lock). */
export const setRolePermissionSets = async (db: Executor, accountId: string, roleId: string, setIds: string[]) => {
  const owned = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  if (owned.length === 0) return;
  await db.delete(rolePermissionSets).where(eq(rolePermissionSets.roleId, roleId));
  if (setIds.length) await db.insert(rolePermissionSets).values(setIds.map((permissionSetId) => ({ roleId, permissionSetId })));
};

export const deleteRole = async (db: Executor, accountId: string, roleId: string) => {
  await db.delete(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
};

export const countMembersWithRole = async (db: Executor, accountId: string, roleId: string) =>
  (
    await db
      .select({ total: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.roleId, roleId)))
  )[0].total;
