import type { Role, TeamMember } from '@excursio/contract/team';
import type { Executor } from '../../db/client.ts';
import { type AuditSnapshot, recordChange } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit-context.ts';

/** The audit trail's view of team members and roles (see `audit/`), recorded on the caller's transaction. */
export const memberSnapshot = (m: TeamMember): AuditSnapshot => ({
  Name: `${m.first_name} ${m.last_name}`.trim(),
  Email: m.email,
  Role: m.role?.name ?? null,
  Status: m.status,
});

export const auditMember = (
  tx: Executor,
  accountId: string,
  member: TeamMember,
  before: AuditSnapshot | null,
  after: AuditSnapshot | null,
  action?: string,
  actor?: AuditActor,
) =>
  recordChange(
    tx,
    accountId,
    { type: 'team_member', id: member.id, label: `${member.first_name} ${member.last_name}`.trim() || member.email },
    before,
    after,
    action,
    actor,
  );

export const roleSnapshot = (r: Role): AuditSnapshot => ({
  Name: r.name,
  Description: r.description,
  Permissions: r.permission_sets
    .map((s) => s.title)
    .sort()
    .join(', '),
});

export const auditRole = (
  tx: Executor,
  accountId: string,
  role: Role,
  before: AuditSnapshot | null,
  after: AuditSnapshot | null,
) => recordChange(tx, accountId, { type: 'role', id: role.id, label: role.name }, before, after);
