import { PARTNERSHIP_STATUS_LABELS, type Partnership } from '@excursio/contract/partners';
import { Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge.tsx';
import {
  allocationSummary,
  collectorSummary,
  PARTNERSHIP_STATUS_COLORS,
  pricingSummary,
} from '../../../lib/format/partner-format.ts';

/** The other organization (name and subdomain), or the address an email invitation went to. */
export const OrganizationCell = ({ p }: { p: Partnership }) =>
  p.partner ? (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {p.partner.name}
      </Text>
      <Text size="xs" c="dimmed">
        {p.partner.subdomain}
      </Text>
    </Stack>
  ) : (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {p.invite_email ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        Invited by email
      </Text>
    </Stack>
  );

/** The status; an invitation says whose answer it waits for. */
export const PartnerStatusCell = ({ p }: { p: Partnership }) => (
  <Stack gap={2} align="flex-start">
    <StatusBadge color={PARTNERSHIP_STATUS_COLORS[p.status]} testId="partner-status">
      {PARTNERSHIP_STATUS_LABELS[p.status]}
    </StatusBadge>
    {p.status === 'pending' ? (
      <Text size="xs" c="dimmed">
        {p.invited_by_us ? 'Waiting for them' : 'Waiting for you'}
      </Text>
    ) : null}
  </Stack>
);

/** '15 % commission', then 'max 8 per start · Reseller collects'. */
export const TermsCell = ({ p }: { p: Partnership }) => (
  <Stack gap={0}>
    <Text size="sm">{pricingSummary(p.terms)}</Text>
    <Text size="xs" c="dimmed">
      {[allocationSummary(p.terms), collectorSummary(p.terms)].filter(Boolean).join(' · ')}
    </Text>
  </Stack>
);
