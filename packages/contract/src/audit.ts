import { z } from 'zod';
import { id, timestamp } from './common.ts';

/** What the audit trail records changes of. */
export const AUDIT_ENTITY_TYPES = [
  'offer',
  'rate',
  'schedule',
  'capacity_override',
  'order',
  'booking',
  'payment',
  'refund',
  'partnership',
  'team_member',
  'role',
  'customer',
  'invoice',
  'api_key',
  'webhook_endpoint',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  offer: 'Offer',
  rate: 'Rate',
  schedule: 'Schedule',
  capacity_override: 'Capacity',
  order: 'Order',
  booking: 'Booking',
  payment: 'Payment',
  refund: 'Refund',
  partnership: 'Partnership',
  team_member: 'Team member',
  role: 'Role',
  customer: 'Customer',
  invoice: 'Invoice',
  api_key: 'API key',
  webhook_endpoint: 'Webhook endpoint',
};

/** Who made a change: a person, an API key, a webstore visitor, or Excursio itself (webhooks, sweeps). */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'visitor', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, string> = {
  user: 'Team member',
  api_key: 'API key',
  visitor: 'Webstore visitor',
  system: 'System',
};

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntry = z.object({
  id,
  at: timestamp,
  actor: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), id: z.string().nullable(), name: z.string() }),
  ip: z.string().nullable(),
  /** 'created' | 'updated' | 'deleted' or a named action ('canceled', 'confirmed', …). */
  action: z.string(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string(),
  entity_label: z.string(),
  order_id: z.string().nullable(),
  /** The changed fields only (a creation lists what was set, a deletion what was there). */
  changes: z.array(z.object({ field: z.string(), from: value, to: value })),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.enum(values).optional(),
  );
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-05-31.' })
  .optional();

/** GET /api/audit-entries/ filters (plus page, page_size, ordering, search). */
export const auditListFilters = {
  entity_type: optionalChoice(AUDIT_ENTITY_TYPES),
  actor_kind: optionalChoice(AUDIT_ACTOR_KINDS),
  /** A user's or API key's id (from filter-options). */
  actor: z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.uuid({ error: 'Choose someone from the list.' }).optional(),
  ),
  entity_id: z.string().max(100).optional(),
  /** Days in UTC, both included. */
  date_from: day,
  date_to: day,
};

export const AUDIT_ORDERING = ['at'] as const;

/** GET /api/audit-entries/filter-options/ — the actors present in the organization's trail. */
export const auditFilterOptions = z.object({
  actor: z.array(z.object({ value: z.string(), label: z.string(), kind: z.enum(AUDIT_ACTOR_KINDS) })),
});
export type AuditFilterOptions = z.infer<typeof auditFilterOptions>;

const shown = (v: string | number | boolean | null) =>
  v === null || v === '' ? 'empty' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);

/** One change in words: "Price (Adult) from 50.00 EUR to 55.00 EUR". */
export const auditChangeText = (c: { field: string; from: unknown; to: unknown }) =>
  `${c.field} from ${shown(c.from as never)} to ${shown(c.to as never)}`;

const ACTION_VERBS: Record<string, string> = { created: 'created', updated: 'changed', deleted: 'deleted' };

/** The entry's headline: "Anna Berg changed Rate Standard" / "Webstore visitor created Order #12". */
export const auditHeadline = (e: Pick<AuditEntry, 'actor' | 'action' | 'entity_type' | 'entity_label'>) =>
  `${e.actor.name} ${ACTION_VERBS[e.action] ?? e.action.replaceAll('_', ' ')} ${AUDIT_ENTITY_LABELS[e.entity_type]} ${e.entity_label}`.trim();
