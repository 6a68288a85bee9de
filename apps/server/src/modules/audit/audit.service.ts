import type { AuditEntityType, AuditEntry } from '@excursio/contract/audit';
import type { Db, Executor } from '../../db/client.ts';
import type { AuditChange } from '../../db/schema/audit.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { type AuditEntryRow, auditActors, insertAuditEntries, insertAuditEntry, listAuditEntries } from './audit.repository.ts';
import { type AuditActor, currentActor } from './audit-context.ts';

type Value = string | number | boolean | null;
/** An entity's audited fields by their human label ("Price (Adult)") → a display-ready value. */
export type AuditSnapshot = Record<string, Value | undefined>;

export type AuditedEntity = {
  type: AuditEntityType;
  id: string;
  /** How people recognise it: the offer's title, '#1042', the member's name… */
  label: string;
  /** The order it belongs to (orders, bookings, payments, refunds): the order's tab lists it. */
  orderId?: string | null;
};

/** Minor units → '55.00 EUR' (display-ready, as the entry keeps it). */
export const money = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? null : `${(minor / 100).toFixed(2)} ${currency}`;

/** '' and null (and absent) are all "empty". */
const same = (a: Value | undefined, b: Value | undefined) => (a === '' ? null : (a ?? null)) === (b === '' ? null : (b ?? null));

/** The fields whose value differs; a creation lists what was set, a deletion what was there. */
export const changedFields = (before: AuditSnapshot | null, after: AuditSnapshot | null): AuditChange[] => {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field) => {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    return same(from, to) ? [] : [{ field, from, to }];
  });
};

/**
 * Records one change of an entity, on the executor of the change's own transaction (so there is no
 * change without its entry and a rolled-back change leaves none). `before` null = created, `after`
 * null = deleted; an update that changed no audited field writes nothing unless `action` names it.
 * The actor comes from the current request (`audit-context.ts`).
 */
export const recordChange = async (
  tx: Executor,
  accountId: string,
  entity: AuditedEntity,
  before: AuditSnapshot | null,
  after: AuditSnapshot | null,
  action?: string,
  /** Who acted, when the request's caller is not it (a person accepting an invitation, signed out). */
  actor: AuditActor = currentActor(),
) => {
  const entry = auditEntryOf(accountId, entity, before, after, action, actor);
  if (entry) await insertAuditEntry(tx, entry);
};

export type AuditedChange = {
  accountId: string;
  entity: AuditedEntity;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
  action?: string;
};

/** Several changes of one transaction, as `recordChange` records each, in one statement. */
export const recordChanges = async (tx: Executor, changes: AuditedChange[], actor: AuditActor = currentActor()) =>
  insertAuditEntries(
    tx,
    changes.flatMap((c) => auditEntryOf(c.accountId, c.entity, c.before, c.after, c.action, actor) ?? []),
  );

const auditEntryOf = (
  accountId: string,
  entity: AuditedEntity,
  before: AuditSnapshot | null,
  after: AuditSnapshot | null,
  action: string | undefined,
  actor: AuditActor,
) => {
  const changes = changedFields(before, after);
  if (!changes.length && !action) return null;
  return {
    accountId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    ip: actor.ip,
    action: action ?? (before === null ? 'created' : after === null ? 'deleted' : 'updated'),
    entityType: entity.type,
    entityId: entity.id,
    entityLabel: entity.label,
    orderId: entity.orderId ?? null,
    changes,
  };
};

const toWire = (row: AuditEntryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { kind: row.actorKind as AuditEntry['actor']['kind'], id: row.actorId, name: row.actorName },
  ip: row.ip,
  action: row.action,
  entity_type: row.entityType as AuditEntry['entity_type'],
  entity_id: row.entityId,
  entity_label: row.entityLabel,
  order_id: row.orderId,
  changes: row.changes,
});

const DAY_MS = 86_400_000;

export type AuditListInput = {
  page: number;
  page_size: number;
  search?: string;
  entity_type?: string;
  entity_id?: string;
  actor_kind?: string;
  actor?: string;
  date_from?: string;
  date_to?: string;
  ordering: Ordering<'at'>;
};

export const listAuditPage = async (db: Db, accountId: string, query: AuditListInput, orderId?: string) => {
  const { rows, count } = await listAuditEntries(db, accountId, {
    search: query.search,
    entityType: query.entity_type,
    entityId: query.entity_id,
    actorKind: query.actor_kind,
    actor: query.actor,
    orderId,
    from: query.date_from ? new Date(`${query.date_from}T00:00:00Z`) : undefined,
    to: query.date_to ? new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(toWire), count };
};

export const auditFilterOptions = async (db: Db, accountId: string) => ({
  actor: (await auditActors(db, accountId)).map((a) => ({
    value: a.id,
    label: a.name,
    kind: a.kind as AuditEntry['actor']['kind'],
  })),
});

const MAX_TEXT = 300;
const label = (key: string) => {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const shown = (value: unknown): Value => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return shown(value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', '));
  return shown(JSON.stringify(value));
};

/** A record of snake_case fields → a snapshot labelled "Max group size" etc., values made display-ready. */
export const fieldsSnapshot = (fields: Record<string, unknown>, omit: readonly string[] = []): AuditSnapshot =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([key, value]) => value !== undefined && !omit.includes(key))
      .map(([key, value]) => [label(key), shown(value)]),
  );
