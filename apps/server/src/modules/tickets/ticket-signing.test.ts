import { createPrivateKey } from 'node:crypto';
import { decodeTicketToken, ticketKeyId, verifyTicketToken } from '@excursio/contract/tickets';
import { describe, expect, it } from 'vitest';
import { keyIdOf, newStoredKey, openPrivateKey, sealPrivateKey, signTicket } from './ticket-signing.ts';

// A fixed key (generated once): PKCS#8 private key and its raw public key, base64url.
const PRIVATE = 'MC4CAQAwBQYDK2VwBCIEIJOkELBXWWMbUNfoU18649W1cKtTzmrwFvldhCUJA4Qp';
const PUBLIC = 'wK7ccOnliHnlRpihx7xmAOp6sFQKEF_BllYpe404-uU';
const OTHER_PUBLIC = 'bhOIWMPJL0VgdEvGKwd8ZyPCHNgu1JFfZbyWGxpcZSY';
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

const key = () => ({
  keyId: keyIdOf(Buffer.from(PUBLIC, 'base64url')),
  privateKey: createPrivateKey({ key: Buffer.from(PRIVATE, 'base64url'), format: 'der', type: 'pkcs8' }),
});
const claims = {
  booking_id: '0197a3c1-5b2e-7d40-9a1f-2c3d4e5f6a7b',
  slot_id: '0197a3c1-0000-7abc-8def-0123456789ab',
  starts_at: '2026-12-01T09:00:00.000Z',
  participants: 3,
};

describe('ticket signing (server side)', () => {
  it("signs tokens the contract's verification accepts with the public key alone", async () => {
    const signer = key();
    expect(signer.keyId).toBe(await ticketKeyId(Buffer.from(PUBLIC, 'base64url')));
    const token = signTicket(signer, claims);
    // Ed25519 is deterministic: the same ticket always has the same token.
    expect(signTicket(signer, claims)).toBe(token);
    const publicKey = { key_id: signer.keyId, algorithm: 'Ed25519' as const, public_key: PUBLIC };
    expect(await verifyTicketToken(token, [publicKey])).toEqual({ valid: true, claims: { ...claims, key_id: signer.keyId } });
    // The same key id with another public key: refused.
    expect(await verifyTicketToken(token, [{ ...publicKey, public_key: OTHER_PUBLIC }])).toEqual({
      valid: false,
      reason: 'bad_signature',
    });
  });

  it('keeps private keys sealed: they open with the server secret only', async () => {
    const pkcs8 = Buffer.from(PRIVATE, 'base64url');
    const sealed = sealPrivateKey(pkcs8, SECRET);
    expect(sealed).not.toContain(PRIVATE);
    // Sealing twice gives different text (a fresh IV each time), the same key inside.
    expect(sealPrivateKey(pkcs8, SECRET)).not.toBe(sealed);
    const opened = openPrivateKey({ privateKeyEncrypted: sealed }, SECRET);
    expect(opened?.export({ format: 'der', type: 'pkcs8' }).toString('base64url')).toBe(PRIVATE);
    expect(openPrivateKey({ privateKeyEncrypted: sealed }, `${SECRET}-rotated`)).toBeNull();
    // A tampered seal does not open either (GCM's tag).
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(openPrivateKey({ privateKeyEncrypted: bytes.toString('base64url') }, SECRET)).toBeNull();
  });

  it('makes new keys that sign and verify, each with its own id', async () => {
    const a = newStoredKey(SECRET);
    const b = newStoredKey(SECRET);
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.keyId).toBe(await ticketKeyId(Buffer.from(a.publicKey, 'base64url')));
    const privateKey = openPrivateKey(a, SECRET);
    if (!privateKey) throw new Error('the new key does not open');
    const token = signTicket({ keyId: a.keyId, privateKey }, claims);
    expect(decodeTicketToken(token)?.claims.key_id).toBe(a.keyId);
    const keys = [{ key_id: a.keyId, algorithm: 'Ed25519' as const, public_key: a.publicKey }];
    expect((await verifyTicketToken(token, keys)).valid).toBe(true);
    expect(await verifyTicketToken(token, [{ key_id: b.keyId, algorithm: 'Ed25519', public_key: b.publicKey }])).toEqual({
      valid: false,
      reason: 'unknown_key',
    });
  });
});
