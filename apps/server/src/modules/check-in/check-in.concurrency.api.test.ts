import type { CheckInSyncResponse } from '@excursio/contract/check-in';
import type { BookingTicket } from '@excursio/contract/qr-codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, qrCodes } from '../../db/schema/qr-codes.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';
import { unsafeTesting } from '../tickets/check-in-rule.ts';

// Parallel syncs only race with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
const a = useAccount(t);

beforeAll(() => {
  t.clock.now = new Date('2026-12-01T09:30:00Z');
});
afterAll(() => {
  t.clock.now = null;
});
afterEach(() => {
  unsafeTesting.readThenWrite = false;
});

/** A confirmed booking's ticket for 10:00 Berlin on 1 December, booked the day before. */
const freshTicket = async () => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
  const order = await createOrder(t, a, offer, '2026-12-01', { adults: 2 });
  const res = await t.app.inject({ url: `/api/bookings/${order.lines[0].booking.id}/ticket/`, headers: a.owner.headers });
  t.clock.now = new Date('2026-12-01T09:30:00Z');
  return res.json() as BookingTicket;
};
const sync = (device: string, items: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/check-in/sync/',
    headers: a.owner.headers,
    payload: { device_id: device, sent_at: '2026-12-01T09:30:00Z', items },
  });
/** Ten phones syncing a check-in of the same ticket at once, each made a minute apart (08:41 … 08:50). */
const tenPhones = async (code: string) =>
  (
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sync(`phone-${i}-xxxx`, [
          { client_event_id: `evt-${code}-${i}`, code, checked_in_at: `2026-12-01T08:${String(50 - i).padStart(2, '0')}:00Z` },
        ]),
      ),
    )
  ).map((r) => (r.json() as CheckInSyncResponse).results[0]);

describe.skipIf(!pg)(`parallel syncs (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('ten phones syncing one ticket at once: the earliest check-in stands, every later one is told so', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ticket = await freshTicket();
      const answers = await tenPhones(ticket.code);
      const [row] = await t.db.select().from(qrCodes).where(eq(qrCodes.code, ticket.code));
      // 08:41 (phone 9) is the earliest, whatever order the syncs ran in.
      expect(row.checkedInAt?.toISOString()).toBe('2026-12-01T08:41:00.000Z');
      expect(row.checkedInDeviceId).toBe('phone-9-xxxx');
      expect(answers[9].result).toBe('checked_in');
      // The others were answered as their turn came: checked in (then replaced by an earlier one) or already checked in.
      for (const r of answers.slice(0, 9)) expect(['checked_in', 'already_checked_in']).toContain(r.result);
      const log = await t.db.select().from(checkIns).where(eq(checkIns.qrCodeId, row.id));
      expect(log).toHaveLength(10);
    }
  });

  it('the same event synced ten times at once (retries): one row, one answer', async () => {
    const ticket = await freshTicket();
    const event = { client_event_id: `evt-retry-${ticket.code}`, code: ticket.code, checked_in_at: '2026-12-01T08:45:00Z' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sync('phone-retry', [event])));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const results = answers.map((r) => (r.json() as CheckInSyncResponse).results[0]);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0].result).toBe('checked_in');
    const rows = await t.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.accountId, a.account.id), eq(checkIns.clientEventId, event.client_event_id)));
    expect(rows).toHaveLength(1);
  });

  it('control: without the row lock, parallel syncs leave a later check-in standing', async () => {
    unsafeTesting.readThenWrite = true;
    let wrong = false;
    for (let round = 0; round < 20 && !wrong; round += 1) {
      const ticket = await freshTicket();
      await tenPhones(ticket.code);
      const [row] = await t.db.select().from(qrCodes).where(eq(qrCodes.code, ticket.code));
      wrong = row.checkedInAt?.toISOString() !== '2026-12-01T08:41:00.000Z';
    }
    expect(wrong).toBe(true);
  });
});
