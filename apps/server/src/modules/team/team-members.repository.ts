import type { MemberStatus, TEAM_MEMBER_ORDERING } from '@excursio/contract/team';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { roles, teamMembers } from '../../db/schema/team.ts';
import { users } from '../../db/schema/users.ts';
import type { Ordering } from '../../http/paging.ts';

export type MemberOrderingField = (typeof TEAM_MEMBER_ORDERING)[number];

const memberColumns = {
  id: teamMembers.id,
  accountId: teamMembers.accountId,
  userId: teamMembers.userId,
  email: teamMembers.email,
  firstName: teamMembers.firstName,
  lastName: teamMembers.lastName,
  status: teamMembers.status,
  isOwner: teamMembers.isOwner,
  invitedAt: teamMembers.invitedAt,
  joinedAt: teamMembers.joinedAt,
  roleId: roles.id,
  roleName: roles.name,
};
export type MemberRow = {
  id: string;
  accountId: string;
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  status: MemberStatus;
  isOwner: boolean;
  invitedAt: Date | null;
  joinedAt: Date | null;
  roleId: string | null;
  roleName: string | null;
};

// The role join also filters by account, so a row can never show another account's role.
const roleJoin = () => and(eq(roles.id, teamMembers.roleId), eq(roles.accountId, teamMembers.accountId));

export const listMembers = async (
  db: Executor,
  accountId: string,
  query: {
    status?: MemberStatus;
    roleId?: string;
    search?: string;
    ordering: Ordering<MemberOrderingField>;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(teamMembers.accountId, accountId),
    query.status ? eq(teamMembers.status, query.status) : undefined,
    query.roleId ? eq(teamMembers.roleId, query.roleId) : undefined,
    searchAny(query.search, teamMembers.email, teamMembers.firstName, teamMembers.lastName),
  );
  const columns = {
    email: teamMembers.email,
    first_name: teamMembers.firstName,
    last_name: teamMembers.lastName,
    status: teamMembers.status,
    invited_at: teamMembers.invitedAt,
  };
  const direction = query.ordering.descending ? desc : asc;
  const rows: MemberRow[] = await db
    .select(memberColumns)
    .from(teamMembers)
    .leftJoin(roles, roleJoin())
    .where(where)
    .orderBy(direction(columns[query.ordering.field]), asc(teamMembers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(teamMembers).where(where);
  return { rows, count: total };
};

export const findMember = async (db: Executor, accountId: string, memberId: string): Promise<MemberRow | null> =>
  (
    await db
      .select(memberColumns)
      .from(teamMembers)
      .leftJoin(roles, roleJoin())
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, memberId)))
  )[0] ?? null;

/** The member row, locked for the rest of the transaction. */
export const lockMember = async (db: Executor, accountId: string, memberId: string) =>
  (
    await db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, memberId)))
      .for('update')
  )[0] ?? null;

export const memberEmailInTeam = async (db: Executor, accountId: string, email: string) =>
  (
    await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.email, email.toLowerCase())))
  ).length > 0;

export const insertInvitedMember = async (
  db: Executor,
  accountId: string,
  values: { email: string; firstName: string; lastName: string; roleId: string; invitedBy: string },
) =>
  (
    await db
      .insert(teamMembers)
      .values({ accountId, ...values, email: values.email.toLowerCase(), status: 'invited', invitedAt: new Date() })
      .returning({ id: teamMembers.id })
  )[0];

export const updateMember = async (
  db: Executor,
  accountId: string,
  memberId: string,
  values: Partial<{ firstName: string; lastName: string; roleId: string; status: MemberStatus; invitedAt: Date }>,
) => {
  await db
    .update(teamMembers)
    .set({ ...values, updatedAt: new Date() }) // never an empty SET, even when only other tables change
    .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, memberId)));
};

/** Keeps the user's profile names in step with the member's. */
export const updateUserNames = async (
  db: Executor,
  accountId: string,
  userId: string,
  values: { firstName?: string; lastName?: string },
) => {
  if (values.firstName === undefined && values.lastName === undefined) return;
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
};

export const deleteMember = async (db: Executor, accountId: string, memberId: string) => {
  await db.delete(teamMembers).where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, memberId)));
};

/** Deletes the login; its team membership, refresh and auth tokens go with it (cascades). */
export const deleteUser = async (db: Executor, accountId: string, userId: string) => {
  await db.delete(users).where(and(eq(users.accountId, accountId), eq(users.id, userId)));
};
