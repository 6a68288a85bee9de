import { describe, expect, it } from 'vitest';
import { bytes, issueWith, OURS, publicKeyOf, THEIRS } from './ticket-test-keys.ts';
import {
  decodeTicketToken,
  groupShortCode,
  normalizeShortCode,
  parseScannedCode,
  type TicketClaims,
  ticketPayload,
  ticketToken,
  toBase64Url,
  verifyTicketToken,
} from './tickets.ts';

const claims = async (overrides: Partial<TicketClaims> = {}): Promise<TicketClaims> => ({
  key_id: (await publicKeyOf(OURS)).key_id,
  booking_id: '0197a3c1-5b2e-7d40-9a1f-2c3d4e5f6a7b',
  slot_id: '0197a3c1-0000-7abc-8def-0123456789ab',
  starts_at: '2026-12-01T09:00:00.000Z',
  participants: 3,
  ...overrides,
});

const issue = issueWith;

describe('ticket tokens', () => {
  it('round-trips the booking, the slot, the start and the party size, and verifies with our key', async () => {
    const c = await claims();
    const token = await issue(OURS, c);
    expect(token).toMatch(/^[A-Za-z0-9_-]{143}$/);
    expect(decodeTicketToken(token)?.claims).toEqual(c);
    expect(await verifyTicketToken(token, [await publicKeyOf(OURS)])).toEqual({ valid: true, claims: c });
    // Our key among others (a rotated key, another organization's) still finds it.
    expect((await verifyTicketToken(token, [await publicKeyOf(THEIRS), await publicKeyOf(OURS)])).valid).toBe(true);
  });

  it('refuses an altered token: every byte of the payload and of the signature counts', async () => {
    const token = await issue(OURS, await claims());
    const keys = [await publicKeyOf(OURS)];
    const raw = bytes(token);
    // Byte 0 is the version (a change makes it malformed); 1–4 the key id (a change makes it unknown).
    for (let i = 5; i < raw.length; i += 1) {
      const altered = raw.slice();
      altered[i] ^= 0x01;
      expect(await verifyTicketToken(toBase64Url(altered), keys), `byte ${i}`).toEqual({ valid: false, reason: 'bad_signature' });
    }
  });

  it('refuses a bigger party or another booking signed with the old signature', async () => {
    const genuine = decodeTicketToken(await issue(OURS, await claims())) as NonNullable<ReturnType<typeof decodeTicketToken>>;
    const keys = [await publicKeyOf(OURS)];
    for (const change of [{ participants: 9 }, { booking_id: '0197a3c1-5b2e-7d40-9a1f-2c3d4e5f6a7c' }]) {
      const forged = ticketToken(ticketPayload(await claims(change)), genuine.signature);
      expect(await verifyTicketToken(forged, keys)).toEqual({ valid: false, reason: 'bad_signature' });
    }
  });

  it("refuses a code forged with another key under our key id, and another organization's genuine code", async () => {
    const keys = [await publicKeyOf(OURS)];
    // Someone else's key, claiming to be ours.
    const forged = await issue(THEIRS, await claims());
    expect(await verifyTicketToken(forged, keys)).toEqual({ valid: false, reason: 'bad_signature' });
    // Another organization's real ticket: signed with its own key, which is not one of ours.
    const theirs = await issue(THEIRS, await claims({ key_id: (await publicKeyOf(THEIRS)).key_id }));
    expect(await verifyTicketToken(theirs, [await publicKeyOf(THEIRS)])).toMatchObject({ valid: true });
    expect(await verifyTicketToken(theirs, keys)).toEqual({ valid: false, reason: 'unknown_key' });
    expect(await verifyTicketToken(theirs, [])).toEqual({ valid: false, reason: 'unknown_key' });
  });

  it('refuses what is not a token', async () => {
    const keys = [await publicKeyOf(OURS)];
    const token = await issue(OURS, await claims());
    const raw = bytes(token);
    const otherVersion = raw.slice();
    otherVersion[0] = 2;
    for (const text of ['', 'hello', token.slice(0, -4), `${token}AAAA`, `${token.slice(0, 20)}*${token.slice(21)}`]) {
      expect(await verifyTicketToken(text, keys), text).toEqual({ valid: false, reason: 'malformed' });
    }
    expect(await verifyTicketToken(toBase64Url(otherVersion), keys)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('refuses to encode what does not fit', async () => {
    await expect(claims({ participants: 70_000 }).then(ticketPayload)).rejects.toThrow(/Party size/);
    await expect(claims({ booking_id: 'not-a-uuid' }).then(ticketPayload)).rejects.toThrow(/UUID/);
    await expect(claims({ starts_at: '2200-01-01T00:00:00Z' }).then(ticketPayload)).rejects.toThrow(/Start/);
  });
});

describe('short codes', () => {
  it('reads codes as people type them and refuses what cannot be one', () => {
    expect(normalizeShortCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normalizeShortCode(' 0o1i L234 5678 ')).toBe('001112345678');
    expect(normalizeShortCode('ABCD-EFGH-JKM')).toBeNull();
    expect(normalizeShortCode('ABCD-EFGH-JKMU')).toBeNull();
    expect(groupShortCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
  });

  it('finds the code and the token in a scanned address, or takes a typed code', () => {
    expect(parseScannedCode('https://demo.example.com/api/o/ABCDEFGHJKMN/#tok_en')).toEqual({
      code: 'ABCDEFGHJKMN',
      token: 'tok_en',
    });
    expect(parseScannedCode('http://demo.localhost:3000/api/o/ABCDEFGHJKMN/')).toEqual({ code: 'ABCDEFGHJKMN', token: null });
    expect(parseScannedCode('abcd efgh jkmn')).toEqual({ code: 'ABCDEFGHJKMN', token: null });
    expect(parseScannedCode('https://example.com/s/store/')).toBeNull();
    expect(parseScannedCode('https://demo.example.com/api/o/short/')).toBeNull();
  });
});
