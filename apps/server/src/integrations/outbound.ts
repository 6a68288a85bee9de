import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AddressRefusedError, type Resolve, vetHost } from './public-address.ts';

/** Refused before any byte leaves the server: the URL's host is not allow-listed. */
export class HostNotAllowedError extends Error {}

/** `host[:port]` of a URL as allow-lists spell it (lower case, default ports omitted). */
export const hostOf = (url: URL) => url.host.toLowerCase();

/**
 * GET JSON from an allow-listed host only, with a timeout and no redirects (a redirect could lead
 * anywhere). Throws on a refused host, a network error, a timeout, a non-2xx status or bad JSON.
 */
export const fetchJson = async (
  url: URL,
  options: {
    allowedHosts: readonly string[];
    timeoutMs: number;
    headers?: Record<string, string>;
    /** POSTed as application/x-www-form-urlencoded when given (a GET otherwise). */
    form?: Record<string, string>;
  },
): Promise<unknown> => {
  if (!['http:', 'https:'].includes(url.protocol) || !options.allowedHosts.includes(hostOf(url))) {
    throw new HostNotAllowedError(`outbound host not allowed: ${url.host}`);
  }
  const res = await fetch(url, {
    ...(options.form ? { method: 'POST', body: new URLSearchParams(options.form) } : {}),
    headers: { accept: 'application/json', 'user-agent': 'Excursio/1.0', ...options.headers },
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!res.ok) throw new Error(`outbound ${url.host} answered ${res.status}`);
  return res.json();
};

export type PublicPostResult = { status: number; body: string };

/**
 * POSTs to an address a customer chose (a webhook endpoint), only if it is public (see
 * `public-address.ts`): the host is resolved and vetted once, and the connection is made to that
 * vetted address (a DNS answer changing in between cannot redirect it). No redirects are followed
 * (a 3xx is answered as it is), the whole exchange times out, and the answer is read up to
 * `maxResponseBytes` (the rest is dropped). Throws `AddressRefusedError` before any byte is sent
 * to a refused address, and an Error on a network failure or timeout.
 */
export const postToPublicAddress = async (
  url: URL,
  options: {
    body: string;
    headers: Record<string, string>;
    timeoutMs: number;
    maxResponseBytes: number;
    allowPrivate?: readonly string[];
    resolve?: Resolve;
  },
): Promise<PublicPostResult> => {
  if (!['http:', 'https:'].includes(url.protocol)) throw new AddressRefusedError(`refused: ${url.protocol} is not http(s)`);
  const vetted = await vetHost(url.hostname, options);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PublicPostResult>((resolvePromise, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          'user-agent': 'Excursio-Webhooks/1.0',
          ...options.headers,
        },
        // The connection goes to the vetted address whatever the name resolves to now.
        lookup: ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (opts?.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
          else callback(null, vetted.address, vetted.family);
        }) as never,
        agent: false,
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= options.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, options.maxResponseBytes - size));
          size += chunk.length;
          if (size >= options.maxResponseBytes) res.destroy();
        });
        const done = () => {
          clearTimeout(timer);
          resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(options.body);
  });
};
