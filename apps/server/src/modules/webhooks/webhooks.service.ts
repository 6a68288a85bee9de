import { isIP } from 'node:net';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
} from '@excursio/contract/webhooks';
import { WEBHOOK_TEST_EVENT, webhookEndpointInput } from '@excursio/contract/webhooks';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { isPublicAddress, unbracket } from '../../integrations/public-address.ts';
import { fieldsSnapshot, recordChange } from '../audit/audit.service.ts';
import { newEndpointSecret, secretPrefix } from './signing.ts';
import {
  type DeliveryRow,
  deleteEndpoint,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  requeuePendingOf,
  updateEndpoint,
} from './webhooks.repository.ts';

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  consecutive_failures: row.consecutiveFailures,
  secret_prefix: secretPrefix(row.secret),
  created_at: row.createdAt.toISOString(),
  last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
});
const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({ ...toEndpoint(row), secret: row.secret });

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpoint_id: row.endpointId,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  response_status: row.responseStatus,
  last_error: row.lastError,
  next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  payload: row.payload,
});

/**
 * An address written as a private IP literal is refused when it is registered (a name is checked
 * when each delivery connects: what it resolves to may change). Only https: events carry customer
 * data and the signature does not hide it; plain http is allowed only to the exact addresses
 * WEBHOOK_ALLOW_PRIVATE exempts (the tests' loopback receiver).
 */
const checkUrl = (url: string, allowPrivate: readonly string[]) => {
  const parsed = new URL(url);
  const host = unbracket(parsed.hostname);
  if (isIP(host) && !isPublicAddress(host, allowPrivate)) {
    throw invalid('url', 'Webhooks are sent only to public addresses: this one is private or reserved.', 'address_not_public');
  }
  if (parsed.protocol !== 'https:' && !allowPrivate.includes(host)) {
    throw invalid('url', 'Webhooks are sent over https only: use an https:// address.', 'https_required');
  }
};

/** The audit trail's view of an endpoint (the secret never: only that it was revealed or rotated). */
const audited = (row: EndpointRow) => ({ type: 'webhook_endpoint' as const, id: row.id, label: row.url });
const snapshot = (row: EndpointRow) =>
  fieldsSnapshot({ url: row.url, description: row.description, events: row.events, enabled: row.enabled });

type Window = { limit: number; offset: number };

export const listWebhookEndpoints = async (db: Db, accountId: string, window: Window) => {
  const { rows, count } = await listEndpoints(db, accountId, window);
  return { results: rows.map(toEndpoint), count };
};

const endpointOrNotFound = async (db: Db, accountId: string, id: string) => {
  const row = await findEndpoint(db, accountId, id);
  if (!row) throw notFound('This webhook endpoint does not exist.');
  return row;
};

export const getWebhookEndpoint = async (db: Db, accountId: string, id: string) =>
  toEndpoint(await endpointOrNotFound(db, accountId, id));

/** A new endpoint: the answer carries its signing secret (also revealable later). */
export const createWebhookEndpoint = async (
  db: Db,
  accountId: string,
  input: WebhookEndpointInput,
  allowPrivate: readonly string[],
) => {
  const parsed = webhookEndpointInput.parse(input);
  checkUrl(parsed.url, allowPrivate);
  const row = await db.transaction(async (tx) => {
    const created = await insertEndpoint(tx, { accountId, ...parsed, secret: newEndpointSecret() });
    await recordChange(tx, accountId, audited(created), null, snapshot(created));
    return created;
  });
  return withSecret(row);
};

/**
 * Changes an endpoint. Enabling a disabled one starts its failure count again and makes its
 * waiting deliveries due at once.
 */
export const updateWebhookEndpoint = async (
  db: Db,
  accountId: string,
  id: string,
  patch: WebhookEndpointPatch,
  options: { allowPrivate: readonly string[] },
) => {
  if (patch.url) checkUrl(patch.url, options.allowPrivate);
  const row = await db.transaction(async (tx) => {
    const before = await findEndpoint(tx, accountId, id);
    if (!before) throw notFound('This webhook endpoint does not exist.');
    const reenabling = patch.enabled === true && !before.enabled;
    const updated = await updateEndpoint(tx, accountId, id, {
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.events !== undefined ? { events: patch.events } : {}),
      ...(patch.enabled === false ? { enabled: false, disabledReason: 'Disabled by hand.' } : {}),
      ...(reenabling ? { enabled: true, disabledReason: null, consecutiveFailures: 0 } : {}),
    });
    if (reenabling) await requeuePendingOf(tx, id);
    if (updated) await recordChange(tx, accountId, audited(updated), snapshot(before), snapshot(updated));
    return updated;
  });
  if (!row) throw notFound('This webhook endpoint does not exist.');
  return toEndpoint(row);
};

export const removeWebhookEndpoint = async (db: Db, accountId: string, id: string) => {
  await db.transaction(async (tx) => {
    const before = await findEndpoint(tx, accountId, id);
    if (!before || !(await deleteEndpoint(tx, accountId, id))) throw notFound('This webhook endpoint does not exist.');
    await recordChange(tx, accountId, audited(before), snapshot(before), null);
  });
};

/** Shows the signing secret again (recorded: who saw it). */
export const revealSecret = async (db: Db, accountId: string, id: string) =>
  db.transaction(async (tx) => {
    const row = await findEndpoint(tx, accountId, id);
    if (!row) throw notFound('This webhook endpoint does not exist.');
    await recordChange(tx, accountId, audited(row), null, null, 'secret_revealed');
    return withSecret(row);
  });

/** A new secret at once: deliveries from now on are signed with it (the old one stops working). */
export const rotateSecret = async (db: Db, accountId: string, id: string) =>
  db.transaction(async (tx) => {
    const row = await updateEndpoint(tx, accountId, id, { secret: newEndpointSecret() });
    if (!row) throw notFound('This webhook endpoint does not exist.');
    await recordChange(tx, accountId, audited(row), null, null, 'secret_rotated');
    return withSecret(row);
  });

/**
 * "Send a test event": one signed `ping` delivery to this endpoint through the same outbox and
 * worker as real events (whatever events it picked), so the receiver's signature check is tried.
 */
export const sendTestEvent = async (db: Db, accountId: string, id: string, now: Date) => {
  const endpoint = await endpointOrNotFound(db, accountId, id);
  if (!endpoint.enabled) {
    throw refusedByState('endpoint_disabled', 'This endpoint is disabled: enable it first, then send a test event.');
  }
  const eventId = uuidv7();
  const payload = JSON.stringify({
    id: eventId,
    type: WEBHOOK_TEST_EVENT,
    created_at: now.toISOString(),
    data: { endpoint: { id: endpoint.id, url: endpoint.url }, message: 'A test event from Excursio.' },
  });
  const [delivery] = await insertDeliveries(db, [
    { accountId, endpointId: endpoint.id, eventId, eventType: WEBHOOK_TEST_EVENT, payload },
  ]);
  return toDelivery(delivery);
};

export const listWebhookDeliveries = async (
  db: Db,
  accountId: string,
  query: Window & { endpointId?: string; status?: DeliveryRow['status']; eventType?: string },
) => {
  const { rows, count } = await listDeliveries(db, accountId, query);
  return { results: rows.map(toDelivery), count };
};

/**
 * Sends a delivery's event again: a new delivery of the same body (same event id: receivers
 * de-duplicate on it) to the same endpoint, due at once.
 */
export const replayDelivery = async (db: Db, accountId: string, id: string) => {
  const original = await findDelivery(db, accountId, id);
  if (!original) throw notFound('This delivery does not exist.');
  const endpoint = await endpointOrNotFound(db, accountId, original.endpointId);
  if (!endpoint.enabled) {
    throw refusedByState('endpoint_disabled', 'This endpoint is disabled: enable it first, then replay.');
  }
  const [replay] = await insertDeliveries(db, [
    {
      accountId,
      endpointId: original.endpointId,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
      replayOf: original.id,
    },
  ]);
  return toDelivery(replay);
};
