import { type FakeObject, type FakeRequest, type FakeStripe, stripeError } from './server.ts';

/**
 * Stripe Billing in the fake Stripe server: customers, products (created under a fixed id),
 * Checkout Sessions in subscription mode, subscriptions (retrieve, update with `price_data`,
 * cancel) and billing portal sessions. `completeCheckout` plays the person paying on Stripe's page;
 * `setSubscription` plays Stripe changing a subscription on its own (a failed renewal…).
 */

type Obj = Record<string, unknown>;
const DAY_S = 86_400;

const priceFrom = (fake: FakeStripe, data: Obj) => ({
  id: fake.newId('price'),
  object: 'price',
  product: data.product,
  unit_amount: data.unit_amount,
  currency: data.currency,
  recurring: data.recurring ?? null,
  active: true,
});

const missing = (kind: string, id: string) =>
  stripeError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing');

export const addBilling = (fake: FakeStripe) => {
  fake.resource('customers', 'customer', 'cus');

  fake.route('POST', /^\/v1\/products$/, (request) => {
    const id = typeof request.body.id === 'string' ? request.body.id : fake.newId('prod');
    if (fake.get(id)) {
      return stripeError(400, `Product already exists: '${id}'`, 'invalid_request_error', 'resource_already_exists');
    }
    return fake.save({
      active: true,
      created: fake.now(),
      livemode: false,
      metadata: {},
      ...request.body,
      id,
      object: 'product',
    });
  });
  fake.route(
    'GET',
    /^\/v1\/products\/([^/]+)$/,
    (request) => fake.get(request.params[0]) ?? missing('product', request.params[0]),
  );

  fake.route('POST', /^\/v1\/checkout\/sessions$/, (request) => {
    const body = request.body;
    if (body.mode === 'subscription' && (typeof body.customer !== 'string' || !fake.get(body.customer))) {
      return stripeError(400, `No such customer: '${String(body.customer)}'`, 'invalid_request_error', 'resource_missing');
    }
    const items = Array.isArray(body.line_items) ? (body.line_items as Obj[]) : [];
    for (const item of items) {
      const product = (item.price_data as Obj | undefined)?.product;
      if (typeof product === 'string' && !fake.get(product)) return missing('product', product);
    }
    const id = fake.newId('cs');
    return fake.save({
      id,
      object: 'checkout.session',
      created: fake.now(),
      livemode: false,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      ...body,
      metadata: body.metadata ?? {},
    });
  });
  fake.route(
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (request) => fake.get(request.params[0]) ?? missing('checkout session', request.params[0]),
  );

  fake.route(
    'GET',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (request) => fake.get(request.params[0]) ?? missing('subscription', request.params[0]),
  );

  fake.route('POST', /^\/v1\/subscriptions\/([^/]+)$/, (request: FakeRequest) => {
    const found = fake.get(request.params[0]);
    if (!found) return missing('subscription', request.params[0]);
    if (found.status === 'canceled') {
      return stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    const { items: changes, ...rest } = request.body as Obj & { items?: Obj[] };
    const current = ((found.items as Obj).data as Obj[]).map((item) => ({ ...item }));
    for (const change of changes ?? []) {
      const item = current.find((i) => i.id === change.id);
      if (!item) return stripeError(400, `No such subscription item: '${String(change.id)}'`);
      if (change.price_data) item.price = priceFrom(fake, change.price_data as Obj);
      if (change.quantity !== undefined) item.quantity = change.quantity;
    }
    const { proration_behavior: _p, payment_behavior: _b, ...stored } = rest;
    return fake.save({
      ...found,
      ...stored,
      metadata: { ...(found.metadata as Obj), ...((stored.metadata as Obj | undefined) ?? {}) },
      items: { ...(found.items as Obj), data: current },
    });
  });

  fake.route('DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (request) => {
    const found = fake.get(request.params[0]);
    if (!found) return missing('subscription', request.params[0]);
    if (found.status === 'canceled') return stripeError(400, 'This subscription is already canceled.');
    return fake.save({ ...found, status: 'canceled', canceled_at: fake.now(), ended_at: fake.now() });
  });

  fake.route('POST', /^\/v1\/billing_portal\/sessions$/, (request) => {
    const customer = request.body.customer;
    if (typeof customer !== 'string' || !fake.get(customer)) {
      return stripeError(400, `No such customer: '${String(customer)}'`, 'invalid_request_error', 'resource_missing');
    }
    const id = fake.newId('bps');
    return fake.save({
      id,
      object: 'billing_portal.session',
      created: fake.now(),
      livemode: false,
      customer,
      return_url: request.body.return_url,
      url: `https://billing.stripe.test/p/session/${id}`,
    });
  });
};

/** The person paid on Stripe's checkout page: the session completes and its subscription starts. */
export const completeCheckout = (fake: FakeStripe, sessionId: string, status = 'active') => {
  const session = fake.get(sessionId);
  if (!session) throw new Error(`no checkout session ${sessionId}`);
  const item = ((session.line_items as Obj[]) ?? [])[0] ?? {};
  const now = fake.now();
  const subscription = fake.save({
    id: fake.newId('sub'),
    object: 'subscription',
    created: now,
    livemode: false,
    customer: session.customer,
    status,
    cancel_at_period_end: false,
    metadata: ((session.subscription_data as Obj | undefined)?.metadata as Obj | undefined) ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: fake.newId('si'),
          object: 'subscription_item',
          quantity: item.quantity ?? 1,
          current_period_start: now,
          current_period_end: now + 30 * DAY_S,
          price: priceFrom(fake, (item.price_data as Obj) ?? {}),
        },
      ],
    },
  });
  const completed = fake.save({ ...session, status: 'complete', payment_status: 'paid', subscription: subscription.id });
  return { session: completed, subscription };
};

/** Stripe changed a subscription by itself (a renewal failed, a payment came in…). */
export const setSubscription = (fake: FakeStripe, id: string, changes: Obj) => {
  const found = fake.get(id);
  if (!found) throw new Error(`no subscription ${id}`);
  return fake.save({ ...found, ...changes } as FakeObject);
};
