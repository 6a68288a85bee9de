/**
 * Test support (not used by the product): two fixed Ed25519 key pairs (generated once with Node's
 * crypto; PKCS#8 private key and raw public key, base64url) and ticket issuing with them, for the
 * tests that verify tickets without a server (the contract's, the check-in page's).
 */
import { fromBase64Url, type TicketClaims, type TicketPublicKey, ticketKeyId, ticketPayload, ticketToken } from './tickets.ts';

export type TestKey = { private: string; public: string };

export const OURS: TestKey = {
  private: 'MC4CAQAwBQYDK2VwBCIEIJOkELBXWWMbUNfoU18649W1cKtTzmrwFvldhCUJA4Qp',
  public: 'wK7ccOnliHnlRpihx7xmAOp6sFQKEF_BllYpe404-uU',
};
export const THEIRS: TestKey = {
  private: 'MC4CAQAwBQYDK2VwBCIEICnhC6bnric3xOUeXKlKp__UKWn9aXTV1jwsV_0Jj-ki',
  public: 'bhOIWMPJL0VgdEvGKwd8ZyPCHNgu1JFfZbyWGxpcZSY',
};

export const bytes = (b64: string) => fromBase64Url(b64) as Uint8Array<ArrayBuffer>;

export const publicKeyOf = async (key: TestKey): Promise<TicketPublicKey> => ({
  key_id: await ticketKeyId(bytes(key.public)),
  algorithm: 'Ed25519',
  public_key: key.public,
});

/** The signature of a payload with the key's private half. */
export const signWith = async (key: TestKey, payload: Uint8Array<ArrayBuffer>) => {
  const privateKey = await crypto.subtle.importKey('pkcs8', bytes(key.private), { name: 'Ed25519' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, payload));
};

/** A ticket token for the claims, signed with the key. */
export const issueWith = async (key: TestKey, claims: TicketClaims) => {
  const payload = ticketPayload(claims);
  return ticketToken(payload, await signWith(key, payload));
};
