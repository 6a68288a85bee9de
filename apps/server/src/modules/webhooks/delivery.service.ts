import { WEBHOOK_SIGNATURE_HEADER } from '@excursio/contract/webhooks';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail.ts';
import { postToPublicAddress } from '../../integrations/outbound.ts';
import { AddressRefusedError, type Resolve } from '../../integrations/public-address.ts';
import { signatureHeader } from './signing.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  endpointFailed,
  endpointSucceeded,
  ownerEmail,
  recordAttempt,
} from './webhooks.repository.ts';

/** A claimed delivery is this worker's for this long (longer than any attempt can take). */
const LEASE_MS = 120_000;
const BATCH = 20;
const MAX_RESPONSE_BYTES = 16 * 1024;

/** Seconds before attempt `n + 1` after `n` failed: base · 2^(n−1), at most six hours. */
export const backoffSeconds = (attempts: number, baseS: number) => Math.min(baseS * 2 ** Math.max(0, attempts - 1), 6 * 3600);

export type WebhookWorkerDeps = {
  db: Db;
  config: Pick<
    Config,
    | 'WEBHOOK_ALLOW_PRIVATE'
    | 'WEBHOOK_TIMEOUT_MS'
    | 'WEBHOOK_MAX_ATTEMPTS'
    | 'WEBHOOK_DISABLE_AFTER'
    | 'WEBHOOK_BACKOFF_BASE_S'
    | 'APP_PROTOCOL'
    | 'APP_DOMAIN'
  >;
  mailer: Mailer;
  clock: () => Date;
  log: { warn: (data: object, message: string) => void; error: (data: object, message: string) => void };
  /** Tests resolve names their own way (a name answering a private address). */
  resolve?: Resolve;
};

const send = async (deps: WebhookWorkerDeps, d: ClaimedDelivery) => {
  try {
    const res = await postToPublicAddress(new URL(d.url), {
      body: d.payload,
      headers: {
        // The wall clock: receivers compare the timestamp with theirs.
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(d.secret, d.payload, new Date()),
        'Excursio-Event': d.eventType,
        'Excursio-Event-Id': d.eventId,
        'Excursio-Delivery': d.id,
      },
      timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE,
      resolve: deps.resolve,
    });
    if (res.status >= 200 && res.status < 300) return { ok: true as const, status: res.status, error: null };
    const why = res.status >= 300 && res.status < 400 ? 'redirects are not followed' : 'not a 2xx answer';
    return { ok: false as const, status: res.status, error: `The endpoint answered ${res.status} (${why}).` };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      ok: false as const,
      status: null,
      error: err instanceof AddressRefusedError ? `Not delivered: ${message}.` : `No answer: ${message}.`,
    };
  }
};

const noticeOfDisabled = (deps: WebhookWorkerDeps, accountId: string, url: string, failures: number) =>
  ownerEmail(deps.db, accountId)
    .then(async (to) => {
      if (!to) return;
      await deps.mailer.send({
        to,
        subject: 'A webhook endpoint was disabled',
        text:
          `Excursio stopped sending events to ${url} after ${failures} failed deliveries in a row.\n\n` +
          'Events are kept: fix the endpoint, then enable it again under Settings → Webhooks ' +
          `(${deps.config.APP_PROTOCOL}://${deps.config.APP_DOMAIN}/settings/webhooks on your organization's address); ` +
          'waiting deliveries are then sent, and failed ones can be replayed from the delivery log.\n',
      });
    })
    .catch((err: unknown) => deps.log.error({ err, accountId }, 'webhook disable notice failed'));

const attempt = async (deps: WebhookWorkerDeps, d: ClaimedDelivery) => {
  const outcome = await send(deps, d);
  const now = deps.clock();
  const { WEBHOOK_MAX_ATTEMPTS: maxAttempts, WEBHOOK_DISABLE_AFTER: disableAfter } = deps.config;
  if (outcome.ok) {
    const mine = await recordAttempt(deps.db, d, {
      status: 'succeeded',
      responseStatus: outcome.status,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: now,
    });
    if (mine) await endpointSucceeded(deps.db, d.endpointId, now);
    return;
  }
  const giveUp = d.attempts >= maxAttempts;
  const mine = await recordAttempt(deps.db, d, {
    status: giveUp ? 'failed' : 'pending',
    responseStatus: outcome.status,
    lastError: outcome.error,
    nextAttemptAt: giveUp
      ? null
      : new Date(now.getTime() + backoffSeconds(d.attempts, deps.config.WEBHOOK_BACKOFF_BASE_S) * 1000),
    deliveredAt: null,
  });
  if (!mine) return;
  const disabled = await endpointFailed(
    deps.db,
    d.endpointId,
    now,
    disableAfter,
    `Disabled after ${disableAfter} failed deliveries in a row.`,
  );
  if (disabled) {
    deps.log.warn({ endpoint: d.endpointId, url: d.url }, 'webhook endpoint disabled after repeated failures');
    await noticeOfDisabled(deps, d.accountId, d.url, disableAfter);
  }
};

/**
 * The outbox worker. `sweep()` claims due deliveries (FOR UPDATE SKIP LOCKED + a lease, so any
 * number of instances can sweep at once and each row is sent by one of them), sends them signed,
 * and records each outcome: delivered; or retried after back-off; or failed after the last attempt.
 * Consecutive failures disable the endpoint and mail its owner. `start()` sweeps every `everyMs`.
 */
export const createWebhookWorker = (deps: WebhookWorkerDeps) => {
  let chain: Promise<number> = Promise.resolve(0);
  let queued: Promise<number> | null = null;
  const sweepOnce = async () => {
    let sent = 0;
    for (;;) {
      const now = deps.clock();
      const claimed = await claimDueDeliveries(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (!claimed.length) return sent;
      await Promise.all(claimed.map((d) => attempt(deps, d)));
      sent += claimed.length;
    }
  };
  /**
   * One sweep at a time per worker; the promise answered resolves after a sweep that started after
   * the call (calls during a sweep share the one queued behind it). Answers how many were attempted.
   */
  const sweep = (): Promise<number> => {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      return sweepOnce().catch((err: unknown) => {
        deps.log.error({ err }, 'webhook sweep failed');
        return 0;
      });
    });
    queued = next;
    chain = next;
    return next;
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    sweep,
    /** Asks for a sweep soon (after a replay or a re-enable), without waiting for it. */
    kick: () => void sweep(),
    start: (everyMs: number) => {
      if (everyMs <= 0 || timer) return;
      timer = setInterval(() => void sweep(), everyMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
};
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
