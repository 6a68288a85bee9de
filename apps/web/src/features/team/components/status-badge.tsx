import type { MemberStatus } from '@excursio/contract/team';
import { Badge } from '@mantine/core';

const COLORS: Record<MemberStatus, string> = { invited: 'blue', active: 'green', deactivated: 'gray' };
const LABELS: Record<MemberStatus, string> = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' };

export const MEMBER_STATUS_OPTIONS = (Object.keys(LABELS) as MemberStatus[]).map((value) => ({ value, label: LABELS[value] }));

export const MemberStatusBadge = ({ status }: { status: MemberStatus }) => (
  <Badge variant="light" color={COLORS[status]} radius="sm">
    {LABELS[status]}
  </Badge>
);
