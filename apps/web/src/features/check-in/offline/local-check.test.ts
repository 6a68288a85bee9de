import type { CheckInManifest, ManifestBooking } from '@excursio/contract/check-in';
import { bytes, issueWith, OURS, publicKeyOf, THEIRS } from '@excursio/contract/ticket-test-keys';
import { type TicketClaims, ticketPayload, ticketToken } from '@excursio/contract/tickets';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLocally, localCheckIn } from './local-check.ts';

const issue = issueWith;

const BOOKING = '0197a3c1-5b2e-7d40-9a1f-2c3d4e5f6a7b';
const CODE = 'ABCDEFGHJKMN';
const address = (code: string, token: string) => `https://demo.excursio.test/api/o/${code}/#${token}`;

const booking: ManifestBooking = {
  booking_id: BOOKING,
  code: CODE,
  order_reference: '#1001',
  name: 'Ada Lovelace',
  experience_id: null,
  experience_title: 'Harbour tour',
  slot_id: '0197a3c1-0000-7abc-8def-0123456789ab',
  starts_at: '2026-12-01T09:00:00.000Z',
  ends_at: '2026-12-01T11:00:00.000Z',
  local_date: '2026-12-01',
  time: '10:00',
  time_zone: 'Europe/Berlin',
  participants: 3,
  party: [{ category: 'Adult', quantity: 3 }],
  answers: [],
  status: 'confirmed',
  attendance_status: 'open',
  checked_in_at: null,
  checked_in_by: null,
  checked_in_device_id: null,
};
let manifest: CheckInManifest;
let claims: TicketClaims;
beforeAll(async () => {
  const key = await publicKeyOf(OURS);
  manifest = { date: '2026-12-01', organization: 'Demo', server_time: '2026-12-01T08:00:00Z', keys: [key], bookings: [booking] };
  claims = {
    key_id: key.key_id,
    booking_id: BOOKING,
    slot_id: booking.slot_id,
    starts_at: booking.starts_at,
    participants: 3,
  };
});

describe('checking a ticket on the device alone (fixed keys)', () => {
  it('accepts a ticket signed with our key and finds its booking in the manifest', async () => {
    const verdict = await checkLocally(address(CODE, await issue(OURS, claims)), manifest);
    expect(verdict).toMatchObject({ kind: 'ticket', code: CODE, signature: 'valid', booking: { booking_id: BOOKING } });
    // Typed in: found on the list.
    expect(await checkLocally('abcd-efgh-jkmn', manifest)).toMatchObject({ kind: 'ticket', booking: { name: 'Ada Lovelace' } });
  });

  it('refuses a forged ticket: right claims, signed with a key that is not ours', async () => {
    const forged = await issue(THEIRS, claims); // names our key id, signed by another
    expect(await checkLocally(address(CODE, forged), manifest)).toMatchObject({ kind: 'refused', reason: 'bad_signature' });
  });

  it('refuses an altered ticket: one more participant, the signature kept', async () => {
    const token = await issue(OURS, claims);
    const bigger = ticketPayload({ ...claims, participants: 9 });
    const signature = bytes(token).slice(43);
    const altered = ticketToken(bigger, signature);
    expect(await checkLocally(address(CODE, altered), manifest)).toMatchObject({ kind: 'refused', reason: 'bad_signature' });
    // Or a byte flipped anywhere.
    const flipped = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    expect((await checkLocally(address(CODE, flipped), manifest)).kind).toBe('refused');
  });

  it("refuses another organization's ticket: signed with its own key", async () => {
    const theirs = await issue(THEIRS, { ...claims, key_id: (await publicKeyOf(THEIRS)).key_id });
    expect(await checkLocally(address('ZZZZZZZZZZZZ', theirs), manifest)).toMatchObject({
      kind: 'refused',
      reason: 'unknown_key',
    });
  });

  it("refuses a valid signature under another ticket's code, and leaves an unknown typed code to the server", async () => {
    const token = await issue(OURS, { ...claims, booking_id: '0197a3c1-5b2e-7d40-9a1f-000000000000' });
    expect(await checkLocally(address(CODE, token), manifest)).toMatchObject({ kind: 'refused', reason: 'mismatch' });
    expect(await checkLocally('ZZZZ-ZZZZ-ZZZZ', manifest)).toEqual({ kind: 'unknown', code: 'ZZZZZZZZZZZZ' });
    expect((await checkLocally('hello', manifest)).kind).toBe('not_a_code');
  });

  it('lets a party in once, on its day, while its booking is confirmed', async () => {
    const ticket = await checkLocally(CODE, manifest);
    if (ticket.kind !== 'ticket') throw new Error('expected a ticket');
    const onTheDay = new Date('2026-12-01T08:40:00Z');
    expect(localCheckIn(ticket, [], onTheDay)).toEqual({ ok: true });
    expect(localCheckIn(ticket, [], new Date('2026-12-03T08:40:00Z'))).toMatchObject({ ok: false, state: 'other_day' });
    const queued = [
      { client_event_id: 'e1', code: CODE, token: null, checked_in_at: '2026-12-01T08:41:00Z', booking_id: BOOKING },
    ];
    expect(localCheckIn(ticket, queued, onTheDay)).toMatchObject({ ok: false, state: 'checked_in' });
    const canceled = { ...ticket, booking: { ...booking, status: 'canceled' as const } };
    expect(localCheckIn(canceled, [], onTheDay)).toMatchObject({ ok: false, state: 'canceled' });
    const arrived = {
      ...ticket,
      booking: { ...booking, attendance_status: 'arrived' as const, checked_in_at: '2026-12-01T08:30:00Z', checked_in_by: 'Bo' },
    };
    expect(localCheckIn(arrived, [], onTheDay)).toMatchObject({
      ok: false,
      message: 'Already checked in at 09:30 by Bo: this ticket was used before.',
    });
  });
});
