import type { CreateOrderInput } from '@excursio/contract/cart';
import type { Db } from '../../db/client.ts';
import { invalid, refusedByState } from '../../http/app-error.ts';
import { type OfferForAvailability, offersForAvailability } from '../availability/availability.repository.ts';
import { convertHoldInTx } from '../availability/reservations.service.ts';
import { clearCheckedOutCart, linesPrice, lockCartForCheckout } from '../cart/cart.service.ts';
import { buyerForOrder, contactOfCustomer } from '../customers/customers.service.ts';
import { emitOrderCreated } from '../webhooks/events.ts';
import { orderMoney } from './money.ts';
import { auditOrder } from './order-audit.ts';
import { insertOrder, insertOrderLine, nextOrderNumber } from './orders.repository.ts';
import { newCheckoutSession, orderDetail, statusFor } from './orders.service.ts';
import { organizationNameOf } from './resale-record.repository.ts';
import { recordResaleInTx } from './resale-record.service.ts';

/**
 * POST /api/orders/: the user's cart becomes one confirmed order, exactly once. The cart's row is
 * locked first (parallel checkouts of one cart queue there and find it empty), then every line's
 * hold is converted into its booking by the engine; the prices are the ones the lines hold (party
 * from the engine, extras from the items), never a client's.
 */
export const checkoutCart = async (db: Db, who: { accountId: string; userId: string }, input: CreateOrderInput, now: Date) => {
  const made: { owner: string; resale: Awaited<ReturnType<typeof recordResaleInTx>> | null } = {
    owner: who.accountId,
    resale: null,
  };
  const order = await db.transaction(async (tx) => {
    const { cart, views } = await lockCartForCheckout(tx, who, input.cart_id);
    if (!views.length) throw refusedByState('cart_empty', 'This cart is empty: add a booking first.');
    const price = linesPrice(views);

    if (!price.ok) throw invalid('cart_id', price.problem, 'invalid_cart');
    // A cart of a supplier's offers (the cart keeps one owner) makes a resale: the order is the
    // supplier's, the buyer becomes the supplier's customer, the resale is recorded beside it.
    made.owner = views[0].hold.accountId;
    const accountId = made.owner;
    const reselling = accountId !== who.accountId;
    const modes = new Map<string, OfferForAvailability>();
    for (const view of views) {
      const [offer] = await offersForAvailability(tx, accountId, { experienceId: view.line.experienceId });
      if (offer) modes.set(offer.id, offer);
    }
    const status = statusFor([...modes.values()]);
    const customerId = input.customer_id ?? cart.customerId ?? undefined;
    const buyer = reselling
      ? await buyerForOrder(tx, accountId, {
          contact: input.contact ?? (customerId ? await contactOfCustomer(tx, who.accountId, customerId) : undefined),
        })
      : await buyerForOrder(tx, accountId, { customer_id: customerId, contact: input.contact });
    const created = await insertOrder(tx, {
      accountId,
      number: await nextOrderNumber(tx, accountId),
      channel: 'backoffice',
      sellerUserId: reselling ? null : who.userId,
      customerId: buyer.customerId,
      contactFirstName: buyer.firstName,
      contactLastName: buyer.lastName,
      contactEmail: buyer.email,
      contactPhone: buyer.phone,
      note: input.note ?? '',
      status,
      currency: price.currency ?? views[0].hold.currency,
      totalMinor: price.totalMinor,
      paymentStatus: orderMoney(price.totalMinor, []).status,
      createdAt: now,
      checkoutSessionId: newCheckoutSession(),
    });
    const sold = [];
    for (const [index, view] of views.entries()) {
      const booking = await convertHoldInTx(tx, accountId, view.hold.id, {
        now,
        status: statusFor([modes.get(view.line.experienceId)].filter((o) => o !== undefined)),
      });
      await insertOrderLine(tx, {
        accountId,
        orderId: created.id,
        bookingId: booking.id,
        experienceId: booking.experienceId,
        description: view.offer.title,
        totalMinor: price.lines[index].totalMinor,
        extras: view.line.extras,
        answers: view.line.answers,
      });
      sold.push({ rateId: booking.rateId, party: booking.party, extrasMinor: view.line.extrasMinor });
    }
    if (reselling) {
      const partnershipId = views[0].hold.partnershipId;
      if (!partnershipId || views.some((v) => v.hold.partnershipId !== partnershipId)) {
        throw refusedByState('partnership_not_active', 'This offer is no longer sold here: the partnership was paused or ended.');
      }
      made.resale = await recordResaleInTx(
        tx,
        accountId,
        created.id,
        { partnershipId, storeId: null, sellerUserId: who.userId },
        sold,
        now,
      );
    }
    await clearCheckedOutCart(tx, cart.id);
    await auditOrder(tx, null, created);
    await emitOrderCreated(tx, created);
    return created;
  });
  const resale = made.resale ? { ...made.resale, supplierName: await organizationNameOf(db, made.owner) } : null;
  return { order: await orderDetail(db, made.owner, order), accountId: made.owner, resale };
};
