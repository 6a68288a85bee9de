import { createSigner, createVerifier } from 'fast-jwt';

const ALG = 'HS256';
const ISSUER = 'excursio';

export type AccessClaims = { sub: string; acc: string };

/**
 * Access tokens: HS256 through `node:crypto` HMAC, synchronously (fast-jwt). Verification is on
 * every authenticated request, so it must cost microseconds: WebCrypto (jose) cost ~150–180 µs of
 * CPU per check here. A small LRU cache of verified tokens (bounded by each token's own expiry)
 * skips even the HMAC for a token seen again; revocation is not a JWT matter (the principal is
 * loaded from the database on every request).
 */
export const createJwt = (secret: string, accessTtlSeconds: number) => {
  const sign = createSigner({ key: secret, algorithm: ALG, iss: ISSUER, expiresIn: accessTtlSeconds * 1000 });
  const verify = createVerifier({
    key: secret,
    algorithms: [ALG],
    allowedIss: ISSUER,
    cache: 2000,
    cacheTTL: accessTtlSeconds * 1000,
  });
  return {
    signAccess: async (claims: AccessClaims) => sign({ sub: claims.sub, acc: claims.acc, typ: 'access' }),
    /** Verified claims, or null for any invalid, expired or foreign token. */
    verifyAccess: (token: string): AccessClaims | null => {
      try {
        const payload = verify(token) as Record<string, unknown>;
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.acc !== 'string') return null;
        return { sub: payload.sub, acc: payload.acc };
      } catch {
        return null;
      }
    },
  };
};
export type Jwt = ReturnType<typeof createJwt>;
