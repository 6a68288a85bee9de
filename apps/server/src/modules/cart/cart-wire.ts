import type { Cart, CartLine } from '@excursio/contract/cart';
import { localDateTime } from '../availability/slot-wire.ts';
import type { CartLineView, CartRow } from './cart.repository.ts';
import { cartPrice } from './cart-price.ts';

/** Whether a line's hold still counts at `now`. */
export const holdActive = (view: CartLineView, now: Date) =>
  view.hold.status === 'active' && view.hold.expiresAt.getTime() > now.getTime();

export const toCartLine = ({ line, hold, slot, offer, categoryNames }: CartLineView, now: Date): CartLine => {
  const partyTotal = hold.totalMinor;
  return {
    id: line.id,
    experience_id: line.experienceId,
    experience_title: offer.title,
    rate_id: hold.rateId,
    availability_id: slot.slotKey,
    date: slot.localDate,
    time: localDateTime(offer.timeZone, slot.startsAt.getTime()).slice(11, 16),
    time_zone: offer.timeZone,
    starts_at: slot.startsAt.toISOString(),
    participants: hold.participants,
    units: hold.party.map((u) => ({ ...u, name: categoryNames[u.pricing_category_id] ?? 'Participant' })),
    group_size: line.groupSize,
    extras: line.extras,
    answers: line.answers,
    currency: hold.currency,
    party_total: partyTotal,
    extras_total: line.extrasMinor,
    total: partyTotal + line.extrasMinor,
    hold: {
      id: hold.id,
      expires_at: hold.expiresAt.toISOString(),
      active: holdActive({ line, hold, slot, offer, categoryNames }, now),
    },
  };
};

/** The price of a cart's lines: the party as the engine held it, extras at their items' prices. */
export const linesPrice = (views: readonly CartLineView[]) =>
  cartPrice(
    views.map((v) => ({
      partyMinor: v.hold.totalMinor,
      currency: v.hold.currency,
      extras: v.line.extras.map((e) => ({ quantity: e.quantity, unitPriceMinor: e.unit_price, currency: v.hold.currency })),
    })),
  );

/** The cart as the client sees it; its totals come from cartPrice over the lines' stored prices. */
export const toCart = (cart: CartRow, views: readonly CartLineView[], now: Date): Cart => {
  const lines = views.map((v) => toCartLine(v, now));
  const price = linesPrice(views);
  const expiries = views.filter((v) => holdActive(v, now)).map((v) => v.hold.expiresAt.getTime());
  return {
    id: cart.id,
    customer_id: cart.customerId,
    currency: lines[0]?.currency ?? null,
    total: price.ok ? price.totalMinor : lines.reduce((sum, l) => sum + l.total, 0),
    expires_at: expiries.length ? new Date(Math.min(...expiries)).toISOString() : null,
    lines,
  };
};
