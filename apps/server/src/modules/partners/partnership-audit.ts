import type { Executor } from '../../db/client.ts';
import { type AuditSnapshot, recordChange } from '../audit/audit.service.ts';
import { partnershipWire, type Viewer } from './partner-wire.ts';
import { partnershipView } from './partners.repository.ts';

/** The partnership as the acting organization sees it, for its audit trail (read on `tx`). */
export const partnershipSnapshot = async (tx: Executor, viewer: Viewer, id: string) => {
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
  return { snapshot, label: p.partner?.name ?? p.invite_email ?? 'Invitation' };
};

/** Records a partnership's change in the acting organization's trail: `before` null = the invitation. */
export const auditPartnership = async (
  tx: Executor,
  viewer: Viewer,
  id: string,
  before: AuditSnapshot | null,
  action?: string,
) => {
  const after = await partnershipSnapshot(tx, viewer, id);
  if (!after) return;
  await recordChange(tx, viewer.accountId, { type: 'partnership', id, label: after.label }, before, after.snapshot, action);
};
