import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';
import { SEND_JOB, SWEEP_JOB } from './message-jobs.ts';

// Two server instances on one PostgreSQL database, each with its own pool, mailer and pg-boss
// workers: a customer message goes out once. PostgreSQL only (pg-boss cannot run on PGlite; the
// in-process runner's case is in messages.api.test.ts).
const url = process.env.DATABASE_URL;
// A day no other test file books: on the shared CI database every file's bookings of a common day are
// due reminders too, and both instances' sweeps would work through all of them before this one.
const DAY = '2027-02-17';
const START = Date.parse(`${DAY}T09:00:00Z`);

const waitFor = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; i < 900; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
};

describe.skipIf(!url)('customer messages on two instances (PostgreSQL, pg-boss)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Both run pg-boss (JOBS=auto on DATABASE_URL), polling every half second.
    const overrides = { DATABASE_URL: url, JOBS: 'auto', JOBS_POLL_SECONDS: '0.5' };
    a = await createTestApp(overrides);
    b = await createTestApp(overrides);
    for (const t of [a, b]) t.clock.now = new Date(START - 48 * 3_600_000);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  // The reminders only (the booking's confirmation goes to the same address).
  const mailsTo = (email: string) =>
    [...(a.mailer.outbox ?? []), ...(b.mailer.outbox ?? [])].filter((m) => m.to === email && m.subject.startsWith('Reminder: '));

  it('runs pg-boss on both', () => {
    expect(a.app.jobs.kind).toBe('pg-boss');
    expect(b.app.jobs.kind).toBe('pg-boss');
  });

  it('sends a reminder once when both instances sweep and send at the same time', async () => {
    const account = await createAccount(a);
    const order = await createOrder(a, account, await createSellableOffer(a, account), DAY);
    for (const t of [a, b]) t.clock.now = new Date(START - 3_600_000);
    // Each instance queues the sweep; pg-boss hands each job to one worker of either instance.
    await Promise.all([a.app.jobs.send(SWEEP_JOB), b.app.jobs.send(SWEEP_JOB), a.app.jobs.send(SWEEP_JOB)]);
    await waitFor('the reminder', async () => mailsTo(order.contact.email).length > 0);
    // Both sweeps again, and send jobs for the same message pushed to both (as a retried job would).
    const job = { kind: 'reminder', bookingId: order.lines[0].booking.id, orderId: order.id };
    await Promise.all([
      a.app.jobs.send(SWEEP_JOB),
      b.app.jobs.send(SWEEP_JOB),
      ...Array.from({ length: 5 }, () => a.app.jobs.send(SEND_JOB, job)),
      ...Array.from({ length: 5 }, () => b.app.jobs.send(SEND_JOB, job)),
    ]);
    // Only this test's jobs: on the shared CI database the sweeps also queue other files' messages.
    const ours = async () => {
      const result = await a.db.execute(sql`select count(*)::int as n from pgboss.job
        where state in ('created', 'retry', 'active') and (name = ${SWEEP_JOB} or data ->> 'bookingId' = ${job.bookingId})`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
    };
    await waitFor('the queues to drain', async () => (await ours()) === 0);
    await Promise.all([a.app.jobs.idle(), b.app.jobs.idle()]);
    expect(mailsTo(order.contact.email)).toHaveLength(1);
  }, 150_000);

  it('sends once when the same send runs on both instances at the same moment (the claim, without the queue)', async () => {
    const account = await createAccount(a);
    const order = await createOrder(a, account, await createSellableOffer(a, account), DAY);
    const job = { kind: 'reminder', bookingId: order.lines[0].booking.id, orderId: order.id };
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).app.jobs.runNow(SEND_JOB, job)));
    expect(mailsTo(order.contact.email)).toHaveLength(1);
  });
});
