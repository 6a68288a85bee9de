import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { type TicketClaims, ticketPayload, ticketToken } from '@excursio/contract/tickets';

/**
 * The server's side of ticket signatures (Node's crypto): making an organization's Ed25519 key,
 * keeping its private half encrypted at rest, and signing a ticket's claims. Verification is the
 * contract's `verifyTicketToken`, which needs only the public key.
 */

/** A key as stored: the private half sealed with the server secret. */
export type StoredKey = { keyId: string; publicKey: string; privateKeyEncrypted: string };
/** A key ready to sign. */
export type SigningKey = { keyId: string; privateKey: KeyObject };

const sealingKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'excursio', 'ticket-signing-keys v1', 32));

/** The key id named in tokens: the first 4 bytes of the SHA-256 of the raw public key. */
export const keyIdOf = (rawPublicKey: Buffer) =>
  createHash('sha256').update(rawPublicKey).digest().subarray(0, 4).toString('hex');

const rawPublicKey = (publicKey: KeyObject) => Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');

/** Seals a PKCS#8 private key: base64url of iv · tag · ciphertext (AES-256-GCM). */
export const sealPrivateKey = (pkcs8: Buffer, secret: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
};

/** The private key of a stored key, or null when it does not open with this secret. */
export const openPrivateKey = (stored: Pick<StoredKey, 'privateKeyEncrypted'>, secret: string): KeyObject | null => {
  try {
    const bytes = Buffer.from(stored.privateKeyEncrypted, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const pkcs8 = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  } catch {
    return null;
  }
};

/** A new Ed25519 key, its private half sealed with `secret`. */
export const newStoredKey = (secret: string): StoredKey => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = rawPublicKey(publicKey);
  return {
    keyId: keyIdOf(raw),
    publicKey: raw.toString('base64url'),
    privateKeyEncrypted: sealPrivateKey(privateKey.export({ format: 'der', type: 'pkcs8' }), secret),
  };
};

/** The token of a ticket: its claims under the organization's signature (deterministic, as Ed25519 is). */
export const signTicket = (key: SigningKey, claims: Omit<TicketClaims, 'key_id'>) => {
  const payload = ticketPayload({ ...claims, key_id: key.keyId });
  return ticketToken(payload, new Uint8Array(sign(null, payload, key.privateKey)));
};
