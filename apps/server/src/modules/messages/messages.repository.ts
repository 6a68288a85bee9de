import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { bookings, holds, slots } from '../../db/schema/availability.ts';
import { experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { customerMessages, messageOptOuts, webstoreCartContacts } from '../../db/schema/messages.ts';
import { productConfigurations as pc } from '../../db/schema/product-configuration.ts';
import { orderLines, orders } from '../../db/schema/sales.ts';
import { stores } from '../../db/schema/stores.ts';

export type MessageRow = typeof customerMessages.$inferSelect;

const BATCH = 200;
/** Follow-ups and cart reminders look this far back (a newly enabled setting does not mail old customers). */
const LOOK_BACK = sql`interval '2 days'`;

const notSent = (key: SQL) => sql`not exists (select 1 from ${customerMessages} m where m.dedupe_key = ${key})`;

/** Confirmed bookings of confirmed orders with an email, starting within the organization's reminder hours. */
export const dueReminders = (db: Executor, now: Date, only?: { bookingId: string }) =>
  db
    .select({ accountId: bookings.accountId, bookingId: bookings.id, orderId: orders.id })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(pc, eq(pc.accountId, bookings.accountId))
    .where(
      and(
        only ? eq(bookings.id, only.bookingId) : undefined,
        eq(bookings.status, 'confirmed'),
        eq(orders.status, 'confirmed'),
        sql`${orders.contactEmail} <> ''`,
        sql`coalesce(${pc.reminderEnabled}, true)`,
        gt(slots.startsAt, now),
        lte(
          slots.startsAt,
          sql`${now.toISOString()}::timestamptz + make_interval(hours => coalesce(${pc.reminderHoursBefore}, 24))`,
        ),
        notSent(sql`'reminder:' || ${bookings.id}::text`),
      ),
    )
    .limit(BATCH);

/**
 * Confirmed orders with an email whose last booking (not canceled) ended the organization's follow-up
 * hours ago (and not more than two days before that).
 */
export const dueFollowUps = (db: Executor, now: Date, only?: { orderId: string }) => {
  const hours = sql`make_interval(hours => coalesce(${pc.followUpHoursAfter}, 3))`;
  return db
    .selectDistinct({ accountId: orders.accountId, orderId: orders.id })
    .from(slots)
    .innerJoin(bookings, eq(bookings.slotId, slots.id))
    .innerJoin(orderLines, eq(orderLines.bookingId, bookings.id))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(pc, eq(pc.accountId, orders.accountId))
    .where(
      and(
        only ? eq(orders.id, only.orderId) : undefined,
        sql`${slots.endsAt} <= ${now.toISOString()}::timestamptz - ${hours}`,
        sql`${slots.endsAt} > ${now.toISOString()}::timestamptz - ${hours} - ${LOOK_BACK}`,
        sql`${bookings.status} <> 'canceled'`,
        eq(orders.status, 'confirmed'),
        sql`${orders.contactEmail} <> ''`,
        sql`coalesce(${pc.followUpEnabled}, true)`,
        // Its last booking: none of the order's other bookings ends later.
        sql`not exists (select 1 from ${orderLines} l2 join ${bookings} b2 on b2.id = l2.booking_id
          join ${slots} s2 on s2.id = b2.slot_id
          where l2.order_id = ${orders.id} and b2.status <> 'canceled' and s2.ends_at > ${slots.endsAt})`,
        notSent(sql`'follow_up:' || ${orders.id}::text`),
      ),
    )
    .limit(BATCH);
};

/**
 * Webstore carts whose visitor gave an email and whose holds expired the organization's minutes ago:
 * none converted, none still holding (or released), no order by that email since, not opted out.
 */
export const dueAbandonedCarts = (db: Executor, now: Date, only?: { cartContactId: string }) => {
  const c = webstoreCartContacts;
  return db
    .select({ accountId: c.accountId, cartContactId: c.id })
    .from(c)
    .leftJoin(pc, eq(pc.accountId, c.accountId))
    .where(
      and(
        only ? eq(c.id, only.cartContactId) : undefined,
        sql`coalesce(${pc.abandonedCartEnabled}, true)`,
        sql`${c.createdAt} > ${now.toISOString()}::timestamptz - ${LOOK_BACK}`,
        sql`exists (select 1 from ${holds} h where h.id = any(${c.holdIds}) and h.status = 'active')`,
        sql`not exists (select 1 from ${holds} h where h.id = any(${c.holdIds}) and (h.status = 'converted'
          or (h.status = 'active' and h.expires_at > ${now.toISOString()}::timestamptz
            - make_interval(mins => coalesce(${pc.abandonedCartMinutesAfter}, 60)))))`,
        // An order by that email since: the organization's own, or a resale it made (the supplier's order).
        sql`not exists (select 1 from ${orders} o where (o.account_id = ${c.accountId}
            or exists (select 1 from resales r where r.order_id = o.id and r.reseller_account_id = ${c.accountId}))
          and lower(o.contact_email) = lower(${c.email}) and o.created_at >= ${c.createdAt})`,
        sql`not exists (select 1 from ${messageOptOuts} x where x.account_id = ${c.accountId} and x.email = lower(${c.email}))`,
        notSent(sql`'abandoned_cart:' || ${c.id}::text`),
      ),
    )
    .limit(BATCH);
};

/**
 * The claim: the message's row, unless one with the same key exists. Inside the sending
 * transaction; a concurrent claim of the same key waits on the unique index and then gets nothing.
 */
export const claimMessage = async (tx: Executor, values: typeof customerMessages.$inferInsert) =>
  (
    await tx
      .insert(customerMessages)
      .values(values)
      .onConflictDoNothing({ target: customerMessages.dedupeKey })
      .returning({ id: customerMessages.id })
  ).length > 0;

/** What a reminder or follow-up says: the order's contact and reference, the organization, its bookings. */
export const orderFactsOf = async (db: Executor, orderId: string) => {
  const [order] = await db
    .select({
      accountId: orders.accountId,
      number: orders.number,
      referencePrefix: orders.referencePrefix,
      email: orders.contactEmail,
      firstName: orders.contactFirstName,
      organization: baseAccounts.name,
      subdomain: baseAccounts.subdomain,
      profile: baseAccounts.profile,
      contact: baseAccounts.contactInfo,
    })
    .from(orders)
    .innerJoin(baseAccounts, eq(baseAccounts.id, orders.accountId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({
      bookingId: bookings.id,
      title: experiences.title,
      startsAt: slots.startsAt,
      timeZone: experiences.timeZone,
      participants: bookings.participants,
      meetingPoint: meetingPoints.name,
      meetingAddress: meetingPoints.address,
      meetingInstructions: meetingPoints.instructions,
    })
    .from(orderLines)
    .innerJoin(bookings, eq(bookings.id, orderLines.bookingId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .leftJoin(meetingPoints, eq(meetingPoints.id, experiences.meetingPointId))
    .where(and(eq(orderLines.orderId, orderId), sql`${bookings.status} <> 'canceled'`))
    .orderBy(slots.startsAt);
  return { ...order, lines };
};

/** What an abandoned-cart reminder says: the address, the store, the offers the holds were for. */
export const cartFactsOf = async (db: Executor, cartContactId: string) => {
  const [cart] = await db
    .select({
      accountId: webstoreCartContacts.accountId,
      email: webstoreCartContacts.email,
      firstName: webstoreCartContacts.firstName,
      holdIds: webstoreCartContacts.holdIds,
      storeSlug: stores.slug,
      storeName: stores.name,
      organization: baseAccounts.name,
      subdomain: baseAccounts.subdomain,
    })
    .from(webstoreCartContacts)
    .innerJoin(baseAccounts, eq(baseAccounts.id, webstoreCartContacts.accountId))
    .leftJoin(stores, eq(stores.id, webstoreCartContacts.storeId))
    .where(eq(webstoreCartContacts.id, cartContactId));
  if (!cart) return null;
  const offers = await db
    .selectDistinct({ title: experiences.title })
    .from(holds)
    .innerJoin(experiences, eq(experiences.id, holds.experienceId))
    .where(inArray(holds.id, cart.holdIds));
  return { ...cart, offers: offers.map((o) => o.title) };
};

/**
 * The holds given, if they are webstore holds of the organization's stores (a visitor names only
 * their own): its own stores', or — in a reseller's store — the supplier's holds made under a partnership
 * where it is the reseller (`holds.partnership_id`, as `holdAccountFor` finds them).
 */
export const webstoreHolds = (db: Executor, accountId: string, holdIds: string[]) =>
  db
    .select({ id: holds.id })
    .from(holds)
    .where(
      and(
        inArray(holds.id, holdIds),
        eq(holds.source, 'webstore'),
        or(
          // Its own store's holds; not those a reseller made on its offers (the reseller's visitors).
          and(eq(holds.accountId, accountId), isNull(holds.partnershipId)),
          sql`${holds.partnershipId} in (select p.id from partnerships p where p.reseller_account_id = ${accountId})`,
        ),
      ),
    );

export const storeIdBySlug = async (db: Executor, accountId: string, slug: string | undefined) => {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.accountId, accountId), slug ? eq(stores.slug, slug) : eq(stores.isDefault, true)));
  return row?.id ?? null;
};

export const upsertCartContact = (db: Executor, values: typeof webstoreCartContacts.$inferInsert) =>
  db
    .insert(webstoreCartContacts)
    .values(values)
    .onConflictDoUpdate({
      target: [webstoreCartContacts.accountId, webstoreCartContacts.cartKey],
      set: { email: values.email, firstName: values.firstName, updatedAt: new Date() },
    });

export const insertOptOut = (db: Executor, accountId: string, email: string) =>
  db.insert(messageOptOuts).values({ accountId, email: email.toLowerCase() }).onConflictDoNothing();

export const messagesOfOrder = (db: Executor, accountId: string, orderId: string) =>
  db
    .select()
    .from(customerMessages)
    .where(and(eq(customerMessages.accountId, accountId), eq(customerMessages.orderId, orderId)))
    .orderBy(desc(customerMessages.sentAt));
