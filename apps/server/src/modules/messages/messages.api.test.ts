import type { ProductConfiguration } from '@excursio/contract/product-configuration';
import { beforeEach, describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { createAccount, type TestAccount } from '../../test/factories.ts';
import { book, contact, createOrder, reserveParty } from '../../test/order-factories.ts';
import { connectTestProvider } from '../../test/payment-factories.ts';
import { addToStore, createStore } from '../../test/store-factories.ts';
import { SEND_JOB, SWEEP_JOB } from './message-jobs.ts';

// The job queue's handlers, run by the in-process runner (the same handlers pg-boss runs on
// PostgreSQL; messages.two-instances.api.test.ts runs them there on two app instances).
const t = useTestApp();
// 10:00 in Berlin on 1 December is 09:00 UTC; the offer lasts two hours (ends 11:00 UTC).
const DAY = '2026-12-01';
const START = Date.parse('2026-12-01T09:00:00Z');
const END = Date.parse('2026-12-01T11:00:00Z');
const HOUR = 3_600_000;

const at = (ms: number) => {
  t.clock.now = new Date(ms);
};
/** One sweep of the queue and every send it queued. */
const sweep = async () => {
  await t.app.jobs.runNow(SWEEP_JOB);
  await t.app.jobs.idle();
};
// The queue's messages only (the booking's own confirmation goes to the same address).
const QUEUED = /^(Reminder: |Thank you for joining |Your places for )/;
const mailsTo = (email: string) => (t.mailer.outbox ?? []).filter((m) => m.to === email && QUEUED.test(m.subject));

const configure = async (account: TestAccount, changes: Partial<ProductConfiguration>) => {
  const current = (await t.app.inject({ url: '/api/product-configuration/', headers: account.owner.headers })).json();
  const { updated_at: _, ...body } = current;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/product-configuration/',
    headers: account.owner.headers,
    payload: { ...body, ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const messagesOf = async (account: TestAccount, orderId: string) => {
  const res = await t.app.inject({ url: `/api/orders/${orderId}/messages/`, headers: account.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { kind: string; to: string; subject: string; booking_id: string | null }[];
};

beforeEach(() => at(START - 48 * HOUR));

describe('reminder before the start', () => {
  it('is sent once the start is within the reminder hours, once, and recorded on the order', async () => {
    const account = await createAccount(t);
    const offer = await createSellableOffer(t, account);
    const order = await createOrder(t, account, offer, DAY);
    const email = order.contact.email;
    await sweep();
    expect(mailsTo(email)).toHaveLength(0); // 48 hours before: not yet
    at(START - 23 * HOUR);
    await sweep();
    await sweep();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Reminder: .+ on Tue, 01\. December 2026, 10:00$/);
    expect(mails[0].text).toContain(`booking ${order.reference}`);
    const recorded = await messagesOf(account, order.id);
    expect(recorded).toEqual([
      expect.objectContaining({ kind: 'reminder', to: email, subject: mails[0].subject, booking_id: order.lines[0].booking.id }),
    ]);
    // Past the start nothing more goes out.
    at(START + HOUR);
    await sweep();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('follows the configured hours and time format, and nothing goes out when reminders are off', async () => {
    const early = await createAccount(t);
    await configure(early, { reminder_hours_before: 72, time_format: '12h' });
    const off = await createAccount(t);
    await configure(off, { reminder_enabled: false });
    const earlyOrder = await createOrder(t, early, await createSellableOffer(t, early), DAY);
    const offOrder = await createOrder(t, off, await createSellableOffer(t, off), DAY);
    await sweep();
    expect(mailsTo(earlyOrder.contact.email).map((m) => m.subject)).toEqual([expect.stringMatching(/10:00 am$/i)]);
    at(START - HOUR);
    await sweep();
    expect(mailsTo(offOrder.contact.email)).toHaveLength(0);
  });

  it('is not sent for a canceled order', async () => {
    const account = await createAccount(t);
    const order = await createOrder(t, account, await createSellableOffer(t, account), DAY);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel/`,
      headers: account.owner.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    at(START - HOUR);
    await sweep();
    expect(mailsTo(order.contact.email)).toHaveLength(0);
  });

  it('goes out once when ten send jobs for it run at the same time', async () => {
    const account = await createAccount(t);
    const order = await createOrder(t, account, await createSellableOffer(t, account), DAY);
    at(START - HOUR);
    const job = { kind: 'reminder', bookingId: order.lines[0].booking.id, orderId: order.id };
    await Promise.all(Array.from({ length: 10 }, () => t.app.jobs.runNow(SEND_JOB, job)));
    expect(mailsTo(order.contact.email)).toHaveLength(1);
    expect(await messagesOf(account, order.id)).toHaveLength(1);
  });
});

describe('follow-up after the experience', () => {
  it('is sent the configured hours after the last booking ended, once', async () => {
    const account = await createAccount(t);
    await configure(account, { reminder_enabled: false, follow_up_hours_after: 2 });
    const order = await createOrder(t, account, await createSellableOffer(t, account), DAY);
    at(END + HOUR);
    await sweep();
    expect(mailsTo(order.contact.email)).toHaveLength(0);
    at(END + 2 * HOUR + 60_000);
    await sweep();
    await sweep();
    const mails = mailsTo(order.contact.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Thank you for joining /)]);
    expect((await messagesOf(account, order.id)).map((m) => m.kind)).toEqual(['follow_up']);
  });

  it('is not sent for experiences long past (a setting turned on later does not mail old customers)', async () => {
    const account = await createAccount(t);
    await configure(account, { reminder_enabled: false });
    const order = await createOrder(t, account, await createSellableOffer(t, account), DAY);
    at(END + 10 * 24 * HOUR);
    await sweep();
    expect(mailsTo(order.contact.email)).toHaveLength(0);
  });
});

describe('abandoned cart', () => {
  const visitorCart = async (account: TestAccount) => {
    const offer = await createSellableOffer(t, account);
    await connectTestProvider(t.db, account.account.id); // a store reserves only what it can be paid for
    const store = await createStore(t, account);
    await addToStore(t, account, store.id, [offer.offer.id]);
    const hold = await reserveParty(t, account, offer, DAY, { adults: 2 }, 0, store.slug);
    return { offer, store, hold };
  };
  const tellEmail = (account: TestAccount, store: string, holdIds: string[], email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webstores/cart-contact/',
      headers: hostHeaders(account.subdomain),
      payload: { store, email, first_name: 'Vera', hold_ids: holdIds },
    });

  it('reminds a visitor who typed an email once their hold ran out, once, with a working opt-out', async () => {
    const account = await createAccount(t);
    const { store, hold, offer } = await visitorCart(account);
    const email = `vera-${crypto.randomUUID().slice(0, 8)}@example.test`;
    expect((await tellEmail(account, store.slug, [hold.id], email)).statusCode).toBe(204);
    await sweep();
    expect(mailsTo(email)).toHaveLength(0); // still held
    at(Date.parse(hold.utcExpiresAt) + 61 * 60_000);
    await sweep();
    await sweep();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(offer.offer.title);
    expect(mails[0].text).toContain(`/s/${store.slug}/`);
    // The opt-out link: no more reminders to that address from this organization.
    const link = new URL((mails[0].text.match(/https?:\/\/\S+unsubscribe\S+/) ?? [''])[0]);
    const forged = await t.app.inject({
      url: `${link.pathname}?${new URLSearchParams({ ...Object.fromEntries(link.searchParams), t: 'x'.repeat(43) })}`,
      headers: hostHeaders(account.subdomain),
    });
    expect(forged.statusCode).toBe(400);
    const out = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: hostHeaders(account.subdomain) });
    expect(out.statusCode, out.body).toBe(200);
    const next = await reserveParty(t, account, offer, DAY, { adults: 1 }, 0, store.slug);
    expect((await tellEmail(account, store.slug, [next.id], email.toUpperCase())).statusCode).toBe(204);
    at(Date.parse(next.utcExpiresAt) + 61 * 60_000);
    await sweep();
    expect(mailsTo(email.toUpperCase())).toHaveLength(0);
  });

  it('sends nothing when the visitor booked, gave no email, or the holds are not webstore holds', async () => {
    const account = await createAccount(t);
    const { store, hold, offer } = await visitorCart(account);
    const who = contact();
    expect((await tellEmail(account, store.slug, [hold.id], who.email)).statusCode).toBe(204);
    expect((await book(t, account, hold.id, who)).statusCode).toBe(201);
    const silent = await reserveParty(t, account, offer, DAY, { adults: 1 }, 0, store.slug);
    const apiHold = await reserveParty(t, account, offer, DAY, { adults: 1 });
    const refused = await tellEmail(account, store.slug, [apiHold.id], 'api@example.test');
    expect(refused.statusCode).toBe(400);
    at(Date.parse(silent.utcExpiresAt) + 2 * HOUR);
    await t.settled(); // the booking's confirmation mail goes out after its answer; only the sweep's mails count
    const before = (t.mailer.outbox ?? []).length;
    await sweep();
    const sent = (t.mailer.outbox ?? []).slice(before).map((m) => m.to);
    expect(sent).not.toContain(who.email);
    expect(sent).not.toContain('api@example.test');
  });
});
