import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { baseAccounts } from './accounts.ts';
import { createdAt, pk, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Global: seeded from the contract's PERMISSION_SETS. */
export const permissionSets = pgTable('permission_sets', {
  id: pk(),
  title: text('title').notNull().unique(),
  codenames: text('codenames').array().notNull(),
});

export const roles = pgTable(
  'roles',
  {
    id: pk(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isOwner: boolean('is_owner').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Role names are unique per account regardless of case.
  (t) => [uniqueIndex('roles_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const rolePermissionSets = pgTable(
  'role_permission_sets',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionSetId: uuid('permission_set_id')
      .notNull()
      .references(() => permissionSets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionSetId] })],
);

/** A person in an organization: invited (no user yet), active, or deactivated. Holds the role. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: pk(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => baseAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['invited', 'active', 'deactivated'] }).notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: ts('invited_at'),
    joinedAt: ts('joined_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('team_members_account_email_key').on(t.accountId, t.email),
    uniqueIndex('team_members_user_key').on(t.userId),
    index('team_members_account_role_idx').on(t.accountId, t.roleId),
  ],
);
