import type { MemberStatus, TeamMember } from '@excursio/contract/team';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { badRequest, conflict, invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { emailInUse } from '../accounts/organization.repository.ts';
import { revokeUserRefreshTokens } from '../auth/tokens.repository.ts';
import { deleteInviteTokens } from './invites.repository.ts';
import { findRole, permissionSetsOfRoles } from './roles.repository.ts';
import { grantsTeamAccess } from './roles.service.ts';
import { auditMember, memberSnapshot } from './team-audit.ts';
import {
  deleteMember,
  deleteUser,
  findMember,
  insertInvitedMember,
  listMembers,
  lockMember,
  type MemberOrderingField,
  type MemberRow,
  memberEmailInTeam,
  updateMember,
  updateUserNames,
} from './team-members.repository.ts';

export const EMAIL_IN_TEAM = 'This person is already a member of your team.';
export const EMAIL_HAS_ACCOUNT = 'This email already belongs to an Excursio account.';

export const toTeamMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  status: row.status,
  role: row.roleId && row.roleName ? { id: row.roleId, name: row.roleName } : null,
  is_owner: row.isOwner,
  invited_at: row.invitedAt?.toISOString() ?? null,
  joined_at: row.joinedAt?.toISOString() ?? null,
});

export const listMembersPage = async (
  db: Db,
  accountId: string,
  query: {
    page: number;
    page_size: number;
    search?: string;
    status?: MemberStatus;
    role?: string;
    ordering: Ordering<MemberOrderingField>;
  },
) => {
  const { rows, count } = await listMembers(db, accountId, {
    status: query.status,
    roleId: query.role,
    search: query.search,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(toTeamMember), count };
};

export const getMember = async (db: Executor, accountId: string, memberId: string) => {
  const row = await findMember(db, accountId, memberId);
  if (!row) throw notFound();
  return toTeamMember(row);
};

/** A role of this account that a member may be given: never the Owner role (there is one owner). */
export const assignableRole = async (db: Executor, accountId: string, roleId: string) => {
  const role = await findRole(db, accountId, roleId);
  if (!role) throw invalid('role_id', 'Unknown role.', 'does_not_exist');
  if (role.isOwner) {
    throw invalid('role_id', 'The Owner role cannot be assigned: an organization has exactly one owner.', 'owner_role');
  }
  return role;
};

export const insertInvitation = async (
  tx: Executor,
  caller: UserPrincipal,
  input: { email: string; first_name: string; last_name: string; role_id: string },
) => {
  const accountId = caller.accountId;
  if (await memberEmailInTeam(tx, accountId, input.email)) throw conflict('email', EMAIL_IN_TEAM);
  if (await emailInUse(tx, input.email)) throw conflict('email', EMAIL_HAS_ACCOUNT);
  await assignableRole(tx, accountId, input.role_id);
  try {
    return await insertInvitedMember(tx, accountId, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      roleId: input.role_id,
      invitedBy: caller.userId,
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw conflict('email', EMAIL_IN_TEAM);
    throw error;
  }
};

const roleKeepsTeamAccess = async (db: Executor, accountId: string, roleId: string) =>
  grantsTeamAccess(db, (await permissionSetsOfRoles(db, accountId, [roleId])).get(roleId) ?? []);

/** PUT and PATCH: role, status (active/deactivated) and names. */
export const changeMember = async (
  db: Db,
  caller: UserPrincipal,
  memberId: string,
  input: { first_name?: string; last_name?: string; role_id?: string; status?: 'active' | 'deactivated' },
) => {
  const accountId = caller.accountId;
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, accountId, memberId);
    if (!member) throw notFound();
    const before = await getMember(tx, accountId, memberId);
    const isSelf = member.userId !== null && member.userId === caller.userId;
    if (input.role_id !== undefined && input.role_id !== member.roleId) {
      if (member.isOwner) throw badRequest("The owner's role cannot be changed.", 'owner_member');
      await assignableRole(tx, accountId, input.role_id);
      if (isSelf && !(await roleKeepsTeamAccess(tx, accountId, input.role_id))) {
        throw invalid(
          'role_id',
          "You cannot give yourself a role without 'Manage users': you would lose access to team management.",
          'self_lockout',
        );
      }
    }
    if (input.status !== undefined && input.status !== member.status) {
      if (member.isOwner) throw badRequest('The owner cannot be deactivated.', 'owner_member');
      if (isSelf) throw badRequest('You cannot deactivate yourself.', 'self_deactivation');
      if (member.status === 'invited' || member.userId === null) {
        throw invalid(
          'status',
          'This person has not accepted the invitation yet. Delete the invitation instead.',
          'invalid_choice',
        );
      }
      // Access tokens die with the next request (loadPrincipal refuses non-active members);
      // refresh tokens are revoked so no new session can be minted.
      // member.userId belongs to this account: the member row was locked by account above.
      if (input.status === 'deactivated') await revokeUserRefreshTokens(tx, member.userId);
    }
    await updateMember(tx, accountId, memberId, {
      firstName: input.first_name,
      lastName: input.last_name,
      roleId: input.role_id,
      status: input.status,
    });
    if (member.userId) {
      await updateUserNames(tx, accountId, member.userId, { firstName: input.first_name, lastName: input.last_name });
    }
    const after = await getMember(tx, accountId, memberId);
    await auditMember(tx, accountId, after, memberSnapshot(before), memberSnapshot(after));
  });
  return getMember(db, accountId, memberId);
};

/**
 * Removes the member from the organization. A user belongs to exactly one organization, so their
 * login is deleted too (sessions and tokens cascade); an open invitation is withdrawn.
 */
export const removeMember = async (db: Db, caller: UserPrincipal, memberId: string) => {
  const accountId = caller.accountId;
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, accountId, memberId);
    if (!member) throw notFound();
    if (member.isOwner) throw badRequest('The owner cannot be removed from the organization.', 'owner_member');
    if (member.userId !== null && member.userId === caller.userId) {
      throw badRequest('You cannot remove yourself from the organization.', 'self_removal');
    }
    const before = await getMember(tx, accountId, memberId);
    await deleteInviteTokens(tx, accountId, memberId);
    if (member.userId) await deleteUser(tx, accountId, member.userId);
    await deleteMember(tx, accountId, memberId);
    await auditMember(tx, accountId, before, memberSnapshot(before), null, 'removed');
  });
};
