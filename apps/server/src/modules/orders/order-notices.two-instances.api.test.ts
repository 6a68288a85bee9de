import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNotices } from '../../db/schema/messages.ts';
import type { MailMessage } from '../../integrations/mail.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount } from '../../test/factories.ts';
import { book, contact, reserveParty } from '../../test/order-factories.ts';
import { ORDER_NOTICES_JOB } from './order-notices.service.ts';

// Two server instances on one PostgreSQL database, each with its own pool, mailer and pg-boss workers:
// an order's confirmation goes out once, whichever instance's worker takes its job, however often the
// job is repeated. PostgreSQL only (pg-boss cannot run on PGlite; the in-process case is in
// order-notices.api.test.ts).
const url = process.env.DATABASE_URL;
const DAY = '2027-02-24';
const SCHEMA = 'pgboss_order_notices';

const waitFor = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
};

describe.skipIf(!url)('order mails on two instances (PostgreSQL, pg-boss)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // A pg-boss schema of this file's own: the messages' two-instance file runs pg-boss instances of
    // the same job names at the same time, whose workers would otherwise take (and mail) these jobs.
    const overrides = { DATABASE_URL: url, JOBS: 'auto', JOBS_POLL_SECONDS: '0.5', JOBS_SCHEMA: SCHEMA };
    a = await createTestApp(overrides);
    b = await createTestApp(overrides);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  const mailsTo = (email: string) => [...(a.mailer.outbox ?? []), ...(b.mailer.outbox ?? [])].filter((m) => m.to === email);
  /** This order's jobs still queued, retrying or running (other files' jobs share the queue). */
  const jobsOf = async (orderId: string) => {
    const result = await a.db.execute(sql`select count(*)::int as n from ${sql.identifier(SCHEMA)}.job
      where name = ${ORDER_NOTICES_JOB} and state in ('created', 'retry', 'active') and data ->> 'orderId' = ${orderId}`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
  };
  const sentAt = async (orderId: string) =>
    (await a.db.select({ sentAt: orderNotices.sentAt }).from(orderNotices).where(eq(orderNotices.orderId, orderId)))[0]?.sentAt;

  it('runs pg-boss on both', () => {
    expect([a.app.jobs.kind, b.app.jobs.kind]).toEqual(['pg-boss', 'pg-boss']);
  });

  it('sends a confirmation once: its job, repeated jobs queued on both and the sender run on both at once', async () => {
    const account = await createAccount(a);
    const offer = await createSellableOffer(a, account);
    const who = contact();
    const hold = await reserveParty(a, account, offer, DAY, { adults: 1 });
    const res = await book(a, account, hold.id, who);
    expect(res.statusCode, res.body).toBe(201);
    const job = { accountId: account.account.id, orderId: res.json().id };
    await Promise.all([
      ...Array.from({ length: 5 }, () => a.app.jobs.send(ORDER_NOTICES_JOB, job)),
      ...Array.from({ length: 5 }, () => b.app.jobs.send(ORDER_NOTICES_JOB, job)),
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).app.jobs.runNow(ORDER_NOTICES_JOB, job)),
    ]);
    await waitFor('the queue to drain', async () => (await jobsOf(job.orderId)) === 0);
    await Promise.all([a.app.jobs.idle(), b.app.jobs.idle()]);
    expect(await sentAt(job.orderId)).not.toBeNull();
    expect(mailsTo(who.email).map((m) => m.subject)).toEqual([
      `Your booking ${res.json().reference} with ${account.account.name} is confirmed`,
    ]);
  }, 120_000);

  it('a mail that fails is retried by pg-boss and arrives once; the order is answered 201', async () => {
    const account = await createAccount(a);
    const offer = await createSellableOffer(a, account);
    const who = contact();
    let failures = 0;
    const sends = [a, b].map((t) => t.mailer.send);
    for (const [i, t] of [a, b].entries()) {
      t.mailer.send = async (mail: MailMessage) => {
        if (mail.to === who.email && failures++ === 0) throw new Error('SMTP is down');
        return sends[i](mail);
      };
    }
    try {
      const hold = await reserveParty(a, account, offer, DAY, { adults: 1 });
      const res = await book(b, account, hold.id, who);
      expect(res.statusCode, res.body).toBe(201);
      await waitFor('the mail', async () => mailsTo(who.email).length > 0);
      await waitFor('the queue to drain', async () => (await jobsOf(res.json().id)) === 0);
      expect(failures).toBe(2);
      expect(mailsTo(who.email)).toHaveLength(1);
    } finally {
      for (const [i, t] of [a, b].entries()) t.mailer.send = sends[i];
    }
  }, 120_000);
});
