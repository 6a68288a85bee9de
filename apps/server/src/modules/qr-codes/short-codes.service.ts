import { normalizeShortCode } from '@excursio/contract/tickets';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { checkInTicket, ticketSummary } from '../tickets/tickets.service.ts';
import { linkTargets } from './link-targets.ts';
import { findByShortCode, recordScan } from './qr-codes.repository.ts';
import { localDay } from './qr-codes.service.ts';

/** `/api/o/{code}/`: the short address behind every QR code. */

type Deps = { db: Db; config: Config };
const NOWHERE = 'This code does not lead anywhere.';

/** The code as typed or scanned (any case, dashes), or 404. */
const codeRow = async (db: Db, text: string) => {
  const code = normalizeShortCode(text);
  const found = code ? await findByShortCode(db, code) : null;
  if (!found) throw notFound(NOWHERE);
  return found;
};

/**
 * GET on the organization's address: a link answers where to send the visitor (its scan counted on
 * the organization's day, nothing about the visitor kept); a ticket answers its public summary.
 * Another organization's code is not found here.
 */
export const resolveCode = async (deps: Deps, accountId: string, text: string, now: Date) => {
  const { row, subdomain, timeZone } = await codeRow(deps.db, text);
  if (row.accountId !== accountId) throw notFound(NOWHERE);
  if (row.type === 'ticket')
    return { kind: 'ticket' as const, code: row.code, summary: await ticketSummary(deps.db, accountId, row) };
  const target = (await linkTargets(deps.db, deps.config, accountId, subdomain, [row])).get(row.id);
  if (!target?.url) throw notFound('This code does not lead anywhere any more.');
  await recordScan(deps.db, accountId, row.id, localDay(now, timeZone), now);
  return { kind: 'link' as const, url: target.url };
};

/** POST by staff: check the ticket in (see `checkInTicket` for what is refused). */
export const checkInCode = async (
  db: Db,
  principal: { accountId: string; userId: string | null; deviceId?: string | null },
  text: string,
  now: Date,
) => checkInTicket(db, principal, (await codeRow(db, text)).row, now);
