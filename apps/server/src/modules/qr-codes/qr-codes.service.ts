import {
  type QR_CODE_ORDERING,
  QR_SCAN_RANGE_MAX_DAYS,
  type QrCode,
  type QrCodePatchInput,
  type qrCodeInput,
} from '@excursio/contract/qr-codes';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound, refusedByState } from '../../http/app-error.ts';
import type { Ordering } from '../../http/paging.ts';
import { newShortCode, shortUrl } from '../tickets/short-codes.ts';
import { ticketsForList } from '../tickets/tickets.service.ts';
import { linkTargets } from './link-targets.ts';
import {
  deleteLink,
  findQrCode,
  insertLink,
  type LinkValues,
  listQrCodes,
  type QrCodeRow,
  recordScan,
  scansBetween,
  storeAndOffer,
  subdomainOf,
  timeZoneOf,
  updateLink,
} from './qr-codes.repository.ts';

/**
 * QR codes (`/api/qr-codes/`): links made by the team and the bookings' tickets, one list. Links are
 * created, re-pointed and deleted here; tickets are issued by the tickets module and only read here.
 */

type Deps = { db: Db; config: Config };

const NOT_FOUND = 'This QR code does not exist.';
const TICKET_FIXED = 'A ticket belongs to its booking: it cannot be changed or deleted (cancel the booking instead).';

const wire = async ({ db, config }: Deps, accountId: string, rows: QrCodeRow[]): Promise<QrCode[]> => {
  const subdomain = await subdomainOf(db, accountId);
  const [targets, tickets] = await Promise.all([
    linkTargets(db, config, accountId, subdomain, rows),
    ticketsForList(
      { db, config },
      accountId,
      rows.flatMap((r) => (r.bookingId ? [r.bookingId] : [])),
    ),
  ]);
  return rows.map((row) => {
    const target = targets.get(row.id);
    const ticket = row.bookingId ? tickets.get(row.bookingId) : undefined;
    const short = shortUrl(config, subdomain, row.code);
    return {
      id: row.id,
      code: row.code,
      type: row.type,
      name: row.name,
      content: ticket?.content ?? short,
      short_url: short,
      store: target?.store ?? null,
      experience: target?.experience ?? null,
      booking: ticket?.booking ?? null,
      target_url: target?.url ?? null,
      target_problem: target?.problem ?? null,
      scans: row.scans,
      last_scanned_at: row.lastScannedAt?.toISOString() ?? null,
      checked_in_at: row.checkedInAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
};

export const listQrCodesPage = async (
  deps: Deps,
  accountId: string,
  query: {
    type?: QrCodeRow['type'];
    search?: string;
    ordering: Ordering<(typeof QR_CODE_ORDERING)[number]>;
    limit: number;
    offset: number;
  },
) => {
  const { rows, count } = await listQrCodes(deps.db, accountId, query);
  return { results: await wire(deps, accountId, rows), count };
};

const rowOf = async (db: Db, accountId: string, id: string) => {
  const row = await findQrCode(db, accountId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

export const getQrCode = async (deps: Deps, accountId: string, id: string) =>
  (await wire(deps, accountId, [await rowOf(deps.db, accountId, id)]))[0];

/** A link leads to one of the organization's stores; an offer link to an offer in that store. */
const checkTarget = async (db: Db, accountId: string, values: LinkValues) => {
  if (values.type === 'offer' && !values.experienceId) {
    throw invalid('experience_id', 'Choose the offer the code opens.', 'required');
  }
  const found = await storeAndOffer(
    db,
    accountId,
    values.storeId as string,
    values.type === 'offer' ? (values.experienceId ?? null) : null,
  );
  if (!found.store) throw invalid('store_id', 'Choose one of your stores.', 'does_not_exist');
  if (values.type === 'offer' && !found.offerInStore) {
    throw invalid('experience_id', 'This offer is not in the store: add it to the store first.', 'not_in_store');
  }
};

/** A new link's row (its target checked); the demo seed uses it as it is. */
export const insertCheckedLink = async (db: Db, accountId: string, values: LinkValues) => {
  await checkTarget(db, accountId, values);
  // A new code is drawn again in the (astronomically unlikely) case it is taken.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await insertLink(db, accountId, newShortCode(), values);
    if (row) return row;
  }
  throw new Error('No free short code found');
};

export const createQrCode = async (deps: Deps, accountId: string, input: z.output<typeof qrCodeInput>) => {
  const row = await insertCheckedLink(deps.db, accountId, {
    type: input.type,
    name: input.name,
    storeId: input.store_id,
    experienceId: input.type === 'offer' ? input.experience_id : null,
  });
  return (await wire(deps, accountId, [row]))[0];
};

/** Scans counted on a day (the demo's history of its posters). */
export const countScans = (db: Db, accountId: string, qrCodeId: string, day: string, count: number, at: Date) =>
  recordScan(db, accountId, qrCodeId, day, at, count);

/** PATCH (and PUT): re-point a link — the printed code keeps its address and leads to the new target. */
export const changeQrCode = async (deps: Deps, accountId: string, id: string, input: QrCodePatchInput) => {
  const current = await rowOf(deps.db, accountId, id);
  if (current.type === 'ticket') throw refusedByState('ticket_fixed', TICKET_FIXED);
  const type = input.type ?? current.type;
  const values: LinkValues = {
    type,
    name: input.name ?? current.name,
    storeId: input.store_id ?? current.storeId,
    experienceId: type === 'offer' ? (input.experience_id !== undefined ? input.experience_id : current.experienceId) : null,
  };
  if (!values.storeId) throw invalid('store_id', 'Choose the store the code leads to.', 'required');
  await checkTarget(deps.db, accountId, values);
  const row = await updateLink(deps.db, accountId, id, values);
  if (!row) throw notFound(NOT_FOUND);
  return (await wire(deps, accountId, [row]))[0];
};

export const removeQrCode = async (db: Db, accountId: string, id: string) => {
  const current = await rowOf(db, accountId, id);
  if (current.type === 'ticket') throw refusedByState('ticket_fixed', TICKET_FIXED);
  if (!(await deleteLink(db, accountId, id))) throw notFound(NOT_FOUND);
};

// Scans over time ------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today in a zone, `YYYY-MM-DD`. */
export const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Scans per day between two local dates (default: the last 30 days up to today), zero days included. */
export const qrCodeScans = async (db: Db, accountId: string, id: string, range: { from?: string; to?: string }, now: Date) => {
  const row = await rowOf(db, accountId, id);
  const to = range.to ?? localDay(now, await timeZoneOf(db, accountId));
  const from = range.from ?? isoDay(Date.parse(to) - 29 * DAY_MS);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span < 1) throw invalid('from', 'The range starts after it ends.');
  if (span > QR_SCAN_RANGE_MAX_DAYS) throw invalid('from', `Ask for at most ${QR_SCAN_RANGE_MAX_DAYS} days at a time.`);
  const counts = new Map((await scansBetween(db, accountId, id, from, to)).map((r) => [r.day, r.count]));
  const days = Array.from({ length: span }, (_, i) => {
    const date = isoDay(Date.parse(from) + i * DAY_MS);
    return { date, scans: counts.get(date) ?? 0 };
  });
  return { from, to, total: row.scans, days };
};
