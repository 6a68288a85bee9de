import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { teamMembers } from '../../db/schema/team.ts';
import { authTokens, users } from '../../db/schema/users.ts';

/** Issues the member's invitation token; any earlier invitation of the member stops working. */
export const replaceInviteToken = async (
  db: Executor,
  accountId: string,
  memberId: string,
  token: { hash: string; expiresAt: Date },
) => {
  await deleteInviteTokens(db, accountId, memberId);
  await db.insert(authTokens).values({
    accountId,
    kind: 'invite',
    tokenHash: token.hash,
    subjectId: memberId,
    expiresAt: token.expiresAt,
  });
};

export const deleteInviteTokens = async (db: Executor, accountId: string, memberId: string) => {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.accountId, accountId), eq(authTokens.kind, 'invite'), eq(authTokens.subjectId, memberId)));
};

export const insertActiveUser = async (
  db: Executor,
  accountId: string,
  values: { email: string; passwordHash: string; firstName: string; lastName: string },
) => {
  const now = new Date();
  return (
    await db
      .insert(users)
      .values({ accountId, ...values, email: values.email.toLowerCase(), isActive: true, activatedAt: now })
      .returning({ id: users.id })
  )[0];
};

/** Links the new user to the still-invited member; null when the invitation was withdrawn. */
export const joinInvitedMember = async (
  db: Executor,
  accountId: string,
  memberId: string,
  values: { userId: string; firstName: string; lastName: string },
) =>
  (
    await db
      .update(teamMembers)
      .set({ ...values, status: 'active', joinedAt: new Date() })
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, memberId), eq(teamMembers.status, 'invited')))
      .returning({ id: teamMembers.id, email: teamMembers.email })
  )[0] ?? null;

export const invitedMember = async (db: Executor, accountId: string, memberId: string) =>
  (
    await db
      .select({ id: teamMembers.id, email: teamMembers.email, firstName: teamMembers.firstName, lastName: teamMembers.lastName })
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, memberId), eq(teamMembers.status, 'invited')))
      .for('update')
  )[0] ?? null;

/**
 * The still-usable invitation behind a token hash on this organization (not consumed: reading it
 * does not use it up), with the names the inviter entered and the organization's name.
 */
export const openInvitation = async (db: Executor, accountId: string, tokenHash: string) =>
  (
    await db
      .select({
        email: teamMembers.email,
        firstName: teamMembers.firstName,
        lastName: teamMembers.lastName,
        organizationName: baseAccounts.name,
      })
      .from(authTokens)
      .innerJoin(
        teamMembers,
        and(
          eq(teamMembers.accountId, authTokens.accountId),
          eq(teamMembers.id, authTokens.subjectId),
          eq(teamMembers.status, 'invited'),
        ),
      )
      .innerJoin(baseAccounts, eq(baseAccounts.id, authTokens.accountId))
      .where(
        and(
          eq(authTokens.accountId, accountId),
          eq(authTokens.tokenHash, tokenHash),
          eq(authTokens.kind, 'invite'),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, sql`now()`),
        ),
      )
  )[0] ?? null;
