import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: `whsec_` + 32 random bytes (base64url). */
export const newEndpointSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The secret's first characters, to recognise it in the list. */
export const secretPrefix = (secret: string) => `${secret.slice(0, 10)}…`;

/** Hex HMAC-SHA256 of `<t>.<body>` under the endpoint's secret (the `v1` of the header). */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The `Excursio-Signature` header value: `t=<unix seconds>,v1=<hex>`. */
export const signatureHeader = (secret: string, body: string, at: Date) => {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
};

/**
 * What a receiver does (documented for integrators; the tests' receiver uses it): parse the header,
 * refuse a timestamp older or newer than `toleranceS`, compare the HMAC in constant time.
 */
export const verifySignature = (secret: string, header: string | undefined, body: string, now: Date, toleranceS = 300) => {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
