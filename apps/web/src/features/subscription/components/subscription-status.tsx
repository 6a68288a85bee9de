import type { SubscriptionState } from '@excursio/contract/payments';
import { Card, Flex, Group, Stack, Text } from '@mantine/core';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TestModeBadge } from '../../../components/test-mode-badge.tsx';
import { formatMoney } from '../../../lib/format/format.ts';
import { statusSummary } from '../../../lib/subscription/subscription-status.ts';

/** The organization's plan now: its state in words and the provider's billing portal. */
export const SubscriptionStatus = ({
  state,
  managing,
  onManage,
}: {
  state: SubscriptionState;
  managing: boolean;
  onManage: () => void;
}) => {
  const summary = statusSummary(state);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Your subscription">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: '1 1 320px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>
              Your plan: {state.tier?.name ?? '—'}
              {state.tier && state.tier.price_minor > 0
                ? ` · ${formatMoney(state.tier.price_minor, state.tier.currency)} / ${state.tier.interval}`
                : ''}
            </Text>
            <StatusBadge color={summary.color} testId="subscription-status">
              {summary.label}
            </StatusBadge>
            {state.test_mode ? <TestModeBadge size="sm" /> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {summary.text}
          </Text>
        </Stack>
        <Flex direction="column" gap={4} align={{ base: 'flex-start', sm: 'flex-end' }}>
          <Button variant="standard" onClick={onManage} loading={managing} disabled={!state.can_manage}>
            Manage billing
          </Button>
          {state.can_manage ? null : (
            <Text size="xs" c="dimmed">
              Available once a plan is paid for.
            </Text>
          )}
        </Flex>
      </Group>
    </Card>
  );
};
