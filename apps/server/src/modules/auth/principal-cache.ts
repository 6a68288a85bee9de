import { type AnnouncedCache, createAnnouncedCache } from '../../db/announced-cache.ts';
import type { Database } from '../../db/client.ts';
import type { ApiKeyPrincipal, Principal, TokenClaims } from '../../http/access.ts';

/** The channel the database announces access changes on (migration 0003): an account id, or '*'. */
export const ACCESS_CHANNEL = 'excursio_access';

export type PrincipalCache = {
  get: (claims: TokenClaims) => Promise<Principal | null>;
  /** An API key's caller, by the hash of its secret, filed under its organization like its people. */
  getKey: (accountId: string, secretHash: string, load: () => Promise<ApiKeyPrincipal | null>) => Promise<ApiKeyPrincipal | null>;
  barrier: AnnouncedCache['barrier'];
  close: () => Promise<void>;
};

/**
 * Callers by (user, account) — and API keys by (secret hash, account) — dropped when the database
 * announces a change to who may do what: triggers on users, team members, roles, their permission
 * sets, accounts, plans and API keys notify on
 * commit (see db/announced-cache.ts for the guarantees). While the channel is down every request
 * reads the database, as before.
 */
export const createPrincipalCache = async (
  database: Database,
  load: (claims: TokenClaims) => Promise<Principal | null>,
): Promise<PrincipalCache> => {
  const cache = await createAnnouncedCache(database, ACCESS_CHANNEL);
  return {
    get: (claims) => cache.get(claims.acc, claims.sub, () => load(claims)),
    getKey: (accountId, secretHash, loadKey) => cache.get(accountId, `key:${secretHash}`, loadKey),
    barrier: cache.barrier,
    close: cache.close,
  };
};
