import { createHmac, timingSafeEqual } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/client.ts';
import {
  consumeProviderState,
  findProviderState,
  insertProviderState,
  type ProviderStateRow,
} from './provider-states.repository.ts';

/**
 * Signed single-use states for redirects through a provider (the Connect onboarding return, the
 * test mode's pages): the URL carries `{id}.{hmac}`, the row says what it is for, for whom, until
 * when, and whether it was used. Forged, altered, expired or used states are all just "not valid".
 */

const signature = (secret: string, id: string) => createHmac('sha256', `provider-state:${secret}`).update(id).digest('base64url');

export const createProviderState = async (
  db: Executor,
  secret: string,
  input: {
    accountId: string;
    userId: string | null;
    purpose: string;
    data?: Record<string, unknown>;
    ttlMinutes: number;
    now: Date;
  },
) => {
  const id = uuidv7();
  const row = await insertProviderState(db, {
    id,
    accountId: input.accountId,
    userId: input.userId,
    purpose: input.purpose,
    data: input.data ?? {},
    expiresAt: new Date(input.now.getTime() + input.ttlMinutes * 60_000),
  });
  return { token: `${id}.${signature(secret, id)}`, row };
};

/** The id a token names when its signature holds; null otherwise. */
const verifiedId = (secret: string, token: string) => {
  const [id, mac] = token.split('.');
  if (!id || !mac || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
};

/** Reads a state without using it (a page showing what it is for); null unless valid and unused. */
export const readProviderState = async (
  db: Executor,
  secret: string,
  token: string,
  purpose: string | readonly string[],
  now: Date,
): Promise<ProviderStateRow | null> => {
  const id = verifiedId(secret, token);
  if (!id) return null;
  const row = await findProviderState(db, id);
  const purposes: readonly string[] = typeof purpose === 'string' ? [purpose] : purpose;
  if (!row || !purposes.includes(row.purpose) || row.usedAt || row.expiresAt <= now) return null;
  return row;
};

/** Uses a state, once (an atomic update): null when forged, expired, used or for another purpose. */
export const useProviderState = async (db: Executor, secret: string, token: string, purpose: string, now: Date) => {
  const id = verifiedId(secret, token);
  return id ? consumeProviderState(db, id, purpose, now) : null;
};
