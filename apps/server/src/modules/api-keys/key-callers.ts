import type { Db } from '../../db/client.ts';
import type { ApiKeyPrincipal, Principal } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { Background } from '../../jobs/background.ts';
import { permissionSetsOf } from '../auth/principal.repository.ts';
import type { PrincipalCache } from '../auth/principal-cache.ts';
import { isRevokedKey, keyCallerByHash, touchApiKey } from './api-keys.repository.ts';
import { hashSecret, isWellFormedKey } from './secrets.ts';

/** Uses of a key are recorded at most this often (per key, per instance; the write itself re-checks). */
export const LAST_USED_EVERY_MS = 60_000;
const REMEMBERED = 10_000;

/** A map that forgets its oldest entries past `limit`. */
const bounded = <V>(limit: number) => {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: V) => {
      map.delete(key);
      map.set(key, value);
      if (map.size > limit) map.delete(map.keys().next().value as string);
    },
  };
};

/**
 * API keys as callers. A key is found by the SHA-256 of the presented secret and cached like a
 * signed-in person (the principal cache, under its organization: a revocation, a plan change or a
 * deactivated organization announces the account and drops it on every instance). The cache is
 * filed by account, which a secret does not name: the account of each hash seen is remembered (it
 * never changes), so from its second request a key is served from the cache. Secrets that are not
 * well formed are refused without a query.
 */
export const createKeyCallers = (deps: {
  db: Db;
  cache: Pick<PrincipalCache, 'getKey'>;
  background: Background;
  clock: () => Date;
}) => {
  const accountOfHash = bounded<string>(REMEMBERED);
  const lastTouched = bounded<number>(REMEMBERED);

  const load = async (hash: string): Promise<ApiKeyPrincipal | null> => {
    const row = await keyCallerByHash(deps.db, hash);
    if (!row) return null;
    const scopes = new Set(row.scopes);
    const sets = await permissionSetsOf(deps.db);
    return {
      kind: 'api_key',
      apiKeyId: row.id,
      apiKeyName: row.name,
      accountId: row.accountId,
      subdomain: row.subdomain,
      features: row.features ?? [],
      permissionSets: sets.filter((set) => scopes.has(set.title)),
    };
  };

  return {
    principal: async (secret: string): Promise<ApiKeyPrincipal | null> => {
      if (!isWellFormedKey(secret)) return null;
      const hash = hashSecret(secret);
      const accountId = accountOfHash.get(hash);
      if (accountId) return deps.cache.getKey(accountId, hash, () => load(hash));
      const caller = await load(hash);
      if (caller) accountOfHash.set(hash, caller.accountId);
      return caller;
    },
    /** Why a key was refused, when it says more than "no credentials": it was revoked. */
    refusal: async (secret: string): Promise<AppError | null> =>
      isWellFormedKey(secret) && (await isRevokedKey(deps.db, hashSecret(secret)))
        ? new AppError(401, [{ code: 'api_key_revoked', detail: 'This API key has been revoked.', attr: null }])
        : null,
    /** After a key passed authentication: its last use, written after the answer, once a minute at most. */
    used: (principal: Principal) => {
      if (principal.kind !== 'api_key') return;
      const at = deps.clock();
      const last = lastTouched.get(principal.apiKeyId);
      if (last !== undefined && at.getTime() - last < LAST_USED_EVERY_MS) return;
      lastTouched.set(principal.apiKeyId, at.getTime());
      deps.background.run('api key last used', () => touchApiKey(deps.db, principal.apiKeyId, at));
    },
  };
};
export type KeyCallers = ReturnType<typeof createKeyCallers>;
