import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { bookings } from './availability.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';
import { stores } from './stores.ts';
import { users } from './users.ts';

/**
 * A QR code: a short, unguessable address `/api/o/{code}/` (unique across the platform: the code
 * alone finds it). Links lead to a store or an offer's booking page; a ticket belongs to one
 * booking (at most one each). A link whose store or offer is deleted keeps its code (it may be
 * printed): it then leads to the organization's default store.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: pk(),
    accountId: accountId(),
    code: text('code').notNull(),
    type: text('type', { enum: ['store', 'offer', 'ticket'] }).notNull(),
    name: text('name').notNull().default(''),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    experienceId: uuid('experience_id').references(() => experiences.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** Scans of a link so far (the per-day counts are in `qr_code_scans`). */
    scans: integer('scans').notNull().default(0),
    lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }),
    /** A ticket's check-in by scanning it: when and by whom. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInByUserId: uuid('checked_in_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The scanning device that made the standing check-in (the check-in page's id for it), when known. */
    checkedInDeviceId: text('checked_in_device_id'),
    /** The synced check-in (`check_ins`) that stands, when it came from a device's queue. */
    checkInId: uuid('check_in_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('qr_codes_code_key').on(t.code),
    uniqueIndex('qr_codes_booking_key').on(t.bookingId),
    index('qr_codes_account_created_idx').on(t.accountId, t.createdAt),
    index('qr_codes_account_type_created_idx').on(t.accountId, t.type, t.createdAt),
    // Deleting a store or an offer clears its links' reference.
    index('qr_codes_store_idx').on(t.storeId).where(sql`${t.storeId} is not null`),
    index('qr_codes_experience_idx').on(t.experienceId).where(sql`${t.experienceId} is not null`),
    check('qr_codes_ticket_has_booking', sql`(${t.type} = 'ticket') = (${t.bookingId} is not null)`),
  ],
);

/** Scans of a link per local day of its organization: counts only, nothing about who scanned. */
export const qrCodeScans = pgTable(
  'qr_code_scans',
  {
    qrCodeId: uuid('qr_code_id')
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    accountId: accountId(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.qrCodeId, t.day] })],
);

/**
 * An organization's Ed25519 ticket-signing key, made the first time a ticket is issued. The private
 * key is stored encrypted (AES-256-GCM under a key derived from the server secret); a key that no
 * longer decrypts is retired and a new one made, and retired keys keep verifying older tickets.
 */
export const ticketKeys = pgTable(
  'ticket_keys',
  {
    id: pk(),
    accountId: accountId(),
    /** The start of the SHA-256 of the raw public key, 8 hex digits: named in every token. */
    keyId: text('key_id').notNull(),
    /** Raw 32-byte public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** PKCS#8 private key, encrypted: base64url of iv (12) · tag (16) · ciphertext. */
    privateKeyEncrypted: text('private_key_encrypted').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_keys_account_key_id_key').on(t.accountId, t.keyId),
    // One signing key per organization at a time: two first tickets at once make one key.
    uniqueIndex('ticket_keys_account_active_key').on(t.accountId).where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * A check-in a scanning device queued (offline or not) and synced: one row per device event, so a
 * retried sync finds its events and changes nothing (`client_event_id` unique per organization).
 * `result` is the answer given the first time, repeated on a retry. The standing check-in of a
 * ticket stays on `qr_codes` (the earliest); these rows are the log behind it.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: pk(),
    accountId: accountId(),
    clientEventId: text('client_event_id').notNull(),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    qrCodeId: uuid('qr_code_id').references(() => qrCodes.id, { onDelete: 'cascade' }),
    /** When the device checked the party in (its clock, corrected by its offset at the sync). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['checked_in', 'already_checked_in', 'refused'] }).notNull(),
    result: jsonb('result').notNull(),
  },
  (t) => [
    uniqueIndex('check_ins_account_event_key').on(t.accountId, t.clientEventId),
    index('check_ins_qr_code_idx').on(t.qrCodeId),
  ],
);
