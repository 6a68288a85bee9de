import { randomUUID } from 'node:crypto';
import type { AccountType } from '@excursio/contract/auth';
import type { PermissionTitle } from '@excursio/contract/permissions';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { permissionSets, rolePermissionSets, roles, teamMembers } from '../db/schema/team.ts';
import { users } from '../db/schema/users.ts';
import { DEFAULT_TIER, TOP_TIER } from '../db/seed/catalog.ts';
import { insertOrganization } from '../modules/accounts/organization.repository.ts';
import { cookieNames } from '../modules/auth/cookies.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { hostHeaders, type TestApp } from './app.ts';

export const FACTORY_PASSWORD = 'Factory-password-2026';
// One argon2 hash for every factory user: hashing costs ~100 ms.
let factoryHash: Promise<string> | undefined;
const passwordHash = () => (factoryHash ??= hashPassword(FACTORY_PASSWORD));

const uniq = () => randomUUID().slice(0, 8);

export type TestUser = {
  id: string;
  email: string;
  password: string;
  /** Host, Origin and the access cookie: a signed-in browser on the organization's subdomain. */
  headers: Record<string, string>;
};

export const authHeaders = async (t: TestApp, user: { id: string; accountId: string }, subdomain: string) => {
  const access = await t.jwt.signAccess({ sub: user.id, acc: user.accountId });
  return { ...hostHeaders(subdomain), cookie: `${cookieNames(t.config).access}=${access}` };
};

/** A fresh organization with its owner signed in. Default plan: the top plan of its type. */
export const createAccount = async (
  t: TestApp,
  options: { type?: AccountType; plan?: 'top' | 'default'; subdomain?: string } = {},
) => {
  const type = options.type ?? 'supplier';
  const subdomain = options.subdomain ?? `org-${uniq()}`;
  const email = `owner-${uniq()}@example.com`;
  const { account, user, ownerRoleId } = await t.db.transaction(async (tx) =>
    insertOrganization(tx, {
      type,
      name: `Org ${subdomain}`,
      subdomain,
      tierCode: options.plan === 'default' ? DEFAULT_TIER[type] : TOP_TIER[type],
      owner: { email, passwordHash: await passwordHash(), firstName: 'Olive', lastName: 'Owner', isActive: true },
    }),
  );
  const owner: TestUser = {
    id: user.id,
    email,
    password: FACTORY_PASSWORD,
    headers: await authHeaders(t, { id: user.id, accountId: account.id }, subdomain),
  };
  return { account, subdomain, owner, ownerRoleId };
};
export type TestAccount = Awaited<ReturnType<typeof createAccount>>;

/** An account shared by the test file, created in beforeAll (after the app of `useTestApp`). */
export const useAccount = (t: TestApp, options: Parameters<typeof createAccount>[1] = {}) => {
  const account = {} as TestAccount;
  beforeAll(async () => {
    Object.assign(account, await createAccount(t, options));
  });
  return account;
};

/** A role in the account holding exactly these permission titles. */
export const createRole = async (t: TestApp, account: TestAccount, titles: PermissionTitle[], name = `Role ${uniq()}`) => {
  const [role] = await t.db.insert(roles).values({ accountId: account.account.id, name }).returning();
  const sets = await t.db.select().from(permissionSets);
  const ids = sets.filter((s) => (titles as string[]).includes(s.title)).map((s) => s.id);
  if (ids.length)
    await t.db.insert(rolePermissionSets).values(ids.map((permissionSetId) => ({ roleId: role.id, permissionSetId })));
  return role;
};

/** An active member of the account with a role of these titles (or no role when titles is null). */
export const createMember = async (t: TestApp, account: TestAccount, titles: PermissionTitle[] | null) => {
  const role = titles ? await createRole(t, account, titles) : null;
  const email = `member-${uniq()}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({
      accountId: account.account.id,
      email,
      passwordHash: await passwordHash(),
      firstName: 'Mia',
      lastName: 'Member',
      isActive: true,
      activatedAt: new Date(),
    })
    .returning();
  await t.db.insert(teamMembers).values({
    accountId: account.account.id,
    userId: user.id,
    email,
    firstName: 'Mia',
    lastName: 'Member',
    roleId: role?.id ?? null,
    status: 'active',
    joinedAt: new Date(),
  });
  const member: TestUser = {
    id: user.id,
    email,
    password: FACTORY_PASSWORD,
    headers: await authHeaders(t, { id: user.id, accountId: account.account.id }, account.subdomain),
  };
  return { ...member, role };
};

export const userByEmail = async (t: TestApp, email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];
