import { type FakeObject, type FakeStripe, stripeError } from './server.ts';

/**
 * The card checkout's Stripe resources on the fake server: Checkout Sessions, payment intents and
 * their charges, refunds (with `reverse_transfer` / `refund_application_fee` kept as sent),
 * transfers and their reversals, and the payment intents' search by metadata. Helpers play what
 * the visitor and the Stripe dashboard do: pay a session, let it expire, refund from the dashboard.
 */
type Obj = FakeObject & Record<string, unknown>;

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

export const addPayments = (fake: FakeStripe) => {
  fake.resource('checkout/sessions', 'checkout.session', 'cs', {
    create: (body) => {
      const items = (body.line_items as { quantity?: number; price_data?: { unit_amount?: number; currency?: string } }[]) ?? [];
      const amount = items.reduce((s, i) => s + num(i.price_data?.unit_amount) * num(i.quantity ?? 1), 0);
      return {
        ...body,
        amount_total: amount,
        currency: items[0]?.price_data?.currency ?? 'eur',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        url: `${fake.url}/pay/${fake.newId('page')}`,
      };
    },
  });
  fake.resource('payment_intents', 'payment_intent', 'pi');
  fake.resource('charges', 'charge', 'ch');
  fake.resource('refunds', 'refund', 're', {});
  fake.resource('transfers', 'transfer', 'tr', {
    create: (body) => ({ ...body, amount_reversed: 0, reversed: false, reversals: { object: 'list', data: [] } }),
  });

  // A refund of a payment intent: never more than is left of its charge.
  fake.route('POST', /^\/v1\/refunds$/, (request) => {
    const intent = fake.get(String(request.body.payment_intent)) as Obj | null;
    if (!intent)
      return stripeError(
        404,
        `No such payment_intent: '${request.body.payment_intent}'`,
        'invalid_request_error',
        'resource_missing',
      );
    const charge = fake.get(String(intent.latest_charge)) as Obj;
    const left = num(charge.amount) - num(charge.amount_refunded);
    const amount = request.body.amount === undefined ? left : num(request.body.amount);
    if (amount <= 0 || amount > left) {
      return stripeError(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'invalid_request_error',
        'amount_too_large',
      );
    }
    fake.save({
      ...charge,
      amount_refunded: num(charge.amount_refunded) + amount,
      refunded: num(charge.amount_refunded) + amount >= num(charge.amount),
    });
    return fake.save({
      ...request.body,
      id: fake.newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: intent.currency,
      status: 'succeeded',
      metadata: request.body.metadata ?? {},
      created: fake.now(),
    });
  });

  fake.route('POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, (request) => {
    const transfer = fake.get(request.params[0]) as Obj | null;
    if (!transfer)
      return stripeError(404, `No such transfer: '${request.params[0]}'`, 'invalid_request_error', 'resource_missing');
    const amount = num(request.body.amount ?? num(transfer.amount) - num(transfer.amount_reversed));
    if (amount > num(transfer.amount) - num(transfer.amount_reversed)) {
      return stripeError(400, 'Reversal amount is greater than what is left of the transfer', 'invalid_request_error');
    }
    const reversal = fake.save({
      id: fake.newId('trr'),
      object: 'transfer_reversal',
      amount,
      transfer: transfer.id,
      metadata: request.body.metadata ?? {},
      created: fake.now(),
    });
    fake.save({ ...transfer, amount_reversed: num(transfer.amount_reversed) + amount });
    return reversal;
  });

  // `metadata['key']:'value'` clauses (AND-ed); other clauses (created>…) are accepted and ignored.
  fake.route('GET', /^\/v1\/payment_intents\/search$/, (request) => {
    const clauses = [...String(request.query.query ?? '').matchAll(/metadata\['([^']+)'\]:'([^']*)'/g)];
    const data = fake
      .all('payment_intent')
      .filter((pi) => clauses.every(([, key, value]) => String((pi.metadata as Record<string, unknown>)?.[key]) === value));
    return { object: 'search_result', url: '/v1/payment_intents/search', data, has_more: false, next_page: null };
  });
};

/** The visitor pays the Checkout Session: a payment intent and its charge, the session complete and paid. */
export const payCheckout = (fake: FakeStripe, sessionId: string, options: { amount?: number } = {}) => {
  const session = fake.get(sessionId) as Obj;
  const data = (session.payment_intent_data ?? {}) as Record<string, unknown>;
  const amount = options.amount ?? num(session.amount_total);
  const intentId = fake.newId('pi');
  const charge = fake.save({
    id: fake.newId('ch'),
    object: 'charge',
    amount,
    amount_refunded: 0,
    refunded: false,
    payment_intent: intentId,
    currency: session.currency,
    status: 'succeeded',
    metadata: {},
    created: fake.now(),
  });
  const intent = fake.save({
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: session.currency,
    status: 'succeeded',
    latest_charge: charge.id,
    transfer_data: data.transfer_data ?? null,
    application_fee_amount: data.application_fee_amount ?? null,
    transfer_group: data.transfer_group ?? null,
    metadata: data.metadata ?? {},
    created: fake.now(),
  });
  return fake.save({ ...session, status: 'complete', payment_status: 'paid', payment_intent: intent.id }) as Obj & {
    payment_intent: string;
  };
};

export const expireCheckout = (fake: FakeStripe, sessionId: string) =>
  fake.save({ ...(fake.get(sessionId) as Obj), status: 'expired' });

/** A refund made on the Stripe dashboard (no metadata of ours). */
export const dashboardRefund = (fake: FakeStripe, intentId: string, amount: number) => {
  const intent = fake.get(intentId) as Obj;
  const charge = fake.get(String(intent.latest_charge)) as Obj;
  fake.save({
    ...charge,
    amount_refunded: num(charge.amount_refunded) + amount,
    refunded: num(charge.amount_refunded) + amount >= num(charge.amount),
  });
  return fake.save({
    id: fake.newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    payment_intent: intent.id,
    currency: intent.currency,
    status: 'succeeded',
    metadata: {},
    created: fake.now(),
  });
};

/** The charge of a payment intent as Stripe has it now. */
export const chargeOf = (fake: FakeStripe, intentId: string) =>
  fake.get(String((fake.get(intentId) as Obj).latest_charge)) as Obj;
