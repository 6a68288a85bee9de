import { createHash, randomInt } from 'node:crypto';
import { API_KEY_PREFIX } from '@excursio/contract/api-keys';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 40 characters of 62: ~238 bits from the operating system's random source. */
const SECRET_LENGTH = 40;
/** How much of the random part is kept for display (~48 bits: enough to tell keys apart, far too little to guess the rest). */
const SHOWN = 8;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${SECRET_LENGTH}}$`);

/**
 * A new key: `exc_live_` + 40 letters and digits (no `-` or `_`, so a double click selects it
 * whole). `hash` is what is stored; `prefix` is what lists show.
 */
export const newSecret = () => {
  let random = '';
  // randomInt draws without modulo bias.
  for (let i = 0; i < SECRET_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  const secret = `${API_KEY_PREFIX}${random}`;
  return { secret, hash: hashSecret(secret), prefix: `${API_KEY_PREFIX}${random.slice(0, SHOWN)}` };
};

/**
 * SHA-256 of the whole secret, hex. A fast hash is enough here, unlike for passwords: the secret is
 * ~238 random bits, so no dictionary or brute force reaches it from a leaked hash, and a fast,
 * unsalted hash is what lets every request find its key by an index lookup.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a bearer token has the shape of one of our keys (anything else is not looked up). */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
export const isWellFormedKey = (token: string) => SHAPE.test(token);
