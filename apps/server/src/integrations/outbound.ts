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
