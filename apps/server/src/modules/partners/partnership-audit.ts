import type { Executor } from '../../db/client.ts';
import { type AuditSnapshot, recordChange } from '../audit/audit.service.ts';
import { type AuditActor, currentActor } from '../audit/audit-context.ts';
import { partnershipWire, type Viewer } from './partner-wire.ts';
import { partnershipView } from './partners.repository.ts';

/** The partnership as one organization sees it, for its audit trail (read on `tx`). */
const snapshotFor = async (tx: Executor, viewer: Viewer, id: string) => {
  const view = await partnershipView(tx, viewer.accountId, viewer.email, id);
  if (!view) return null;
  const p = partnershipWire(view, viewer);
  const snapshot: AuditSnapshot = {
    Status: p.status,
    'Commission (%)': p.terms.commission_percent,
    'Pricing mode': p.terms.pricing_mode,
    'Shared offers': p.terms.share_mode === 'all' ? 'all active offers' : `${view.sharedCount} selected`,
    Allocation: p.terms.allocation,
    'Payment collector': p.terms.payment_collector,
  };
  return { snapshot, label: p.partner?.name ?? p.invite_email ?? 'Invitation', partnerId: p.partner?.id ?? null };
};

/** The same partnership as the other organization sees it (once the partner is an organization). */
const partnerSnapshot = (tx: Executor, seen: { partnerId: string | null } | null, id: string) =>
  seen?.partnerId ? snapshotFor(tx, { accountId: seen.partnerId, email: null }, id) : null;

/** Both trails' "before": the acting organization's view and its partner's. */
export type PartnershipBefore = { own: AuditSnapshot | null; partner: AuditSnapshot | null };

export const partnershipBefore = async (tx: Executor, viewer: Viewer, id: string): Promise<PartnershipBefore> => {
  const own = await snapshotFor(tx, viewer, id);
  const partner = await partnerSnapshot(tx, own, id);
  return { own: own?.snapshot ?? null, partner: partner?.snapshot ?? null };
};

/**
 * Records a partnership's change in the acting organization's trail and in its partner's (a
 * partnership is both organizations' business: the partner sees who changed its terms or ended it,
 * named with their organization, without their IP). `before` null = the invitation.
 */
export const auditPartnership = async (
  tx: Executor,
  viewer: Viewer,
  id: string,
  before: PartnershipBefore | null,
  action?: string,
) => {
  const record = (
    accountId: string,
    after: { snapshot: AuditSnapshot; label: string },
    from: AuditSnapshot | null | undefined,
    actor?: AuditActor,
  ) => recordChange(tx, accountId, { type: 'partnership', id, label: after.label }, from ?? null, after.snapshot, action, actor);
  const ours = await snapshotFor(tx, viewer, id);
  if (!ours) return;
  await record(viewer.accountId, ours, before?.own);
  const theirs = await partnerSnapshot(tx, ours, id);
  if (!ours.partnerId || !theirs) return;
  const actor = currentActor();
  const name = actor.kind === 'system' ? actor.name : `${actor.name} (${theirs.label})`;
  await record(ours.partnerId, theirs, before?.partner, { ...actor, name, ip: null });
};
