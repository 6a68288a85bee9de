import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../http/access.ts';
import { accessTokenOf } from './cookies.ts';
import type { Jwt } from './jwt.ts';
import { loadPrincipal } from './principal.repository.ts';

export const createAuthenticate =
  (db: Db, jwt: Jwt, config: Config) =>
  async (request: FastifyRequest): Promise<Principal | null> => {
    const token = accessTokenOf(request, config);
    if (!token) return null;
    const claims = await jwt.verifyAccess(token);
    if (!claims) return null;
    return loadPrincipal(db, claims.sub, claims.acc);
  };
