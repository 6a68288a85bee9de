import type { Db } from '../../db/client.ts';
import type { Principal } from '../../http/access.ts';
import type { Jwt } from './jwt.ts';
import { loadPrincipal } from './principal.repository.ts';

/** The caller behind an access token, or null for a missing, invalid or expired one. */
export const principalOfToken = async (db: Db, jwt: Jwt, token: string | null): Promise<Principal | null> => {
  const claims = token ? jwt.verifyAccess(token) : null;
  return claims ? loadPrincipal(db, claims.sub, claims.acc) : null;
};
