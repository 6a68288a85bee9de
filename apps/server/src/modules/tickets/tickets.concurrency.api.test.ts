import type { BookingTicket } from '@excursio/contract/qr-codes';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../db/schema/qr-codes.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount, useAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';
import { unsafeTesting } from './check-in-rule.ts';

// Parallel check-ins of one ticket only race with real concurrent sessions: PostgreSQL.
const pg = Boolean(process.env.DATABASE_URL);
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite runs one transaction at a time, so it cannot race';

const t = useTestApp();
const a = useAccount(t);

beforeAll(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  unsafeTesting.readThenWrite = false;
});

/** A fresh confirmed booking's ticket. */
const freshTicket = async () => {
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00', capacity: 10 }] });
  const order = await createOrder(t, a, offer, '2026-12-01', { adults: 2 });
  const res = await t.app.inject({ url: `/api/bookings/${order.lines[0].booking.id}/ticket/`, headers: a.owner.headers });
  return res.json() as BookingTicket;
};
/** Ten guides scanning the same ticket at once: the status codes. */
const tenScans = async (code: string) =>
  (
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: `/api/o/${code}/`, headers: a.owner.headers, payload: {} }),
      ),
    )
  ).map((r) => r.statusCode);

describe.skipIf(!pg)(`parallel check-ins (${pg ? 'PostgreSQL' : SKIP})`, () => {
  it('10 parallel check-ins of one ticket: one succeeds, nine are told it was used', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ticket = await freshTicket();
      const statuses = await tenScans(ticket.code);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      const [row] = await t.db.select().from(qrCodes).where(eq(qrCodes.code, ticket.code));
      expect(row.checkedInAt).not.toBeNull();
    }
  });

  it("an organization's first tickets asked for at once: one signing key, one ticket per booking", async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 20 }] });
    const orders = [];
    for (let i = 0; i < 3; i += 1) orders.push(await createOrder(t, b, offer, '2026-12-01', { adults: 1 }));
    const answers = await Promise.all(
      orders.flatMap((o) =>
        Array.from({ length: 4 }, () =>
          t.app.inject({ url: `/api/bookings/${o.lines[0].booking.id}/ticket/`, headers: b.owner.headers }),
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const codes = answers.map((r) => (r.json() as BookingTicket).code);
    expect(new Set(codes).size).toBe(3);
    expect(new Set(answers.map((r) => (r.json() as BookingTicket).content)).size).toBe(3);
    expect((await t.app.inject({ url: '/api/tickets/keys/', headers: b.owner.headers })).json().keys).toHaveLength(1);
  });

  it('control: reading the state first and writing without a condition checks one ticket in more than once', async () => {
    unsafeTesting.readThenWrite = true;
    let doubled = false;
    // Whether two requests overlap is up to the scheduler: some round shows it.
    for (let round = 0; round < 20 && !doubled; round += 1) {
      const ticket = await freshTicket();
      doubled = (await tenScans(ticket.code)).filter((s) => s === 200).length > 1;
    }
    expect(doubled).toBe(true);
  });
});
