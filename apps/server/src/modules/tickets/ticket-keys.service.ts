import type { Executor } from '../../db/client.ts';
import { activeKeyOf, insertKey, keysOf, retireKey } from './ticket-keys.repository.ts';
import { newStoredKey, openPrivateKey, type SigningKey } from './ticket-signing.ts';

/** Keys opened in this process, per organization and secret (a key never changes once made). */
const opened = new Map<string, SigningKey>();
const OPENED_MAX = 2000;

/**
 * The organization's signing key, made on first need. Two first tickets at once make one key (the
 * partial unique index keeps the first; the other request reads it). A key sealed under another
 * secret (the server secret was changed) cannot sign any more: it is retired, a new one is made, and
 * the old public key still verifies the tickets it signed.
 */
export const signingKeyOf = async (db: Executor, secret: string, accountId: string): Promise<SigningKey> => {
  const cacheKey = `${accountId}\u0000${secret}`;
  const known = opened.get(cacheKey);
  if (known) return known;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let row = await activeKeyOf(db, accountId);
    if (!row) {
      await insertKey(db, accountId, newStoredKey(secret));
      row = await activeKeyOf(db, accountId);
    }
    if (!row) continue;
    const privateKey = openPrivateKey(row, secret);
    if (privateKey) {
      if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
      const key = { keyId: row.keyId, privateKey };
      opened.set(cacheKey, key);
      return key;
    }
    await retireKey(db, accountId, row.id);
  }
  throw new Error(`No ticket signing key could be made for account ${accountId}`);
};

/** GET /api/tickets/keys/: what verifies the organization's tickets, offline included. */
export const publicKeysOf = async (db: Executor, accountId: string) => ({
  keys: (await keysOf(db, accountId)).map((k) => ({
    key_id: k.keyId,
    algorithm: 'Ed25519' as const,
    public_key: k.publicKey,
    created_at: k.createdAt.toISOString(),
  })),
});
