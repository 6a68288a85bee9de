import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/integrations.ts';
import { useTestApp } from '../../test/app.ts';
import { useAccount } from '../../test/factories.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from './delivery.service.ts';
import { emitWebhookEvent } from './events.ts';

// Two instances sweep the one outbox at once: every delivery goes out exactly once. On PGlite the
// sweeps take turns on its one connection; with DATABASE_URL (PostgreSQL) they truly race.
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_SWEEP_MS: '0' });
const a = useAccount(t);
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const worker = () =>
  createWebhookWorker({
    db: t.db,
    config: t.config,
    mailer: t.mailer,
    clock: () => new Date(),
    log: { warn: () => undefined, error: () => undefined },
  });

describe('two workers', () => {
  it('deliver each of 60 events once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints/',
      headers: a.owner.headers,
      payload: { url: receiver.url('/two'), events: ['order.created'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json();
    receiver.state.secrets['/two'] = endpoint.secret;
    for (let i = 0; i < 60; i++) {
      await t.db.transaction((tx) => emitWebhookEvent(tx, a.account.id, 'order.created', { order: { id: randomUUID(), n: i } }));
    }
    const [one, two] = [worker(), worker()];
    const counts = await Promise.all([one.sweep(), two.sweep()]);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(60);

    const got = receiver.state.received.filter((r) => r.path === '/two');
    const ids = got.map((r) => r.headers['excursio-delivery']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect(got.every((r) => r.signatureValid)).toBe(true);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });
});
