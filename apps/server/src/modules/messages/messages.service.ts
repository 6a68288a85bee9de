import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CustomerMessage, MessageKind } from '@excursio/contract/product-configuration';
import { baseUrl, type Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { invalid } from '../../http/app-error.ts';
import type { Mailer, MailMessage } from '../../integrations/mail.ts';
import { getOrder } from '../orders/orders.service.ts';
import { abandonedCartMail, followUpMail, reminderMail } from './message-mails.ts';
import {
  cartFactsOf,
  claimMessage,
  dueAbandonedCarts,
  dueFollowUps,
  dueReminders,
  insertOptOut,
  type MessageRow,
  messagesOfOrder,
  orderFactsOf,
  storeIdBySlug,
  upsertCartContact,
  webstoreHolds,
} from './messages.repository.ts';

/** One message to send: its kind and what it is about (a booking, an order, a webstore cart). */
export type MessageJob =
  | { kind: 'reminder'; bookingId: string; orderId: string }
  | { kind: 'follow_up'; orderId: string }
  | { kind: 'abandoned_cart'; cartContactId: string };

export const dedupeKeyOf = (job: MessageJob) =>
  job.kind === 'reminder'
    ? `reminder:${job.bookingId}`
    : job.kind === 'follow_up'
      ? `follow_up:${job.orderId}`
      : `abandoned_cart:${job.cartContactId}`;

/** Every message due at `now` across organizations (at most 200 of each kind per sweep; the next sweep takes the rest). */
export const dueMessages = async (db: Executor, now: Date): Promise<MessageJob[]> => {
  const [reminders, followUps, carts] = [
    await dueReminders(db, now),
    await dueFollowUps(db, now),
    await dueAbandonedCarts(db, now),
  ];
  return [
    ...reminders.map((r) => ({ kind: 'reminder' as const, bookingId: r.bookingId, orderId: r.orderId })),
    ...followUps.map((f) => ({ kind: 'follow_up' as const, orderId: f.orderId })),
    ...carts.map((c) => ({ kind: 'abandoned_cart' as const, cartContactId: c.cartContactId })),
  ];
};

const optOutToken = (config: Config, accountId: string, email: string) =>
  createHmac('sha256', `${config.JWT_SECRET}:opt-out`).update(`${accountId}:${email.toLowerCase()}`).digest('base64url');

type Deps = { db: Db; config: Config; mailer: Mailer };

/** The mail a job sends (null when what it was about is gone), and who it belongs to. */
const mailOf = async (
  tx: Executor,
  config: Config,
  job: MessageJob,
): Promise<{ accountId: string; orderId: string | null; mail: MailMessage } | null> => {
  if (job.kind === 'abandoned_cart') {
    const cart = await cartFactsOf(tx, job.cartContactId);
    if (!cart) return null;
    const site = baseUrl(config, cart.subdomain);
    const query = new URLSearchParams({ a: cart.accountId, e: cart.email, t: optOutToken(config, cart.accountId, cart.email) });
    const mail = abandonedCartMail({
      ...cart,
      storeUrl: `${site}/s/${cart.storeSlug ? `${cart.storeSlug}/` : ''}`,
      unsubscribeUrl: `${site}/api/messages/unsubscribe/?${query}`,
    });
    return { accountId: cart.accountId, orderId: null, mail };
  }
  const facts = await orderFactsOf(tx, job.orderId);
  if (!facts) return null;
  const mail = job.kind === 'reminder' ? reminderMail(facts, job.bookingId) : followUpMail(facts);
  return mail ? { accountId: facts.accountId, orderId: job.orderId, mail } : null;
};

const stillDue = async (tx: Executor, job: MessageJob, now: Date) => {
  if (job.kind === 'reminder') return (await dueReminders(tx, now, { bookingId: job.bookingId })).length > 0;
  if (job.kind === 'follow_up') return (await dueFollowUps(tx, now, { orderId: job.orderId })).length > 0;
  return (await dueAbandonedCarts(tx, now, { cartContactId: job.cartContactId })).length > 0;
};

/**
 * Sends one message at most once. In one transaction: checks it is still due, claims it (the
 * unique `dedupe_key` row; a concurrent claim waits on the index, then finds it taken), sends the
 * mail, commits. A failed send rolls the claim back, so the queue's retry or the next sweep sends
 * it later. Answers whether this call sent it.
 */
export const sendMessage = async ({ db, config, mailer }: Deps, job: MessageJob, now: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    if (!(await stillDue(tx, job, now))) return false;
    const found = await mailOf(tx, config, job);
    if (!found) return false;
    const claimed = await claimMessage(tx, {
      accountId: found.accountId,
      kind: job.kind,
      dedupeKey: dedupeKeyOf(job),
      orderId: found.orderId,
      bookingId: job.kind === 'reminder' ? job.bookingId : null,
      cartContactId: job.kind === 'abandoned_cart' ? job.cartContactId : null,
      toEmail: found.mail.to,
      subject: found.mail.subject,
      sentAt: now,
    });
    if (!claimed) return false;
    await mailer.send(found.mail);
    return true;
  });

/** The webstore's checkout: the email a visitor typed, for their cart's holds (only webstore holds of this organization). */
export const recordCartContact = async (
  db: Db,
  accountId: string,
  input: { store?: string; email: string; first_name?: string; hold_ids: string[] },
  now: Date,
) => {
  const held = await webstoreHolds(db, accountId, input.hold_ids);
  if (!held.length) throw invalid('hold_ids', 'These reservations are not this store’s.');
  const holdIds = held.map((h) => h.id).sort();
  await upsertCartContact(db, {
    accountId,
    storeId: await storeIdBySlug(db, accountId, input.store),
    cartKey: holdIds.join(','),
    email: input.email,
    firstName: input.first_name ?? '',
    holdIds,
    createdAt: now,
  });
};

/** The link of an abandoned-cart email: no more such emails to that address from this organization. */
export const optOut = async (db: Db, config: Config, query: { a: string; e: string; t: string }) => {
  const expected = Buffer.from(optOutToken(config, query.a, query.e));
  const given = Buffer.from(query.t);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await insertOptOut(db, query.a, query.e);
  return true;
};

const toWire = (m: MessageRow): CustomerMessage => ({
  id: m.id,
  kind: m.kind as MessageKind,
  to: m.toEmail,
  subject: m.subject,
  booking_id: m.bookingId,
  sent_at: m.sentAt.toISOString(),
});

export const listOrderMessages = async (db: Db, accountId: string, orderId: string) => {
  await getOrder(db, accountId, orderId); // 404 for an unknown or foreign order
  return (await messagesOfOrder(db, accountId, orderId)).map(toWire);
};
