import { jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';
const ISSUER = 'excursio';

export type AccessClaims = { sub: string; acc: string };

export const createJwt = (secret: string, accessTtlSeconds: number) => {
  const key = new TextEncoder().encode(secret);
  return {
    signAccess: (claims: AccessClaims) =>
      new SignJWT({ acc: claims.acc, typ: 'access' })
        .setProtectedHeader({ alg: ALG })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${accessTtlSeconds}s`)
        .sign(key),
    /** Verified claims, or null for any invalid, expired or foreign token. */
    verifyAccess: async (token: string): Promise<AccessClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.acc !== 'string') return null;
        return { sub: payload.sub, acc: payload.acc };
      } catch {
        return null;
      }
    },
  };
};
export type Jwt = ReturnType<typeof createJwt>;
