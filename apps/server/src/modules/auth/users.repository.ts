import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchAny } from '../../db/query.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { teamMembers } from '../../db/schema/team.ts';
import { users } from '../../db/schema/users.ts';

const accountColumns = {
  id: users.id,
  accountId: users.accountId,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  isActive: users.isActive,
  activatedAt: users.activatedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  subdomain: baseAccounts.subdomain,
  accountActive: baseAccounts.isActive,
  memberStatus: teamMembers.status,
  isOwner: teamMembers.isOwner,
};

const withAccount = (db: Executor) =>
  db
    .select(accountColumns)
    .from(users)
    .innerJoin(baseAccounts, eq(baseAccounts.id, users.accountId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id));

export type UserWithAccount = Awaited<ReturnType<typeof findUserByEmail>>;

export const findUserByEmail = async (db: Executor, email: string) =>
  (await withAccount(db).where(eq(users.email, email.toLowerCase())))[0] ?? null;

export const findUserById = async (db: Executor, id: string) => (await withAccount(db).where(eq(users.id, id)))[0] ?? null;

export const activateUser = async (db: Executor, userId: string) => {
  await db
    .update(users)
    .set({ isActive: true, activatedAt: sql`coalesce(${users.activatedAt}, now())` })
    .where(eq(users.id, userId));
};

export const touchLastLogin = async (db: Executor, userId: string) => {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
};

export const updatePasswordHash = async (db: Executor, userId: string, passwordHash: string) => {
  await db.update(users).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(users.id, userId));
};

/** The login email and the team membership's copy of it change together. */
export const updateEmail = async (db: Executor, userId: string, email: string) => {
  await db.update(users).set({ email }).where(eq(users.id, userId));
  await db.update(teamMembers).set({ email }).where(eq(teamMembers.userId, userId));
};

export const updateNames = async (
  db: Executor,
  accountId: string,
  userId: string,
  values: { firstName?: string; lastName?: string; phone?: string },
) => {
  if (Object.keys(values).length === 0) return;
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  const { firstName, lastName } = values;
  if (firstName !== undefined || lastName !== undefined) {
    await db
      .update(teamMembers)
      .set({ ...(firstName !== undefined ? { firstName } : {}), ...(lastName !== undefined ? { lastName } : {}) })
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)));
  }
};

/** Deactivation keeps the rows (orders reference people) and stops sign-in. */
export const setUserActive = async (db: Executor, accountId: string, userId: string, active: boolean) => {
  await db
    .update(users)
    .set(active ? { isActive: true, activatedAt: sql`coalesce(${users.activatedAt}, now())` } : { isActive: false })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  await db
    .update(teamMembers)
    .set({ status: active ? 'active' : 'deactivated' })
    .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)));
};

export const countActiveOwners = async (db: Executor, accountId: string) =>
  (
    await db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(
          eq(teamMembers.accountId, accountId),
          eq(teamMembers.isOwner, true),
          eq(teamMembers.status, 'active'),
          eq(users.isActive, true),
        ),
      )
  )[0].n;

/** The signed-in user with organization and plan, for GET /api/users/me/. */
export const findMe = async (db: Executor, accountId: string, userId: string) =>
  (
    await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        isActive: users.isActive,
        accountId: baseAccounts.id,
        accountName: baseAccounts.name,
        subdomain: baseAccounts.subdomain,
        accountType: baseAccounts.type,
        features: subscriptionTiers.features,
      })
      .from(users)
      .innerJoin(baseAccounts, eq(baseAccounts.id, users.accountId))
      .leftJoin(subscriptionTiers, eq(subscriptionTiers.id, baseAccounts.subscriptionTierId))
      .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
  )[0] ?? null;

export type UserOrderField = 'email' | 'first_name' | 'last_name' | 'date_joined' | 'last_login';
const orderColumns = {
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  date_joined: users.createdAt,
  last_login: users.lastLoginAt,
} as const;

const listColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export const listAccountUsers = async (
  db: Executor,
  accountId: string,
  query: { search?: string; order: { field: UserOrderField; descending: boolean }; limit: number; offset: number },
) => {
  const where = and(eq(users.accountId, accountId), searchAny(query.search, users.email, users.firstName, users.lastName));
  const column = orderColumns[query.order.field];
  const rows = await db
    .select(listColumns)
    .from(users)
    .where(where)
    .orderBy(query.order.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { rows, count: n };
};

export const findAccountUser = async (db: Executor, accountId: string, userId: string) =>
  (
    await db
      .select({ ...listColumns, isOwner: teamMembers.isOwner })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
  )[0] ?? null;
