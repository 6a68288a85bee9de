import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// OWASP's argon2id recommendation: m=19 MiB, t=2, p=1. (algorithm 2 = Argon2id)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = async (stored: string, password: string) => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

/** A hash of a random string, verified against when the email is unknown, so timing matches. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password-excursio');
  await verifyPassword(await dummyHash, password);
};

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
