import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderNotices } from '../../db/schema/messages.ts';
import type { MailMessage } from '../../integrations/mail.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { useAccount } from '../../test/factories.ts';
import { book, contact, createOrder, reserveParty } from '../../test/order-factories.ts';
import { ORDER_NOTICES_JOB, ORDER_NOTICES_SWEEP_JOB } from './order-notices.service.ts';

// The tickets PDF fails while `pdfFaults.left` > 0 (then renders as usual).
const pdfFaults = vi.hoisted(() => ({ left: 0, calls: 0 }));
vi.mock('../tickets/ticket-pdf.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../tickets/ticket-pdf.ts')>();
  return {
    ...actual,
    renderTicketsPdf: (...args: Parameters<typeof actual.renderTicketsPdf>) => {
      pdfFaults.calls += 1;
      if (pdfFaults.left > 0) {
        pdfFaults.left -= 1;
        return Promise.reject(new Error('the PDF library broke'));
      }
      return actual.renderTicketsPdf(...args);
    },
  };
});

const t = useTestApp();
const a = useAccount(t);
const DAY = '2026-12-02';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:59:00Z');
  pdfFaults.left = 0;
});

const post = (url: string) => t.app.inject({ method: 'POST', url, headers: a.owner.headers, payload: {} });
const mailsTo = async (to: string) => {
  await t.settled();
  return (t.mailer.outbox ?? []).filter((m: MailMessage) => m.to === to);
};
const confirmedSubject = (reference: string) => `Your booking ${reference} with ${a.account.name} is confirmed`;

/** The mailer throws for the next `times` mails to `to` (others go through). */
const failMailsTo = (to: string, times: number) => {
  const send = t.mailer.send;
  let left = times;
  t.mailer.send = async (mail) => {
    if (mail.to === to && left > 0) {
      left -= 1;
      throw new Error('SMTP is down');
    }
    return send(mail);
  };
  return () => {
    t.mailer.send = send;
  };
};

describe('order mails on the job queue', () => {
  it('a mail that fails is retried and arrives once; the order is answered 201 all the same', async () => {
    const offer = await createSellableOffer(t, a);
    const who = contact();
    const restore = failMailsTo(who.email, 2);
    try {
      const hold = await reserveParty(t, a, offer, DAY, { adults: 1 });
      const res = await book(t, a, hold.id, who);
      expect(res.statusCode, res.body).toBe(201);
      const mails = await mailsTo(who.email);
      expect(mails.map((m) => m.subject)).toEqual([confirmedSubject(res.json().reference)]);
      const [notice] = await t.db.select().from(orderNotices).where(eq(orderNotices.orderId, res.json().id));
      expect(notice).toMatchObject({ kind: 'confirmed', attempts: 2, lastError: 'SMTP is down' });
      expect(notice.sentAt).not.toBeNull();
    } finally {
      restore();
    }
  });

  it('a failing tickets PDF never fails the order: the confirmation is retried and arrives once, with its PDF', async () => {
    const offer = await createSellableOffer(t, a);
    pdfFaults.left = 1;
    const who = contact();
    const hold = await reserveParty(t, a, offer, DAY, { adults: 2 });
    const res = await book(t, a, hold.id, who);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('confirmed');
    const [mail, ...more] = await mailsTo(who.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe(confirmedSubject(res.json().reference));
    expect(mail.attachments?.some((f) => f.filename.endsWith('.pdf'))).toBe(true);
  });

  it('a PDF that never renders gives the confirmation up and does not hold back the order’s next mail', async () => {
    const offer = await createSellableOffer(t, a);
    pdfFaults.left = 100;
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    expect(await mailsTo(order.contact.email)).toHaveLength(0);
    pdfFaults.left = 0;
    expect((await post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    const subjects = (await mailsTo(order.contact.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toContain('canceled');
    const rows = await t.db.select().from(orderNotices).where(eq(orderNotices.orderId, order.id)).orderBy(orderNotices.seq);
    expect(rows.map((r) => [r.kind, r.attempts, Boolean(r.givenUpAt), Boolean(r.sentAt)])).toEqual([
      ['confirmed', 4, true, false],
      ['canceled', 0, false, true],
    ]);
  });

  it('keeps an order’s mails in order: a confirmation never overtakes the request received that is being retried', async () => {
    const offer = await createSellableOffer(t, a, { overrides: { confirmationMode: 'on_request' } });
    const who = contact();
    // The request received's first attempt hangs until the operator has confirmed, then fails: its
    // retry comes after the confirmation's job was queued.
    let confirmed: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      confirmed = resolve;
    });
    let attempts = 0;
    const send = t.mailer.send;
    t.mailer.send = async (mail) => {
      if (mail.to === who.email && mail.subject.startsWith('We received') && attempts++ === 0) {
        await gate;
        throw new Error('SMTP timed out');
      }
      return send(mail);
    };
    try {
      const hold = await reserveParty(t, a, offer, DAY, { adults: 1 });
      const placed = await book(t, a, hold.id, who);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json();
      expect(order.status).toBe('created');
      await vi.waitFor(() => expect(attempts).toBe(1));
      expect((await post(`/api/orders/${order.id}/confirm/`)).statusCode).toBe(200);
      confirmed();
      const subjects = (await mailsTo(who.email)).map((m) => m.subject);
      expect(subjects).toEqual([`We received your booking request ${order.reference}`, confirmedSubject(order.reference)]);
    } finally {
      t.mailer.send = send;
    }
  });

  it('a repeated or duplicated job sends nothing twice (10 at once)', async () => {
    const offer = await createSellableOffer(t, a);
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    await t.settled();
    const job = { accountId: a.account.id, orderId: order.id };
    await Promise.all(Array.from({ length: 10 }, () => t.app.jobs.runNow(ORDER_NOTICES_JOB, job)));
    expect((await post(`/api/orders/${order.id}/resend-confirmation/`)).statusCode).toBe(202);
    await Promise.all(Array.from({ length: 10 }, () => t.app.jobs.send(ORDER_NOTICES_JOB, job)));
    const subjects = (await mailsTo(order.contact.email)).map((m) => m.subject);
    expect(subjects).toEqual([confirmedSubject(order.reference), confirmedSubject(order.reference)]);
  });

  it('a notice whose job was lost (the process died before queueing it) is queued again by the sweep, once', async () => {
    const offer = await createSellableOffer(t, a);
    const order = await createOrder(t, a, offer, DAY, { adults: 1 });
    expect(await mailsTo(order.contact.email)).toHaveLength(1);
    // The confirmation recorded again two minutes ago, its job never queued.
    await t.db.insert(orderNotices).values({
      accountId: a.account.id,
      orderId: order.id,
      kind: 'confirmed',
      notice: { kind: 'confirmed' },
      createdAt: new Date(Date.now() - 120_000),
    });
    await t.settled();
    expect(await mailsTo(order.contact.email)).toHaveLength(1);
    await t.app.jobs.runNow(ORDER_NOTICES_SWEEP_JOB);
    expect(await mailsTo(order.contact.email)).toHaveLength(2);
    await t.app.jobs.runNow(ORDER_NOTICES_SWEEP_JOB);
    expect(await mailsTo(order.contact.email)).toHaveLength(2);
  });
});
