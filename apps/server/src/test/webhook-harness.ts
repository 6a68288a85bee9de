import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { TestAccount } from './factories.ts';
import { orderRequests } from './order-factories.ts';
import type { Receiver } from './webhook-receiver.ts';

/** One delivery as the log lists it. */
export type LoggedDelivery = {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  payload: string;
};

/**
 * An organization's webhook endpoints against a test receiver (`receiver()` is read when called:
 * it starts in a `beforeAll`): register one on a path of its own (the receiver learns its secret),
 * read what a path received and the delivery log of an endpoint.
 */
export const webhookHarness = (t: TestApp, account: TestAccount, receiver: () => Receiver) => {
  const { get, post } = orderRequests(t, account);
  const register = async (events: string[], path = `/hooks/${randomUUID().slice(0, 8)}`) => {
    const res = await post('/api/webhook-endpoints/', { url: receiver().url(path), events, description: 'Booking sync' });
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json();
    receiver().state.secrets[path] = endpoint.secret;
    return { ...endpoint, path } as { id: string; secret: string; path: string; url: string };
  };
  const receivedAt = (path: string) => receiver().state.received.filter((r) => r.path === path);
  const deliveriesOf = async (endpointId: string) =>
    (await get(`/api/webhook-deliveries/?endpoint=${endpointId}&page_size=100`)).json().results as LoggedDelivery[];
  return { register, receivedAt, deliveriesOf };
};
