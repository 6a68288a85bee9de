import type { SubscriptionTier, SystemNotification } from '@excursio/contract/accounts';
import type { AccountType } from '@excursio/contract/auth';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { countUnread, findNotification, listNotifications, markAllRead, markRead } from './notifications.repository.ts';
import { findTier, listTiers } from './subscription-tiers.repository.ts';

type TierRow = NonNullable<Awaited<ReturnType<typeof findTier>>>;
type NotificationRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

export const toTier = (row: TierRow): SubscriptionTier => ({
  id: row.id,
  code: row.code,
  name: row.name,
  account_type: row.accountType,
  price_minor: row.priceMinor,
  currency: row.currency,
  interval: row.interval,
  features: row.features,
  platform_fee_bp: row.platformFeeBp,
});

const toNotification = (row: NotificationRow): SystemNotification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  level: row.level,
  published_at: row.publishedAt.toISOString(),
  read_at: row.readAt ? row.readAt.toISOString() : null,
});

export const listTiersPage = async (
  db: Db,
  query: { page: number; page_size: number; search?: string; account_type?: AccountType },
  ordering: Ordering<'price_minor' | 'name'> | undefined,
) => {
  const { rows, count } = await listTiers(db, {
    accountType: query.account_type,
    search: query.search,
    ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(toTier), count };
};

export const getTier = async (db: Db, tierId: string) => {
  const row = await findTier(db, tierId);
  if (!row) throw notFound();
  return toTier(row);
};

/** `userId`: the person asking (their read state), or null for an API key (all unread). */
export const listNotificationsPage = async (
  db: Db,
  userId: string | null,
  query: { page: number; page_size: number; search?: string; unread?: 'true' | 'false' },
  ordering: Ordering<'published_at'>,
) => {
  const { rows, count } = await listNotifications(db, userId, {
    search: query.search,
    unread: query.unread === undefined ? undefined : query.unread === 'true',
    descending: ordering.descending,
    ...pageWindow(query),
  });
  return { results: rows.map(toNotification), count };
};

export const getNotification = async (db: Db, userId: string | null, notificationId: string) => {
  const row = await findNotification(db, userId, notificationId);
  if (!row) throw notFound();
  return toNotification(row);
};

export const unreadNotifications = async (db: Db, userId: string) => ({ unread: await countUnread(db, userId) });

/** Marks one notification read for this person (again: no change, the first time stays). */
export const markNotificationRead = async (db: Db, caller: { accountId: string; userId: string }, notificationId: string) => {
  if (!(await findNotification(db, caller.userId, notificationId))) throw notFound();
  await markRead(db, caller.accountId, caller.userId, [notificationId]);
  return getNotification(db, caller.userId, notificationId);
};

export const markAllNotificationsRead = async (db: Db, caller: { accountId: string; userId: string }) => {
  const marked = await markAllRead(db, caller.accountId, caller.userId);
  return { marked, unread: await countUnread(db, caller.userId) };
};
