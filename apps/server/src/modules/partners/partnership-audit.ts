import type { Executor } from '../../db/client.ts';
import { type AuditSnapshot, recordChange } from '../audit/audit.service.ts';
import { currentActor } from '../audit/audit-context.ts';
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

/** Both trails' "before": the acting organization's view and its partner's (once the partner is an organization). */
export type PartnershipBefore = { own: AuditSnapshot | null; partner: AuditSnapshot | null };

export const partnershipBefore = async (tx: Executor, viewer: Viewer, id: string): Promise<PartnershipBefore> => {
  const own = await snapshotFor(tx, viewer, id);
  const partner = own?.partnerId ? await snapshotFor(tx, { accountId: own.partnerId, email: null }, id) : null;
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
  const after = await snapshotFor(tx, viewer, id);
  if (!after) return;
  await recordChange(
    tx,
    viewer.accountId,
    { type: 'partnership', id, label: after.label },
    before?.own ?? null,
    after.snapshot,
    action,
  );
  if (!after.partnerId) return;
  const theirs = await snapshotFor(tx, { accountId: after.partnerId, email: null }, id);
  if (!theirs) return;
  const actor = currentActor();
  await recordChange(
    tx,
    after.partnerId,
    { type: 'partnership', id, label: theirs.label },
    before?.partner ?? null,
    theirs.snapshot,
    action,
    { ...actor, name: actor.kind === 'system' ? actor.name : `${actor.name} (${theirs.label})`, ip: null },
  );
};
