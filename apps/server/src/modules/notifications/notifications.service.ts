import {
  defaultMailChoices,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type OrganizationNotification,
} from '@excursio/contract/notifications';
import type { PermissionTitle } from '@excursio/contract/permissions';
import type { Db } from '../../db/client.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import {
  countUnreadNotices,
  findNotice,
  listNotices,
  markAllNoticesRead,
  markNoticeRead,
  preferencesOf,
  savePreferences,
  settleNoticesOf,
} from './notifications.repository.ts';

type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

const toWire = (row: NoticeRow): OrganizationNotification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  message: row.message,
  order_id: row.orderId,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt ? row.readAt.toISOString() : null,
});

type Caller = { accountId: string; userId: string };

export const listNoticesPage = async (
  db: Db,
  caller: Caller,
  query: { unread?: boolean; kind?: NotificationKind; descending: boolean; limit: number; offset: number },
) => {
  const { rows, count } = await listNotices(db, caller.accountId, caller.userId, query);
  return { results: rows.map(toWire), count };
};

export const unreadNoticeCount = async (db: Db, caller: Caller) => ({
  unread: await countUnreadNotices(db, caller.accountId, caller.userId),
});

export const readNotice = async (db: Db, caller: Caller, id: string) => {
  if (!(await findNotice(db, caller.accountId, caller.userId, id))) throw notFound();
  await markNoticeRead(db, caller.accountId, caller.userId, id);
  const row = await findNotice(db, caller.accountId, caller.userId, id);
  if (!row) throw notFound();
  return toWire(row);
};

export const readAllNotices = async (db: Db, caller: Caller) => ({
  marked: await markAllNoticesRead(db, caller.accountId, caller.userId),
  unread: await countUnreadNotices(db, caller.accountId, caller.userId),
});

const holds = (principal: UserPrincipal, title: PermissionTitle) =>
  principal.role?.permission_sets.some((set) => set.title === title) ?? false;

/** A member's choice for one kind: what they chose, else the default of their role. */
export const choiceOf = (mail: Record<string, boolean> | null, managesAccount: boolean, kind: NotificationKind) =>
  mail?.[kind] ?? defaultMailChoices(managesAccount)[kind];

const choicesOf = (mail: Record<string, boolean> | null, managesAccount: boolean) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, choiceOf(mail, managesAccount, kind)])) as Record<
    NotificationKind,
    boolean
  >;

export const getPreferences = async (db: Db, principal: UserPrincipal): Promise<NotificationPreferences> => {
  const saved = await preferencesOf(db, principal.userId);
  return {
    mail: choicesOf(saved?.mail ?? null, holds(principal, 'Manage account')),
    receives_mail: holds(principal, 'Manage orders'),
    email: principal.email,
  };
};

/** Every kind is stored as chosen, so a later change of role does not change what the member picked. */
export const setPreferences = async (db: Db, principal: UserPrincipal, input: NotificationPreferencesInput) => {
  await savePreferences(db, principal.accountId, principal.userId, input.mail);
  return getPreferences(db, principal);
};

/**
 * The demo's history (orders made by the seed through the services) is not news: nobody is mailed
 * of it and its notices start read, as the seed writes no mail.
 */
export const settleSeededNotices = (db: Db, accountId: string, at: Date) => settleNoticesOf(db, accountId, at);
