import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ticketKeys } from '../../db/schema/qr-codes.ts';
import type { StoredKey } from './ticket-signing.ts';

/** The organization's signing key (not retired), or null before its first ticket. */
export const activeKeyOf = async (db: Executor, accountId: string) =>
  (
    await db
      .select()
      .from(ticketKeys)
      .where(and(eq(ticketKeys.accountId, accountId), isNull(ticketKeys.retiredAt)))
  )[0] ?? null;

/** Stores a new key unless the organization got one meanwhile (the partial unique index decides). */
export const insertKey = (db: Executor, accountId: string, key: StoredKey) =>
  db
    .insert(ticketKeys)
    .values({ accountId, ...key })
    .onConflictDoNothing();

export const retireKey = (db: Executor, accountId: string, id: string) =>
  db
    .update(ticketKeys)
    .set({ retiredAt: new Date() })
    .where(and(eq(ticketKeys.accountId, accountId), eq(ticketKeys.id, id), isNull(ticketKeys.retiredAt)));

/** Every key the organization has signed with, oldest first. */
export const keysOf = (db: Executor, accountId: string) =>
  db
    .select({ keyId: ticketKeys.keyId, publicKey: ticketKeys.publicKey, createdAt: ticketKeys.createdAt })
    .from(ticketKeys)
    .where(eq(ticketKeys.accountId, accountId))
    .orderBy(asc(ticketKeys.createdAt));
