import { hasPermissions } from '@excursio/contract/permissions';
import type { Role } from '@excursio/contract/team';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { badRequest, conflict, invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { listPermissionSets } from '../auth/principal.repository.ts';
import {
  countMembersWithRole,
  deleteRole,
  findPermissionSets,
  findRole,
  insertRole,
  listRoles,
  lockRole,
  permissionSetsOfRoles,
  type RoleOrderingField,
  type RoleRow,
  roleNameTaken,
  setRolePermissionSets,
  updateRole,
} from './roles.repository.ts';
import { auditRole, roleSnapshot } from './team-audit.ts';

const NAME_TAKEN = 'A role with this name already exists.';

const toRole = (row: RoleRow, sets: Role['permission_sets']): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  is_owner: row.isOwner,
  members_count: row.membersCount,
  permission_sets: sets,
  created_at: row.createdAt.toISOString(),
});

const withSets = async (db: Executor, accountId: string, rows: RoleRow[]) => {
  const sets = await permissionSetsOfRoles(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRole(row, sets.get(row.id) ?? []));
};

export const listRolesPage = async (
  db: Db,
  accountId: string,
  query: { page: number; page_size: number; search?: string; ordering: Ordering<RoleOrderingField> },
) => {
  const { rows, count } = await listRoles(db, accountId, {
    search: query.search,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: await withSets(db, accountId, rows), count };
};

export const getRole = async (db: Executor, accountId: string, roleId: string) => {
  const row = await findRole(db, accountId, roleId);
  if (!row) throw notFound();
  return (await withSets(db, accountId, [row]))[0];
};

const checkedSetIds = async (db: Executor, ids: string[]) => {
  const unique = [...new Set(ids)];
  const found = await findPermissionSets(db, unique);
  const missing = unique.filter((id) => !found.some((s) => s.id === id));
  if (missing.length) throw invalid('permission_set_ids', `Unknown permission set: ${missing.join(', ')}.`, 'does_not_exist');
  return found;
};

/**
 * A member who manages the team may not strip 'Manage users' from the role they hold themselves:
 * nobody but the owner could then give it back to them. The owner can never be locked out.
 */
const refuseSelfLockout = async (
  db: Executor,
  caller: UserPrincipal,
  roleId: string,
  sets: { title: string; codenames: string[] }[],
) => {
  if (caller.isOwner || caller.role?.id !== roleId) return;
  if (!(await grantsTeamAccess(db, sets))) {
    throw invalid(
      'permission_set_ids',
      "You cannot remove 'Manage users' from your own role: you would lose access to team management.",
      'self_lockout',
    );
  }
};

/** Whether these permission sets still grant team management ('Manage users'). */
export const grantsTeamAccess = async (db: Executor, sets: { title: string; codenames: string[] }[]) =>
  hasPermissions({ role: { permission_sets: sets } }, { permission_sets: await listPermissionSets(db) }, ['Manage users']);

const translateUnique = (error: unknown): never => {
  if (uniqueViolation(error) !== null) throw conflict('name', NAME_TAKEN);
  throw error;
};

export const createRole = async (
  db: Db,
  accountId: string,
  input: { name: string; description: string; permission_set_ids: string[] },
) => {
  try {
    const id = await db.transaction(async (tx) => {
      if (await roleNameTaken(tx, accountId, input.name)) throw conflict('name', NAME_TAKEN);
      const sets = await checkedSetIds(tx, input.permission_set_ids);
      const role = await insertRole(tx, accountId, { name: input.name, description: input.description });
      await setRolePermissionSets(
        tx,
        accountId,
        role.id,
        sets.map((s) => s.id),
      );
      const created = await getRole(tx, accountId, role.id);
      await auditRole(tx, accountId, created, null, roleSnapshot(created));
      return role.id;
    });
    return await getRole(db, accountId, id);
  } catch (error) {
    return translateUnique(error);
  }
};

/** PUT (every field given) and PATCH (only the given fields) share this. */
export const changeRole = async (
  db: Db,
  caller: UserPrincipal,
  roleId: string,
  input: { name?: string; description?: string; permission_set_ids?: string[] },
) => {
  const accountId = caller.accountId;
  try {
    await db.transaction(async (tx) => {
      const role = await lockRole(tx, accountId, roleId);
      if (!role) throw notFound();
      if (role.isOwner) throw badRequest('The Owner role cannot be changed: it always holds every permission.', 'owner_role');
      const before = roleSnapshot(await getRole(tx, accountId, roleId));
      if (input.name !== undefined && (await roleNameTaken(tx, accountId, input.name, roleId))) {
        throw conflict('name', NAME_TAKEN);
      }
      if (input.permission_set_ids !== undefined) {
        const sets = await checkedSetIds(tx, input.permission_set_ids);
        await refuseSelfLockout(tx, caller, roleId, sets);
        await setRolePermissionSets(
          tx,
          accountId,
          roleId,
          sets.map((s) => s.id),
        );
      }
      await updateRole(tx, accountId, roleId, { name: input.name, description: input.description });
      const after = await getRole(tx, accountId, roleId);
      await auditRole(tx, accountId, after, before, roleSnapshot(after));
    });
  } catch (error) {
    translateUnique(error);
  }
  return getRole(db, accountId, roleId);
};

export const removeRole = async (db: Db, accountId: string, roleId: string) => {
  await db.transaction(async (tx) => {
    const role = await lockRole(tx, accountId, roleId);
    if (!role) throw notFound();
    if (role.isOwner) throw badRequest('The Owner role cannot be deleted.', 'owner_role');
    const members = await countMembersWithRole(tx, accountId, roleId);
    if (members > 0) {
      throw badRequest(
        `This role is assigned to ${members} team ${members === 1 ? 'member' : 'members'}. Assign them another role first.`,
        'role_in_use',
      );
    }
    const before = await getRole(tx, accountId, roleId);
    await deleteRole(tx, accountId, roleId);
    await auditRole(tx, accountId, before, roleSnapshot(before), null);
  });
};
