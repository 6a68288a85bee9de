import { createHash, randomBytes } from 'node:crypto';

/** Only the SHA-256 of a token is stored: a database leak does not leak usable tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, URL-safe. */
export const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
};

export const TOKEN_TTL_S = {
  activation: 48 * 3600,
  password_reset: 3600,
  email_reset: 3600,
  handover: 60,
  invite: 7 * 24 * 3600,
} as const;

export const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);
