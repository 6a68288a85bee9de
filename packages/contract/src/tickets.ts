/**
 * Booking tickets: what a ticket's QR code carries and how anyone holding the organization's public
 * key checks it without asking the server. A ticket token is base64url of
 *
 *   version (1 byte) · key id (4) · booking id (16) · slot id (16) · start (uint32, Unix seconds)
 *   · party size (uint16) · Ed25519 signature over the 43 bytes before it (64)
 *
 * — 107 bytes, 143 characters. The QR code holds the ticket's short address with the token as its
 * fragment: `https://{organization}.{domain}/api/o/{code}/#{token}` (the fragment never reaches a
 * server; scanners read it from the text). Verification uses WebCrypto, present in browsers and in
 * Node alike, so the same function serves the server's tests and a scanner working offline.
 */

export const TICKET_TOKEN_VERSION = 1;
const PAYLOAD_BYTES = 43;
const SIGNATURE_BYTES = 64;
const TOKEN_BYTES = PAYLOAD_BYTES + SIGNATURE_BYTES;

/** What a ticket states, once its signature has been checked. */
export type TicketClaims = {
  /** The signing key (8 hex digits: the start of the SHA-256 of its raw public key). */
  key_id: string;
  booking_id: string;
  slot_id: string;
  /** The slot's start, ISO 8601 UTC (whole seconds). */
  starts_at: string;
  /** How many people the booking is for. */
  participants: number;
};

/** An organization's verification key as the server hands it out. */
export type TicketPublicKey = { key_id: string; algorithm: 'Ed25519'; public_key: string };

export type TicketVerdict =
  | { valid: true; claims: TicketClaims }
  | {
      valid: false;
      /**
       * `malformed`: not a ticket token at all; `unknown_key`: signed with a key that is not one of
       * ours (another organization's ticket, or made up); `bad_signature`: forged or altered.
       */
      reason: 'malformed' | 'unknown_key' | 'bad_signature';
    };

// base64url and hex without Buffer (the browser has none) ----------------------------------------

export const toBase64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

const uuidBytes = (uuid: string) => {
  const digits = uuid.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(digits)) throw new Error(`Not a UUID: ${uuid}`);
  return fromHex(digits);
};
const uuidOf = (bytes: Uint8Array) => {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

// The payload ----------------------------------------------------------------------------------------

/** The bytes a ticket's signature covers. */
export const ticketPayload = (claims: TicketClaims): Uint8Array<ArrayBuffer> => {
  if (!/^[0-9a-f]{8}$/.test(claims.key_id)) throw new Error(`Not a key id: ${claims.key_id}`);
  const seconds = Math.floor(Date.parse(claims.starts_at) / 1000);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 0xffff_ffff)
    throw new Error(`Start out of range: ${claims.starts_at}`);
  if (!Number.isInteger(claims.participants) || claims.participants < 0 || claims.participants > 0xffff) {
    throw new Error(`Party size out of range: ${claims.participants}`);
  }
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  const view = new DataView(bytes.buffer);
  bytes[0] = TICKET_TOKEN_VERSION;
  bytes.set(fromHex(claims.key_id), 1);
  bytes.set(uuidBytes(claims.booking_id), 5);
  bytes.set(uuidBytes(claims.slot_id), 21);
  view.setUint32(37, seconds);
  view.setUint16(41, claims.participants);
  return bytes;
};

/** The token from a payload and its signature. */
export const ticketToken = (payload: Uint8Array, signature: Uint8Array) => {
  if (payload.length !== PAYLOAD_BYTES || signature.length !== SIGNATURE_BYTES) throw new Error('Wrong ticket part sizes');
  const bytes = new Uint8Array(TOKEN_BYTES);
  bytes.set(payload, 0);
  bytes.set(signature, PAYLOAD_BYTES);
  return toBase64Url(bytes);
};

/** A token's parts and what it claims, unverified; null when it is not a ticket token. */
export const decodeTicketToken = (token: string) => {
  const bytes = fromBase64Url(token.trim());
  if (!bytes || bytes.length !== TOKEN_BYTES || bytes[0] !== TICKET_TOKEN_VERSION) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const payload = bytes.slice(0, PAYLOAD_BYTES);
  const claims: TicketClaims = {
    key_id: hex(bytes.slice(1, 5)),
    booking_id: uuidOf(bytes.slice(5, 21)),
    slot_id: uuidOf(bytes.slice(21, 37)),
    starts_at: new Date(view.getUint32(37) * 1000).toISOString(),
    participants: view.getUint16(41),
  };
  return { claims, payload, signature: bytes.slice(PAYLOAD_BYTES) };
};

/**
 * Checks a ticket token against the organization's public keys (`GET /api/tickets/keys/`): valid only
 * when it is well formed, names one of these keys and that key's signature holds over every byte.
 * Needs no server: WebCrypto's Ed25519 (browsers, Node).
 */
export const verifyTicketToken = async (token: string, keys: readonly TicketPublicKey[]): Promise<TicketVerdict> => {
  const decoded = decodeTicketToken(token);
  if (!decoded) return { valid: false, reason: 'malformed' };
  const key = keys.find((k) => k.key_id === decoded.claims.key_id && k.algorithm === 'Ed25519');
  const raw = key ? fromBase64Url(key.public_key) : null;
  if (raw?.length !== 32) return { valid: false, reason: 'unknown_key' };
  const publicKey = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  const ok = await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, decoded.signature, decoded.payload);
  return ok ? { valid: true, claims: decoded.claims } : { valid: false, reason: 'bad_signature' };
};

/** The key id of a raw Ed25519 public key: the first 4 bytes of its SHA-256, in hex. */
export const ticketKeyId = async (rawPublicKey: Uint8Array<ArrayBuffer>) =>
  hex(new Uint8Array(await crypto.subtle.digest('SHA-256', rawPublicKey)).slice(0, 4));

// Short codes ---------------------------------------------------------------------------------------

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed in is hard to get wrong. */
export const SHORT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters of 5 random bits: 60 bits, not guessable at any rate the address allows. */
export const SHORT_CODE_LENGTH = 12;
const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/**
 * A short code as typed or read: case, spaces and dashes do not matter, and the letters Crockford
 * leaves out read as the digits they look like (O → 0, I and L → 1). Null when it cannot be one.
 */
export const normalizeShortCode = (text: string): string | null => {
  const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return SHORT_CODE.test(code) ? code : null;
};

/** `ABCD-EFGH-JKMN`: how people see a short code. */
export const groupShortCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/**
 * What a scanner read: a code's address (`…/api/o/{code}/`, with a ticket token as its fragment),
 * or a short code typed in by hand. Null when it is neither.
 */
export const parseScannedCode = (text: string): { code: string; token: string | null } | null => {
  const trimmed = text.trim();
  const address = trimmed.match(/\/api\/o\/([^/?#]+)\/?(?:\?[^#]*)?(?:#(.*))?$/);
  if (address) {
    const code = normalizeShortCode(address[1].replace(/%2D/gi, '-'));
    return code ? { code, token: address[2] || null } : null;
  }
  const code = normalizeShortCode(trimmed);
  return code ? { code, token: null } : null;
};
