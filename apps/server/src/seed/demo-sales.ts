import type { Db } from '../db/client.ts';
import { DAY_MS, formatIsoDate } from '../modules/availability/local-date.ts';
import { reserve } from '../modules/availability/reservations.service.ts';
import { createCustomer } from '../modules/customers/customers.service.ts';
import { markAttendance } from '../modules/orders/bookings.service.ts';
import { bookHold, cancelOrder } from '../modules/orders/orders.service.ts';
import { recordPayment } from '../modules/orders/payments.service.ts';

type Sold = {
  tour: { id: string };
  rate: { id: string };
  adult: { id: string };
  child: { id: string };
  lines: { id: string; time: string }[];
  today: number;
};

const PEOPLE = [
  ['Maria', 'Santos', 'maria.santos@example.com', '+351 912 345 678', 'PT', 'pt', true],
  ['James', 'Whitfield', 'james.whitfield@example.co.uk', '+44 7700 900123', 'GB', 'en', false],
  ['Lena', 'Hoffmann', 'lena.hoffmann@example.de', '+49 151 2345 6789', 'DE', 'de', true],
  ['Sophie', 'Martin', 'sophie.martin@example.fr', '+33 6 12 34 56 78', 'FR', 'fr', false],
  ['Daniel', 'Kowalski', 'd.kowalski@example.pl', '+48 601 234 567', 'PL', 'en', false],
  ['Aiko', 'Tanaka', 'aiko.tanaka@example.jp', '+81 90 1234 5678', 'JP', 'en', true],
  ['Carlos', 'Mendes', 'carlos.mendes@example.br', '+55 11 91234 5678', 'BR', 'pt', false],
  ['Emma', 'Johansson', 'emma.johansson@example.se', '+46 70 123 45 67', 'SE', 'en', true],
  ['Noah', 'Williams', 'noah.w@example.com', '+1 415 555 0134', 'US', 'en', false],
  ['Giulia', 'Rossi', 'giulia.rossi@example.it', '+39 312 345 6789', 'IT', 'it', false],
  ['Pieter', 'de Vries', 'pieter.devries@example.nl', '+31 6 12345678', 'NL', 'nl', true],
  ['Ana', 'García', 'ana.garcia@example.es', '+34 612 34 56 78', 'ES', 'es', false],
] as const;

/**
 * The demo's sales: who booked which morning walk (days from today; past ones were booked a few
 * days before their start and have their attendance taken), and what they paid.
 */
const ORDERS: {
  day: number;
  who: number;
  adults: number;
  children?: number;
  paid?: 'all' | 'deposit';
  card?: boolean;
  cancel?: boolean;
  attended?: 'arrived' | 'no_show';
}[] = [
  { day: -24, who: 9, adults: 2, paid: 'all', attended: 'arrived' },
  { day: -17, who: 10, adults: 2, children: 2, paid: 'all', card: true, attended: 'arrived' },
  { day: -12, who: 11, adults: 1, paid: 'all', attended: 'no_show' },
  { day: -9, who: 2, adults: 3, paid: 'all', attended: 'arrived' },
  { day: -5, who: 7, adults: 2, paid: 'all', attended: 'arrived' },
  { day: -3, who: 0, adults: 2, paid: 'all', card: true, attended: 'arrived' },
  { day: -1, who: 5, adults: 4, children: 1, paid: 'deposit', attended: 'arrived' },
  { day: 1, who: 0, adults: 2, children: 1, paid: 'all' },
  { day: 1, who: 1, adults: 1, paid: 'deposit' },
  { day: 3, who: 2, adults: 2 },
  { day: 4, who: 3, adults: 2, children: 2, paid: 'all', card: true },
  { day: 5, who: 4, adults: 2, paid: 'all', cancel: true },
  { day: 7, who: 5, adults: 1, paid: 'all', card: true },
  { day: 8, who: 6, adults: 3, children: 1, paid: 'deposit' },
  { day: 10, who: 7, adults: 2 },
  { day: 12, who: 8, adults: 4, paid: 'all' },
];

/**
 * Customers and orders of the demo organization, through the same services the API uses (holds
 * taken from the engine, orders booked, payments recorded, one order canceled), so a person who
 * starts the product sees bookings on the capacity calendar, orders and a manifest.
 */
export const seedDemoSales = async (
  db: Db,
  { accountId, sellerUserId }: { accountId: string; sellerUserId: string },
  sold: Sold,
  now: Date,
) => {
  for (const [first_name, last_name, email, phone, country, language, marketing_consent] of PEOPLE) {
    await createCustomer(
      db,
      accountId,
      { first_name, last_name, email, phone, country, language, marketing_consent, notes: '' },
      now,
    );
  }
  const morning = sold.lines.find((l) => l.time === '10:00') ?? sold.lines[0];
  for (const [i, o] of ORDERS.entries()) {
    const [first_name, last_name, email, phone] = PEOPLE[o.who];
    // A past order was made (and paid) four days before its start, at noon UTC; the rest today.
    const at = o.day < 0 ? new Date((sold.today + o.day - 4) * DAY_MS + 12 * 3_600_000) : now;
    const { hold } = await reserve(
      db,
      accountId,
      {
        productId: sold.tour.id,
        availabilityId: `${formatIsoDate(sold.today + o.day)}_${morning.id}`,
        rateId: sold.rate.id,
        units: [
          { pricingCategoryId: sold.adult.id, quantity: o.adults },
          ...(o.children ? [{ pricingCategoryId: sold.child.id, quantity: o.children }] : []),
        ],
      },
      { now: at, source: 'backoffice', publicOnly: false },
    );
    const order = await bookHold(
      db,
      accountId,
      { holdId: hold.id, contact: { first_name, last_name, email, phone } },
      // Taken at the desk by the owner, every third one booked online through the API.
      i % 3 === 2 ? { now: at, channel: 'api' } : { now: at, channel: 'backoffice', sellerUserId },
    );
    if (o.paid) {
      const amount = o.paid === 'all' ? order.total : Math.round(order.total / 3);
      await recordPayment(
        db,
        accountId,
        order.id,
        { kind: 'payment', method: o.card ? 'card' : 'cash', amount, idempotency_key: `demo-payment-${i}` },
        { userId: null },
      );
    }
    if (o.cancel) {
      // A card paid through the test mode is refunded to it by the cancellation; cash is refunded by hand.
      const { proposed_refund, refund } = await cancelOrder(db, accountId, order.id, at);
      if (proposed_refund > 0 && refund.way === 'operator') {
        await recordPayment(
          db,
          accountId,
          order.id,
          { kind: 'refund', method: 'cash', amount: proposed_refund, idempotency_key: `demo-refund-${i}` },
          { userId: null },
        );
      }
    }
    const booking = order.lines[0]?.booking;
    if (o.attended && booking) await markAttendance(db, accountId, booking.id, o.attended, now);
  }
};
