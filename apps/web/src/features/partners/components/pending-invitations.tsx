import type { Partnership } from '@excursio/contract/partners';
import { Alert, Box, Group, Stack, Text } from '@mantine/core';
import { IconMailbox } from '@tabler/icons-react';
import { Button } from '../../../components/button.tsx';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import { useListPartnersQuery } from '../../../lib/api/partners.api.ts';
import { CHANGE_HINT, isIncomingInvitation, partnerLabel, termsSummary } from '../../../lib/format/partner-format.ts';
import type { RowIntent } from './partner-row-menu.tsx';

const invitationText = (p: Partnership) =>
  p.partner_type === 'suppliers'
    ? `${partnerLabel(p)} invites you to resell its offers`
    : `${partnerLabel(p)} asks to resell your offers`;

const Guarded = ({ allowed, children }: { allowed: boolean; children: React.ReactElement }) =>
  allowed ? (
    children
  ) : (
    <DeferredTooltip label={CHANGE_HINT} multiline maw={260}>
      <Box>{children}</Box>
    </DeferredTooltip>
  );

/**
 * Invitations sent to us and waiting for our answer, above the list whichever view it shows, with
 * Accept and Decline at hand.
 */
export const PendingInvitations = ({
  canChange,
  onPick,
  isBusy,
}: {
  canChange: boolean;
  onPick: (intent: RowIntent, p: Partnership) => void;
  isBusy: (action: 'accept' | 'decline', p: Partnership) => boolean;
}) => {
  const { data } = useListPartnersQuery({ status: 'pending', page: 1, page_size: 50 }, { refetchOnMountOrArgChange: true });
  const incoming = (data?.results ?? []).filter(isIncomingInvitation);
  if (!incoming.length) return null;
  const n = incoming.length;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMailbox size={18} />}
      title={`${n} invitation${n === 1 ? '' : 's'} waiting for your answer`}
      mb="md"
      data-testid="pending-invitations"
    >
      <Stack gap="xs">
        {incoming.map((p) => (
          <Group key={p.id} justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text size="sm" fw={600}>
                {invitationText(p)}
              </Text>
              <Text size="xs" c="dimmed">
                {termsSummary(p.terms)}
                {p.message ? ` · “${p.message}”` : ''}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Guarded allowed={canChange}>
                <Button
                  size="xs"
                  disabled={!canChange || !p.can.accept}
                  loading={isBusy('accept', p)}
                  onClick={() => onPick('accept', p)}
                  aria-label={`Accept the invitation from ${partnerLabel(p)}`}
                >
                  Accept
                </Button>
              </Guarded>
              <Guarded allowed={canChange}>
                <Button
                  size="xs"
                  variant="standard"
                  disabled={!canChange || !p.can.decline}
                  onClick={() => onPick('decline', p)}
                  aria-label={`Decline the invitation from ${partnerLabel(p)}`}
                >
                  Decline
                </Button>
              </Guarded>
            </Group>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
};
