import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/integrations.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, useAccount } from '../../test/factories.ts';
import { createOrder, orderRequests } from '../../test/order-factories.ts';
import { webhookHarness } from '../../test/webhook-harness.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from './delivery.service.ts';
import { emitWebhookEvent } from './events.ts';

// Integrators' webhooks: endpoints, the outbox written with the change, signed deliveries checked by
// a real receiver on loopback (allowed by WEBHOOK_ALLOW_PRIVATE, as only tests do), back-off,
// disabling, replay, two workers at once. The outbound guard: integrations/public-address.test.ts.
// The file's tests run one after another: on a shared PostgreSQL database, a second file's workers
// would sweep this file's outbox too (workers serve every organization).
const t = useTestApp({
  WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
  WEBHOOK_SWEEP_MS: '0',
  WEBHOOK_DISABLE_AFTER: '3',
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_BACKOFF_BASE_S: '30',
});
const a = useAccount(t);
const b = useAccount(t);
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
const DAY = '2026-12-01';
const START = new Date('2026-11-30T08:00:00Z');
beforeEach(() => {
  t.clock.now = START;
  receiver.state.status = 200;
  receiver.state.answerHeaders = {};
});

const { get, post, pay } = orderRequests(t, a);
const patch = (url: string, payload: object, headers = a.owner.headers) =>
  t.app.inject({ method: 'PATCH', url, headers, payload });

const { register, receivedAt, deliveriesOf } = webhookHarness(t, a, () => receiver);
const sweep = () => t.app.webhookWorker.sweep();

describe('registering endpoints', () => {
  it('answers the secret when created and on reveal only; the list shows its prefix', async () => {
    const endpoint = await register(['order.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = (await get('/api/webhook-endpoints/')).json();
    const entry = listed.results.find((e: { id: string }) => e.id === endpoint.id);
    expect(entry).toMatchObject({
      enabled: true,
      events: ['order.created'],
      consecutive_failures: 0,
      description: 'Booking sync',
    });
    expect(entry.secret).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    expect(entry.secret_prefix).toBe(`${endpoint.secret.slice(0, 10)}…`);
    const revealed = await post(`/api/webhook-endpoints/${endpoint.id}/reveal-secret/`);
    expect(revealed.json().secret).toBe(endpoint.secret);
    const rotated = (await post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret/`)).json();
    expect(rotated.secret).not.toBe(endpoint.secret);
  });

  it('refuses private address literals, unknown events and other organizations', async () => {
    for (const url of [
      'http://10.1.2.3/h',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/h',
      'http://[fd00::1]/',
    ]) {
      expectError(await post('/api/webhook-endpoints/', { url, events: ['order.created'] }), 400, {
        attr: 'url',
        code: 'address_not_public',
      });
    }
    expectError(await post('/api/webhook-endpoints/', { url: 'ftp://example.com/', events: ['order.created'] }), 400, {
      attr: 'url',
    });
    expectError(await post('/api/webhook-endpoints/', { url: 'https://example.com/', events: ['order.paid'] }), 400, {
      attr: 'events.0',
    });
    const endpoint = await register(['order.created']);
    expectError(await get(`/api/webhook-endpoints/${endpoint.id}/`, b.owner.headers), 404, { code: 'not_found' });
    expectError(await post(`/api/webhook-endpoints/${endpoint.id}/reveal-secret/`, {}, b.owner.headers), 404, {
      code: 'not_found',
    });
    const clerk = await createMember(t, a, ['Manage orders']);
    expectError(await get('/api/webhook-endpoints/', clerk.headers), 403, { code: 'permission_denied' });
  });
});

describe('https, the test event and the audit trail', () => {
  it('requires https (plain http only to the exempt loopback receiver)', async () => {
    expectError(await post('/api/webhook-endpoints/', { url: 'http://example.com/hooks', events: ['order.created'] }), 400, {
      attr: 'url',
      code: 'https_required',
    });
    const endpoint = await register(['order.created']);
    expect(endpoint.url.startsWith('http://127.0.0.1:')).toBe(true);
    expectError(await patch(`/api/webhook-endpoints/${endpoint.id}/`, { url: 'http://example.com/hooks' }), 400, {
      code: 'https_required',
    });
    const secure = await post('/api/webhook-endpoints/', { url: 'https://example.com/hooks', events: ['order.created'] });
    expect(secure.statusCode, secure.body).toBe(201);
  });

  it('"Send a test event" queues a signed ping through the outbox, whatever events the endpoint picked', async () => {
    const endpoint = await register(['refund.recorded']);
    const res = await post(`/api/webhook-endpoints/${endpoint.id}/test/`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ endpoint_id: endpoint.id, event_type: 'ping', status: 'pending' });
    await sweep(); // after the route's own kick
    const [got] = receivedAt(endpoint.path);
    expect(got.signatureValid).toBe(true);
    expect(got.headers['excursio-event']).toBe('ping');
    expect(JSON.parse(got.body)).toMatchObject({ type: 'ping', data: { endpoint: { id: endpoint.id } } });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ event_type: 'ping', status: 'succeeded' });
    await patch(`/api/webhook-endpoints/${endpoint.id}/`, { enabled: false });
    expectError(await post(`/api/webhook-endpoints/${endpoint.id}/test/`), 409, { code: 'endpoint_disabled' });
    expectError(await post(`/api/webhook-endpoints/${endpoint.id}/test/`, {}, b.owner.headers), 404, { code: 'not_found' });
  });

  it('records creating, changing, revealing, rotating and removing an endpoint in the audit trail, by whom', async () => {
    const endpoint = await register(['order.created']);
    await patch(`/api/webhook-endpoints/${endpoint.id}/`, { events: ['order.created', 'order.canceled'] });
    await post(`/api/webhook-endpoints/${endpoint.id}/reveal-secret/`);
    await post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret/`);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/webhook-endpoints/${endpoint.id}/`, headers: a.owner.headers }))
        .statusCode,
    ).toBe(204);
    const entries = (await get(`/api/audit-entries/?entity_id=${endpoint.id}&page_size=100`)).json().results;
    expect(entries.map((e: { action: string }) => e.action).reverse()).toEqual([
      'created',
      'updated',
      'secret_revealed',
      'secret_rotated',
      'deleted',
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({ entity_type: 'webhook_endpoint', actor: { kind: 'user', id: a.owner.id } });
    expect(entries[3].changes).toEqual([{ field: 'Events', from: 'order.created', to: 'order.created, order.canceled' }]);
    expect(JSON.stringify(entries)).not.toContain(endpoint.secret);
  });
});

describe('events and deliveries', () => {
  it('delivers order.created and order.confirmed signed; the receiver verifies them; the log says so', async () => {
    const endpoint = await register(['order.created', 'order.confirmed']);
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY);
    expect(await sweep()).toBeGreaterThanOrEqual(2);

    const got = receivedAt(endpoint.path);
    // One batch is sent in parallel: events arrive in any order (receivers use the event's id and time).
    expect(got.map((r) => r.headers['excursio-event']).sort()).toEqual(['order.confirmed', 'order.created']);
    for (const r of got) {
      expect(r.signatureValid).toBe(true);
      expect(r.timestampAgeS).toBeLessThan(300);
      expect(r.headers['content-type']).toBe('application/json');
      const body = JSON.parse(r.body);
      expect(body).toMatchObject({
        type: r.headers['excursio-event'],
        data: { order: { id: order.id, reference: order.reference } },
      });
      expect(body.id).toBe(r.headers['excursio-event-id']);
    }
    const log = await deliveriesOf(endpoint.id);
    expect(log).toHaveLength(2);
    for (const d of log) expect(d).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 200, last_error: null });
    expect((await get(`/api/webhook-endpoints/${endpoint.id}/`)).json().last_delivery_at).not.toBeNull();
  });

  it('a wrong secret fails the receiver’s check (the test can fail)', async () => {
    const endpoint = await register(['order.created']);
    receiver.state.secrets[endpoint.path] = 'whsec_not-the-secret';
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    await createOrder(t, a, offer, DAY);
    await sweep();
    expect(receivedAt(endpoint.path).map((r) => r.signatureValid)).toEqual([false]);
  });

  it('reports cancellations, payments, refunds and check-ins from the services, each once', async () => {
    const endpoint = await register(['order.canceled', 'payment.recorded', 'refund.recorded', 'booking.checked_in']);
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY);
    expect((await pay(order.id, { method: 'cash', amount: 3000 })).statusCode).toBe(201);
    expect((await pay(order.id, { kind: 'refund', method: 'cash', amount: 1000 })).statusCode).toBe(201);
    const bookingId = order.lines[0].booking.id;
    for (let i = 0; i < 2; i++) {
      const arrived = await patch(`/api/bookings/${bookingId}/`, { attendance_status: 'arrived' });
      expect(arrived.statusCode, arrived.body).toBe(200);
    }
    expect((await post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    await sweep();
    const events = receivedAt(endpoint.path).map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type).sort()).toEqual([
      'booking.checked_in',
      'order.canceled',
      'payment.recorded',
      'refund.recorded',
    ]);
    const of = (type: string) => events.find((e) => e.type === type).data;
    expect(of('payment.recorded').payment).toMatchObject({ order_id: order.id, amount: 3000, kind: 'payment', method: 'cash' });
    expect(of('refund.recorded').payment).toMatchObject({ amount: 1000, kind: 'refund' });
    expect(of('booking.checked_in').booking).toMatchObject({ id: bookingId, attendance_status: 'arrived' });
    expect(of('order.canceled').order).toMatchObject({ id: order.id, status: 'canceled' });
  });

  it('writes the event in the transaction of the change: a rolled-back change leaves no delivery', async () => {
    const endpoint = await register(['order.created']);
    await t.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, a.account.id, 'order.created', { order: { id: randomUUID() } });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
    // A refused change (cancelling twice) reports nothing either.
    const other = await register(['order.canceled']);
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    const order = await createOrder(t, a, offer, DAY);
    await post(`/api/orders/${order.id}/cancel/`);
    expect((await post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(409);
    expect(await deliveriesOf(other.id)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('retries with exponential back-off and records each answer', async () => {
    const endpoint = await register(['order.created']);
    receiver.state.status = 500;
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    await createOrder(t, a, offer, DAY);
    await sweep();
    let [d] = await deliveriesOf(endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(d.last_error).toMatch(/answered 500/);
    expect(new Date(d.next_attempt_at as string).getTime() - START.getTime()).toBe(30_000);

    // Not due yet: nothing is sent.
    t.clock.now = new Date(START.getTime() + 29_000);
    await sweep();
    expect(receivedAt(endpoint.path)).toHaveLength(1);

    t.clock.now = new Date(START.getTime() + 30_000);
    await sweep();
    [d] = await deliveriesOf(endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(d.next_attempt_at as string).getTime() - t.clock.now.getTime()).toBe(60_000);

    receiver.state.status = 204;
    t.clock.now = new Date(START.getTime() + 90_000);
    await sweep();
    [d] = await deliveriesOf(endpoint.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 204, next_attempt_at: null });
    expect((await get(`/api/webhook-endpoints/${endpoint.id}/`)).json().consecutive_failures).toBe(0);
    expect(receivedAt(endpoint.path).every((r) => r.body === receivedAt(endpoint.path)[0].body)).toBe(true);
  });

  it('follows no redirect', async () => {
    const endpoint = await register(['order.created']);
    receiver.state.status = 302;
    receiver.state.answerHeaders = { location: receiver.url('/elsewhere') };
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    await createOrder(t, a, offer, DAY);
    await sweep();
    const [d] = await deliveriesOf(endpoint.id);
    expect(d).toMatchObject({ status: 'pending', response_status: 302 });
    expect(d.last_error).toMatch(/redirects are not followed/);
    expect(receivedAt('/elsewhere')).toHaveLength(0);
  });

  it('disables an endpoint after repeated failures, mails the owner once, and re-enables it', async () => {
    const endpoint = await register(['order.created']);
    receiver.state.status = 503;
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    await createOrder(t, a, offer, DAY);
    await createOrder(t, a, offer, DAY, { adults: 1 });
    // Every endpoint of the organization listening to order.created fails here: count this one's notice.
    const mails = () =>
      t.mailer.outbox?.filter(
        (m) => m.subject === 'A webhook endpoint was disabled' && m.to === a.owner.email && m.text.includes(endpoint.url),
      ) ?? [];
    await sweep(); // 2 failures
    t.clock.now = new Date(START.getTime() + 30_000);
    await sweep(); // 4 failures: disabled at 3
    const after = (await get(`/api/webhook-endpoints/${endpoint.id}/`)).json();
    expect(after).toMatchObject({ enabled: false, disabled_reason: 'Disabled after 3 failed deliveries in a row.' });
    expect(after.consecutive_failures).toBeGreaterThanOrEqual(3);
    expect(mails()).toHaveLength(1);
    expect(mails()[0].text).toContain(endpoint.url);

    // Disabled: no new deliveries are queued, waiting ones are not sent.
    await createOrder(t, a, offer, DAY, { adults: 1 });
    const sent = receivedAt(endpoint.path).length;
    t.clock.now = new Date(START.getTime() + 3600_000);
    await sweep();
    expect(receivedAt(endpoint.path)).toHaveLength(sent);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);
    expect(mails()).toHaveLength(1);

    // Re-enabled: the failure count starts again and waiting deliveries go at once.
    receiver.state.status = 200;
    const enabled = await patch(`/api/webhook-endpoints/${endpoint.id}/`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
    await sweep();
    const log = await deliveriesOf(endpoint.id);
    expect(log.filter((d) => d.status === 'succeeded').length).toBeGreaterThanOrEqual(1);
  });

  it('marks a delivery failed after its last attempt', async () => {
    const endpoint = await register(['order.created']);
    receiver.state.status = 500;
    await t.db.transaction((tx) => emitWebhookEvent(tx, a.account.id, 'order.created', { order: { id: randomUUID() } }));
    for (const s of [0, 30, 90]) {
      t.clock.now = new Date(START.getTime() + s * 1000);
      await sweep();
    }
    const [d] = await deliveriesOf(endpoint.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
  });
});

describe('replay', () => {
  it('sends the same event again as a new delivery; refused while the endpoint is disabled', async () => {
    const endpoint = await register(['order.created']);
    const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
    await createOrder(t, a, offer, DAY);
    await sweep();
    const [first] = await deliveriesOf(endpoint.id);
    const res = await post(`/api/webhook-deliveries/${first.id}/replay/`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ event_id: first.event_id, payload: first.payload, attempts: 0 });
    await sweep();
    const got = receivedAt(endpoint.path);
    expect(got).toHaveLength(2);
    expect(got[1].body).toBe(got[0].body);
    expect(got[1].signatureValid).toBe(true);
    expect(got[1].headers['excursio-event-id']).toBe(first.event_id);

    expectError(await post(`/api/webhook-deliveries/${first.id}/replay/`, {}, b.owner.headers), 404, { code: 'not_found' });
    await patch(`/api/webhook-endpoints/${endpoint.id}/`, { enabled: false });
    expectError(await post(`/api/webhook-deliveries/${first.id}/replay/`), 409, { code: 'endpoint_disabled' });
    const rows = await t.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, false)));
    expect(rows).toHaveLength(1);
  });
});

describe('two workers', () => {
  // On PGlite the sweeps take turns on its one connection; with DATABASE_URL (PostgreSQL) they race.
  const worker = () =>
    createWebhookWorker({
      db: t.db,
      config: t.config,
      mailer: t.mailer,
      clock: () => t.clock.now ?? new Date(),
      log: { warn: () => undefined, error: () => undefined },
    });

  it('deliver each of 60 events exactly once', async () => {
    const endpoint = await register(['order.created']);
    for (let i = 0; i < 60; i++) {
      await t.db.transaction((tx) => emitWebhookEvent(tx, a.account.id, 'order.created', { order: { id: randomUUID(), n: i } }));
    }
    const counts = await Promise.all([worker().sweep(), worker().sweep()]);
    // Earlier tests' deliveries may be due too: at least this endpoint's 60 were attempted.
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(60);
    const got = receivedAt(endpoint.path);
    const ids = got.map((r) => r.headers['excursio-delivery']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect(got.every((r) => r.signatureValid)).toBe(true);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
  });
});
