import { DEFAULT_PROFILE, EMPTY_BILLING, EMPTY_CONTACT, EMPTY_LEGAL } from '@excursio/contract/accounts';
import type { AccountType } from '@excursio/contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { baseAccounts, subscriptionTiers } from '../../db/schema/accounts.ts';
import { permissionSets, rolePermissionSets, roles, teamMembers } from '../../db/schema/team.ts';
import { users } from '../../db/schema/users.ts';
import { PRESET_ROLES } from '../../db/seed/catalog.ts';

export type NewOrganization = {
  type: AccountType;
  name: string;
  subdomain: string;
  tierCode: string;
  /** The organization's time zone (IANA name); UTC when not given. */
  timezone?: string;
  owner: { email: string; passwordHash: string; firstName: string; lastName: string; isActive: boolean };
};

export const subdomainInUse = async (db: Executor, subdomain: string) =>
  (await db.select({ id: baseAccounts.id }).from(baseAccounts).where(eq(baseAccounts.subdomain, subdomain))).length > 0;

export const emailInUse = async (db: Executor, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()))).length > 0;

/**
 * One organization with its preset roles, owner user and owner team membership. Run inside a
 * transaction; unique indexes on subdomain and email make concurrent duplicates fail.
 */
export const insertOrganization = async (tx: Executor, input: NewOrganization) => {
  const [tier] = await tx
    .select({ id: subscriptionTiers.id })
    .from(subscriptionTiers)
    .where(eq(subscriptionTiers.code, input.tierCode));
  const [account] = await tx
    .insert(baseAccounts)
    .values({
      type: input.type,
      name: input.name,
      subdomain: input.subdomain,
      subscriptionTierId: tier?.id ?? null,
      contactInfo: { ...EMPTY_CONTACT, email: input.owner.email },
      profile: { ...DEFAULT_PROFILE, ...(input.timezone ? { timezone: input.timezone } : {}) },
      legalInfo: { ...EMPTY_LEGAL, legal_name: input.name },
      billingInfo: { ...EMPTY_BILLING, billing_email: input.owner.email },
    })
    .returning();
  const sets = await tx.select().from(permissionSets);
  let ownerRoleId = '';
  for (const preset of PRESET_ROLES) {
    const [role] = await tx
      .insert(roles)
      .values({ accountId: account.id, name: preset.name, description: preset.description, isOwner: preset.isOwner })
      .returning({ id: roles.id });
    if (preset.isOwner) ownerRoleId = role.id;
    const ids = sets.filter((s) => (preset.titles as string[]).includes(s.title)).map((s) => s.id);
    if (ids.length)
      await tx.insert(rolePermissionSets).values(ids.map((permissionSetId) => ({ roleId: role.id, permissionSetId })));
  }
  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({
      accountId: account.id,
      email: input.owner.email.toLowerCase(),
      passwordHash: input.owner.passwordHash,
      firstName: input.owner.firstName,
      lastName: input.owner.lastName,
      isActive: input.owner.isActive,
      activatedAt: input.owner.isActive ? now : null,
    })
    .returning();
  await tx.insert(teamMembers).values({
    accountId: account.id,
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roleId: ownerRoleId,
    status: 'active',
    isOwner: true,
    joinedAt: now,
  });
  return { account, user, ownerRoleId };
};

/** Reference data, one statement per table at start-up: existing rows take the new values. */
export const upsertPermissionSets = async (db: Executor, sets: Record<string, string[]>) => {
  await db
    .insert(permissionSets)
    .values(Object.entries(sets).map(([title, codenames]) => ({ title, codenames })))
    // Rows that did not change are left alone (no new row versions on every start).
    .onConflictDoUpdate({
      target: permissionSets.title,
      set: { codenames: sql`excluded.codenames` },
      setWhere: sql`${permissionSets.codenames} is distinct from excluded.codenames`,
    });
};

export const upsertTiers = async (
  db: Executor,
  tiers: {
    code: string;
    name: string;
    accountType: AccountType;
    priceMinor: number;
    platformFeeBp: number;
    features: string[];
  }[],
) => {
  await db
    .insert(subscriptionTiers)
    .values(tiers.map((tier, index) => ({ ...tier, currency: 'EUR', interval: 'month' as const, sortOrder: index })))
    .onConflictDoUpdate({
      target: subscriptionTiers.code,
      set: {
        name: sql`excluded.name`,
        priceMinor: sql`excluded.price_minor`,
        features: sql`excluded.features`,
        platformFeeBp: sql`excluded.platform_fee_bp`,
        sortOrder: sql`excluded.sort_order`,
      },
      setWhere: sql`(${subscriptionTiers.name}, ${subscriptionTiers.priceMinor}, ${subscriptionTiers.features}, ${subscriptionTiers.platformFeeBp}, ${subscriptionTiers.sortOrder})
        is distinct from (excluded.name, excluded.price_minor, excluded.features, excluded.platform_fee_bp, excluded.sort_order)`,
    });
};

/** The id of an active organization on this subdomain (the public API's tenant), or null. */
/** Every public request asks it first (a prepared statement: drizzle does not rebuild it each time). */
export const activeAccountIdBySubdomain = async (db: Db, subdomain: string) =>
  (
    await prepared(db, 'accounts.active_by_subdomain', (name) =>
      db
        .select({ id: baseAccounts.id })
        .from(baseAccounts)
        .where(and(eq(baseAccounts.subdomain, sql.placeholder('subdomain')), eq(baseAccounts.isActive, true)))
        .prepare(name),
    ).execute({ subdomain })
  )[0]?.id ?? null;

export const accountIdBySubdomain = async (db: Executor, subdomain: string) =>
  (await db.select({ id: baseAccounts.id }).from(baseAccounts).where(eq(baseAccounts.subdomain, subdomain)))[0]?.id ?? null;

/**
 * Lets this transaction's commit return before its WAL record is flushed to disk. Registration
 * uses it: an email that is already registered ends in a rollback (no flush), a new one in a
 * commit — with a flush the commit alone was a timing tell. A crash within the next few hundred
 * milliseconds could lose such a registration; the person then simply registers again.
 */
export const commitWithoutFlush = (tx: Executor) => tx.execute(sql`set local synchronous_commit = off`);
