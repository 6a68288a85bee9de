import { randomUUID } from 'node:crypto';
import type { CartLineInput, CartLinePatch } from '@excursio/contract/cart';
import type { Db, Executor } from '../../db/client.ts';
import type { CartExtra } from '../../db/schema/carts.ts';
import { AppError, invalid, notFound } from '../../http/app-error.ts';
import { loadOffer } from '../availability/availability.service.ts';
import { releaseHold, reserve } from '../availability/reservations.service.ts';
import { getCustomer } from '../customers/customers.service.ts';
import { sellerOfOffer } from '../partners/partners.service.ts';
import { checkedAnswers } from './answers.ts';
import {
  type CartRow,
  cartIdOf,
  cartOfUser,
  deleteCart,
  deleteCartLine,
  deleteLinesOfCart,
  extrasOfOffer,
  findCart,
  findCartOfUser,
  insertCartLine,
  linesOfCart,
  lockCart,
  questionsOfOffer,
  updateCart,
  updateCartLine,
} from './cart.repository.ts';
import { linesPrice, toCart, toCartLine } from './cart-wire.ts';

/**
 * The back-office cart. A line's places are held through the availability engine (one hold per
 * line, `cart_line_id` on the hold); changing a line re-holds it with its own places not counted
 * against it, in one transaction; removing it gives the places back. Prices are the engine's (party)
 * and the inventory item's (extras), never the client's.
 */

type Who = { accountId: string; userId: string };

/** The user's cart before anything was put in it: answered, not stored (a read must not write). */
const unstoredCart = (who: Who): CartRow => {
  const now = new Date();
  return {
    id: cartIdOf(who.accountId, who.userId),
    accountId: who.accountId,
    userId: who.userId,
    customerId: null,
    createdAt: now,
    updatedAt: now,
  };
};

/** The user's cart under its stable id when it is not stored (or, stored meanwhile, as stored); else null. */
const unstoredUnder = async (db: Executor, who: Who, cartId: string): Promise<CartRow | null> => {
  if (cartId !== cartIdOf(who.accountId, who.userId)) return null;
  const stored = await findCartOfUser(db, who.accountId, who.userId);
  if (!stored) return unstoredCart(who);
  return stored.id === cartId ? stored : null;
};

/** For reads: the user's cart, or its empty state under the id it will have. */
const ownCart = async (db: Db, who: Who, cartId: string): Promise<CartRow> => {
  const cart = await findCart(db, who.accountId, who.userId, cartId);
  if (cart) return cart;
  const unstored = await unstoredUnder(db, who, cartId);
  if (!unstored) throw notFound('This cart does not exist.');
  return unstored;
};

/** For writes: the user's cart, stored now if this is the first write to it. */
const ownStoredCart = async (db: Db, who: Who, cartId: string): Promise<CartRow> => {
  const cart = await findCart(db, who.accountId, who.userId, cartId);
  if (cart) return cart;
  await ownCart(db, who, cartId);
  return cartOfUser(db, who.accountId, who.userId);
};

const cartView = async (db: Db, who: Who, cart: CartRow, now: Date) =>
  toCart(cart, await linesOfCart(db, who.accountId, cart.id), now);

/** GET: the cart as it is, never stored by the read. */
export const currentCart = async (db: Db, who: Who, now: Date) =>
  cartView(db, who, (await findCartOfUser(db, who.accountId, who.userId)) ?? unstoredCart(who), now);

/** POST /api/cart/: the user's cart, stored. */
export const startCart = async (db: Db, who: Who, now: Date) =>
  cartView(db, who, await cartOfUser(db, who.accountId, who.userId), now);

export const cartById = async (db: Db, who: Who, cartId: string, now: Date) =>
  cartView(db, who, await ownCart(db, who, cartId), now);

export const setCartCustomer = async (db: Db, who: Who, cartId: string, customerId: string | null, now: Date) => {
  if (customerId) {
    await getCustomer(db, who.accountId, customerId).catch(() => {
      throw invalid('customer_id', 'This customer does not exist.', 'does_not_exist');
    });
  }
  const cart = await ownStoredCart(db, who, cartId);
  return cartView(db, who, await updateCart(db, cart.id, { customerId }), now);
};

/** Gives every line's places back and forgets the cart (the next read starts a new one). */
export const emptyCart = async (db: Db, who: Who, cartId: string, now: Date) => {
  const cart = await ownCart(db, who, cartId);
  for (const view of await linesOfCart(db, who.accountId, cart.id)) await giveBack(db, view.hold.accountId, view.hold.id, now);
  await deleteCart(db, cart.id);
};

const giveBack = (db: Db, accountId: string, holdId: string, now: Date) =>
  releaseHold(db, accountId, holdId, now).catch((error: unknown) => {
    // Already expired or converted: nothing is held any more.
    if (error instanceof AppError && error.statusCode === 409) return;
    throw error;
  });

/** The engine answers in the public API's spelling; the cart speaks snake_case. */
const CART_ATTRS: [RegExp, string][] = [
  [/^availabilityId/, 'availability_id'],
  [/^rateId/, 'rate_id'],
  [/^groupSize/, 'group_size'],
  [/^units\.(\d+)\.pricingCategoryId/, 'units.$1.pricing_category_id'],
  [/^productId/, 'experience_id'],
];
const inCartSpelling = (error: unknown): never => {
  if (error instanceof AppError) {
    const items = error.items.map((item) => ({
      ...item,
      attr: item.attr ? CART_ATTRS.reduce((attr, [from, to]) => attr.replace(from, to), item.attr) : item.attr,
    }));
    throw new AppError(error.statusCode, items, error.type);
  }
  throw error;
};

/** Extras priced by their items and answers checked against the offer's questions (the webstore's order too). */
export const pricedExtrasAndAnswers = async (
  db: Db,
  accountId: string,
  experienceId: string,
  currency: string,
  input: Pick<CartLineInput, 'extras' | 'answers'>,
) => {
  const wanted = input.extras;
  const found = new Map(
    (await extrasOfOffer(db, accountId, experienceId, [...new Set(wanted.map((e) => e.item_id))])).map((i) => [i.id, i]),
  );
  const extras: CartExtra[] = [];
  for (const [index, extra] of wanted.entries()) {
    const item = found.get(extra.item_id);
    if (!item) throw invalid(`extras.${index}.item_id`, 'This extra is not sold with this offer.', 'does_not_exist');
    if (item.currency !== currency) {
      throw invalid(`extras.${index}.item_id`, `This extra is priced in ${item.currency}, the offer in ${currency}.`, 'currency');
    }
    const same = extras.find((e) => e.item_id === item.id);
    if (same) throw invalid(`extras.${index}.item_id`, 'This extra is listed twice.', 'duplicate');
    extras.push({
      item_id: item.id,
      name: item.name,
      quantity: extra.quantity,
      unit_price: item.priceMinor,
      amount: item.priceMinor * extra.quantity,
    });
  }
  const answers = checkedAnswers(await questionsOfOffer(db, accountId, experienceId), input.answers);
  return { extras, extrasMinor: extras.reduce((sum, e) => sum + e.amount, 0), answers };
};

/**
 * One order, one currency and one owner: the cart's other lines must be in the same currency and
 * of the same organization (the user's own offers, or one supplier's resold ones).
 */
const assertFitsCart = async (db: Db, who: Who, cartId: string, offer: { currency: string; accountId: string }) => {
  const other = (await linesOfCart(db, who.accountId, cartId))[0];
  if (other && other.hold.accountId !== offer.accountId) {
    throw invalid(
      'experience_id',
      other.hold.accountId === who.accountId
        ? 'This is a partner’s offer: create the order for the cart’s own offers first, then sell this one.'
        : 'The cart holds another organization’s offers: create that order first, then sell this one.',
      'mixed_operators',
    );
  }
  if (other && other.hold.currency !== offer.currency) {
    throw invalid('experience_id', `This offer sells in ${offer.currency}; the cart is in ${other.hold.currency}.`, 'currency');
  }
};

/** Who sells an offer for the user's organization: its own, or a supplier sharing it now. */
const sellerTerms = (db: Db, who: Who, experienceId: string) => sellerOfOffer(db, who.accountId, experienceId);

const holdFor = (
  db: Db,
  seller: Awaited<ReturnType<typeof sellerTerms>>,
  lineId: string,
  input: Pick<CartLineInput, 'experience_id' | 'rate_id' | 'availability_id' | 'units' | 'group_size'>,
  now: Date,
  replacesHoldId: string | null,
) =>
  reserve(
    db,
    seller.owner,
    {
      productId: input.experience_id,
      availabilityId: input.availability_id,
      rateId: input.rate_id,
      units: input.units.map((u) => ({ pricingCategoryId: u.pricing_category_id, quantity: u.quantity })),
      groupSize: input.group_size,
    },
    {
      now,
      source: 'backoffice',
      // A resold offer sells only as the visitors see it: Active and public.
      publicOnly: seller.partnership !== null,
      cartLineId: lineId,
      replacesHoldId,
      partnership: seller.partnership,
    },
  ).catch(inCartSpelling);

const lineView = async (db: Db, who: Who, cartId: string, lineId: string) => {
  const view = (await linesOfCart(db, who.accountId, cartId)).find((v) => v.line.id === lineId);
  if (!view) throw notFound('This cart line does not exist.');
  return view;
};

export const listCartLines = async (db: Db, who: Who, cartId: string, now: Date) => {
  const cart = await ownCart(db, who, cartId);
  return (await linesOfCart(db, who.accountId, cart.id)).map((v) => toCartLine(v, now));
};

export const getCartLine = async (db: Db, who: Who, cartId: string, lineId: string, now: Date) => {
  await ownCart(db, who, cartId);
  return toCartLine(await lineView(db, who, cartId, lineId), now);
};

/** Adds a line: checks extras and answers, holds the places, then stores the line. */
export const addCartLine = async (db: Db, who: Who, cartId: string, input: CartLineInput, now: Date) => {
  const cart = await ownStoredCart(db, who, cartId);
  const seller = await sellerTerms(db, who, input.experience_id);
  const offer = await loadOffer(db, seller.owner, input.experience_id).catch(() => {
    throw invalid('experience_id', 'This offer does not exist.', 'does_not_exist');
  });
  await assertFitsCart(db, who, cart.id, offer);
  const priced = await pricedExtrasAndAnswers(db, seller.owner, offer.id, offer.currency, input);
  const lineId = randomUUID();
  const { hold } = await holdFor(db, seller, lineId, input, now, null);
  try {
    await insertCartLine(db, {
      id: lineId,
      accountId: who.accountId,
      cartId: cart.id,
      experienceId: offer.id,
      holdId: hold.id,
      units: input.units,
      groupSize: input.group_size ?? null,
      ...priced,
    });
  } catch (error) {
    // The cart went away meanwhile (emptied in another tab): do not keep places for nothing.
    await giveBack(db, seller.owner, hold.id, now);
    throw error;
  }
  return toCartLine(await lineView(db, who, cart.id, lineId), now);
};

/**
 * Changes a line: the result is held anew (the line's own places do not count against it, the old
 * hold is released in the same transaction). An expired line is renewed the same way.
 */
export const changeCartLine = async (db: Db, who: Who, cartId: string, lineId: string, patch: CartLinePatch, now: Date) => {
  await ownCart(db, who, cartId);
  const current = await lineView(db, who, cartId, lineId);
  const seller = await sellerTerms(db, who, current.line.experienceId);
  if (seller.owner !== current.hold.accountId) {
    throw invalid(
      'experience_id',
      'This offer is no longer sold here: the partnership was paused or ended.',
      'partnership_not_active',
    );
  }
  const offer = await loadOffer(db, seller.owner, current.line.experienceId);
  const input: CartLineInput = {
    experience_id: current.line.experienceId,
    rate_id: patch.rate_id ?? current.hold.rateId ?? '',
    availability_id: patch.availability_id ?? current.slot.slotKey,
    units: patch.units ?? current.line.units,
    group_size: patch.group_size ?? current.line.groupSize ?? undefined,
    extras: patch.extras ?? current.line.extras.map((e) => ({ item_id: e.item_id, quantity: e.quantity })),
    answers: patch.answers ?? current.line.answers.map((a) => ({ question_id: a.question_id, answer: a.answer })),
  };
  if (!input.rate_id) throw invalid('rate_id', 'Choose a rate.', 'required');
  const priced = await pricedExtrasAndAnswers(db, seller.owner, offer.id, offer.currency, input);
  const { hold } = await holdFor(db, seller, lineId, input, now, current.hold.id);
  const updated = await updateCartLine(db, lineId, {
    holdId: hold.id,
    units: input.units,
    groupSize: input.group_size ?? null,
    ...priced,
  });
  if (!updated) {
    // Checked out or removed meanwhile: the new hold has no line to belong to.
    await giveBack(db, seller.owner, hold.id, now);
    throw notFound('This cart line does not exist.');
  }
  return toCartLine(await lineView(db, who, cartId, lineId), now);
};

export const removeCartLine = async (db: Db, who: Who, cartId: string, lineId: string, now: Date) => {
  await ownCart(db, who, cartId);
  const view = await lineView(db, who, cartId, lineId);
  await giveBack(db, view.hold.accountId, view.hold.id, now);
  await deleteCartLine(db, lineId);
};

// For checkout (orders) -----------------------------------------------------------------------------

export { linesPrice };

/** Inside the checkout's transaction: the user's cart, locked (parallel checkouts queue here), and its lines. */
export const lockCartForCheckout = async (tx: Executor, who: Who, cartId: string) => {
  const cart =
    (await lockCart(tx, who.accountId, who.userId, cartId)) ??
    // Never written to: nothing in it (the caller answers "empty").
    (await unstoredUnder(tx, who, cartId));
  if (!cart) throw notFound('This cart does not exist.');
  return { cart, views: await linesOfCart(tx, who.accountId, cart.id) };
};

/** The cart's lines became an order: they go (their holds were converted). */
export const clearCheckedOutCart = (tx: Executor, cartId: string) => deleteLinesOfCart(tx, cartId);

/** Answers checked against the offer's booking questions (an order line's answers being changed). */
export const answersForOffer = async (
  db: Db,
  accountId: string,
  experienceId: string | null,
  given: readonly { question_id: string; answer: string }[],
) => checkedAnswers(experienceId ? await questionsOfOffer(db, accountId, experienceId) : [], given);
