import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A loopback fake of the Stripe API for tests: the real SDK (`STRIPE_API_URL`) talks to it over
 * HTTP. It keeps objects in memory, answers a repeated idempotency key with the first answer (as
 * Stripe does), records every request, and can be told to fail. Areas add their resources with
 * `resource()` (generic create/retrieve/update/list/delete) and `route()` (anything else).
 */

export type FakeObject = Record<string, unknown> & { id: string; object: string };
export type FakeRequest = {
  method: string;
  path: string;
  params: string[];
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The connected account the call acts on (`Stripe-Account`), if any. */
  account: string | null;
  idempotencyKey: string | null;
};
type Answer = { status: number; body: unknown };
type Handler = (request: FakeRequest) => Answer | unknown | Promise<Answer | unknown>;

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value && Object.keys(value).length === 2;

export const stripeError = (status: number, message: string, type = 'invalid_request_error', code?: string): Answer => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** Turns form values ('true', '12') into what Stripe would store. */
const coerce = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(coerce);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerce(v)]));
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (typeof value === 'string' && /^-?\d+$/.test(value) && value.length < 16) return Number(value);
  return value;
};

export const startFakeStripe = async () => {
  const routes: { method: string; pattern: RegExp; handle: Handler }[] = [];
  const objects = new Map<string, FakeObject>();
  const idempotent = new Map<string, Answer>();
  const failures: { method: string; pattern: RegExp; answer: Answer; times: number }[] = [];
  const requests: FakeRequest[] = [];
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  let sequence = 0;

  const newId = (prefix: string) => `${prefix}_fake${(++sequence).toString().padStart(6, '0')}${randomBytes(4).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const fake = {
    objects,
    requests,
    webhookSecret,
    newId,
    now,
    /** Answers `method path` (a regex on the path, groups become `params`) with `handle`. */
    route(method: string, pattern: RegExp, handle: Handler) {
      routes.unshift({ method, pattern, handle });
    },
    /** Stores an object (new or changed) and returns it. */
    save<T extends FakeObject>(object: T): T {
      objects.set(object.id, object);
      return object;
    },
    get(id: string) {
      return objects.get(id) ?? null;
    },
    /** All objects of a kind (`object` field), oldest first. */
    all(kind: string) {
      return [...objects.values()].filter((o) => o.object === kind);
    },
    /**
     * A plain resource: POST /v1/{path} creates (`defaults` + the body, through `create` when
     * given), GET /v1/{path}/{id} reads, POST /v1/{path}/{id} updates, GET /v1/{path} lists,
     * DELETE /v1/{path}/{id} deletes.
     */
    resource(
      path: string,
      kind: string,
      prefix: string,
      options: { create?: (body: Record<string, unknown>, request: FakeRequest) => Record<string, unknown> } = {},
    ) {
      const one = new RegExp(`^/v1/${path}/([^/]+)$`);
      const many = new RegExp(`^/v1/${path}$`);
      fake.route('POST', many, (request) => {
        const fields = options.create ? options.create(request.body, request) : request.body;
        return fake.save({ created: now(), livemode: false, metadata: {}, ...fields, id: newId(prefix), object: kind });
      });
      fake.route(
        'GET',
        one,
        (request) =>
          fake.get(request.params[0]) ??
          stripeError(404, `No such ${kind}: '${request.params[0]}'`, 'invalid_request_error', 'resource_missing'),
      );
      fake.route('POST', one, (request) => {
        const found = fake.get(request.params[0]);
        if (!found)
          return stripeError(404, `No such ${kind}: '${request.params[0]}'`, 'invalid_request_error', 'resource_missing');
        return fake.save({ ...found, ...request.body, id: found.id, object: kind });
      });
      fake.route('DELETE', one, (request) => {
        const found = fake.get(request.params[0]);
        if (!found)
          return stripeError(404, `No such ${kind}: '${request.params[0]}'`, 'invalid_request_error', 'resource_missing');
        objects.delete(found.id);
        return { id: found.id, object: kind, deleted: true };
      });
      fake.route('GET', many, (request) => {
        const limit = Number(request.query.limit ?? 10);
        const list = fake
          .all(kind)
          .filter((o) =>
            Object.entries(request.query).every(
              ([k, v]) => ['limit', 'starting_after', 'expand'].includes(k) || String(o[k]) === String(v),
            ),
          );
        const after = request.query.starting_after ? list.findIndex((o) => o.id === request.query.starting_after) + 1 : 0;
        const page = list.slice(after, after + limit);
        return { object: 'list', url: `/v1/${path}`, data: page, has_more: after + limit < list.length };
      });
    },
    /** The next `times` calls of `method path` answer `answer` (default: a 500 api_error). */
    failNext(method: string, pattern: RegExp, answer: Answer = stripeError(500, 'Fake failure', 'api_error'), times = 1) {
      failures.push({ method, pattern, answer, times });
    },
    /** Requests made to `method path`, oldest first. */
    calls(method: string, pattern: RegExp) {
      return requests.filter((r) => r.method === method && pattern.test(r.path));
    },
    /** A webhook delivery as Stripe makes it: the event's JSON and its `Stripe-Signature` header. */
    signedEvent(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return { payload, header };
    },
    /** An event object around `data` (the shape Stripe delivers). */
    event(type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        data: { object },
        ...extra,
      };
    },
    url: '',
    close: async () => {},
  };

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const answer = (response: ServerResponse, { status, body }: Answer) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await read(req);
      const header = (name: string) => {
        const v = req.headers[name];
        return (Array.isArray(v) ? v[0] : v) ?? null;
      };
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: [],
        body: coerce(qs.parse(raw, { depth: 10, arrayLimit: 100 })) as Record<string, unknown>,
        query: coerce(qs.parse(url.search.slice(1))) as Record<string, unknown>,
        account: header('stripe-account'),
        idempotencyKey: header('idempotency-key'),
      };
      requests.push(request);
      const failure = failures.find((f) => f.method === request.method && f.pattern.test(request.path) && f.times > 0);
      if (failure) {
        failure.times -= 1;
        return answer(res, failure.answer);
      }
      const idemKey = request.idempotencyKey ? `${request.account ?? ''}:${request.idempotencyKey}` : null;
      if (idemKey && request.method === 'POST') {
        const earlier = idempotent.get(idemKey);
        if (earlier) return answer(res, earlier);
      }
      const route = routes.find((r) => r.method === request.method && r.pattern.test(request.path));
      if (!route) return answer(res, stripeError(404, `Unrecognized request URL (${request.method}: ${request.path})`));
      request.params = (route.pattern.exec(request.path) ?? []).slice(1);
      const result = await route.handle(request);
      const out: Answer = isAnswer(result) ? result : { status: 200, body: result };
      if (idemKey && request.method === 'POST' && out.status < 500) idempotent.set(idemKey, out);
      answer(res, out);
    } catch (error) {
      answer(res, stripeError(500, String(error), 'api_error'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
};
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The app's configuration pointing the Stripe SDK at `fake` (pass to useTestApp/createTestApp). */
export const stripeConfig = (fake: FakeStripe) => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_URL: fake.url,
});
