import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The signature checked here, independently of the server's code, against `secret`. */
  signatureValid: boolean;
  timestampAgeS: number;
};

/**
 * A webhook receiver on 127.0.0.1, as an integrator writes one: it verifies `Excursio-Signature`
 * (`t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`) with the secret it was given and the
 * timestamp's freshness, and answers `status` (200 unless a test changes it).
 * `timestampAgeS` is measured against the real time.
 */
export const startReceiver = async () => {
  const state = {
    /** The secret each path's endpoint signs with (a test registers one endpoint per path). */
    secrets: {} as Record<string, string>,
    status: 200,
    /** Extra answer headers (a redirect's Location). */
    answerHeaders: {} as Record<string, string>,
    received: [] as Received[],
  };
  const verify = (secret: string, header: string | undefined, body: string) => {
    const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2)));
    const t = Number(parts.t);
    const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
    const given = Buffer.from(parts.v1 ?? '', 'hex');
    return {
      valid: Number.isInteger(t) && given.length === expected.length && timingSafeEqual(given, expected),
      ageS: Math.abs(Date.now() / 1000 - t),
    };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const check = verify(state.secrets[req.url ?? ''] ?? '', req.headers['excursio-signature'] as string | undefined, body);
      state.received.push({
        path: req.url ?? '',
        headers: req.headers,
        body,
        signatureValid: check.valid,
        timestampAgeS: check.ageS,
      });
      res.writeHead(state.status, state.answerHeaders);
      res.end(state.status < 300 ? '{"ok":true}' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
