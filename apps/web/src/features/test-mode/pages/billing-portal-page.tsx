import { Alert, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatMoney } from '../../../lib/format/format.ts';
import { plansPath } from '../../../lib/subscription/plans-path.ts';
import { statusSummary } from '../../../lib/subscription/subscription-status.ts';
import { type TestModeAction, useTestModePageActionMutation } from '../api.ts';
import { HostedLinkProblem, HostedLoading, HostedPage } from '../components/hosted-page.tsx';
import { useHostedPage } from '../use-hosted-page.ts';

const DONE: Record<string, string> = {
  cancel_subscription: 'The subscription was canceled.',
  fail_payment: 'A failed payment was simulated: the subscription is past due.',
};

/**
 * `/test-mode/billing-portal/{token}`: the test mode's stand-in for Stripe's billing portal: the
 * plan and its state, cancel it, or simulate a failed renewal (past due, then the grace period).
 */
export const BillingPortalPage = () => {
  const hosted = useHostedPage('billing_portal');
  const [act] = useTestModePageActionMutation();
  const [pending, setPending] = useState<TestModeAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (hosted.state === 'loading') return <HostedLoading />;
  if (hosted.state !== 'ready') {
    return <HostedLinkProblem back={plansPath(undefined)} backLabel="Back to the plans" failed={hosted.state === 'failed'} />;
  }
  const { page, token, refetch } = hosted;
  const subscription = page.subscription;
  const tier = subscription?.tier ?? page.tier;
  const back = plansPath(tier?.account_type);
  const summary = subscription ? statusSummary(subscription) : null;
  const status = subscription?.status;
  const running = status === 'active' || status === 'trialing' || status === 'past_due';

  const run = async (action: TestModeAction) => {
    setPending(action);
    setDone(null);
    const result = await act({ token, action });
    setPending(null);
    if (result.error) return;
    if (result.data?.url) {
      window.location.assign(result.data.url);
      return;
    }
    setDone(DONE[action] ?? null);
    refetch();
  };

  const cancelReason = running ? null : 'There is no running subscription to cancel.';
  const failReason =
    status === 'past_due'
      ? 'Already past due: the last payment failed.'
      : running
        ? null
        : 'Only a running subscription can miss a payment.';

  return (
    <HostedPage title="Manage your subscription" subtitle={page.organization}>
      <Stack gap="lg">
        <Stack gap={6} data-testid="portal-plan">
          <Group gap="xs">
            <Text fw={600} size="lg">
              {tier?.name ?? 'No plan'}
            </Text>
            {summary ? <StatusBadge color={summary.color}>{summary.label}</StatusBadge> : null}
          </Group>
          {tier && tier.price_minor > 0 ? (
            <Text size="sm">
              {formatMoney(tier.price_minor, tier.currency)} per {tier.interval}
            </Text>
          ) : null}
          {summary ? (
            <Text size="sm" c="dimmed">
              {summary.text}
            </Text>
          ) : null}
        </Stack>
        {done ? (
          <Alert color="teal" variant="light" role="status">
            {done}
          </Alert>
        ) : null}
        <Divider />
        <Stack gap="md">
          <Stack gap={4}>
            <Button
              variant="standard"
              c="light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))"
              fullWidth
              onClick={() => run('cancel_subscription')}
              loading={pending === 'cancel_subscription'}
              disabled={cancelReason !== null || (pending !== null && pending !== 'cancel_subscription')}
            >
              Cancel subscription
            </Button>
            <Text size="xs" c="dimmed">
              {cancelReason ?? 'Ends the subscription now: the free plan’s features apply at once.'}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Button
              variant="standard"
              fullWidth
              onClick={() => run('fail_payment')}
              loading={pending === 'fail_payment'}
              disabled={failReason !== null || (pending !== null && pending !== 'fail_payment')}
            >
              Simulate a failed payment
            </Button>
            <Text size="xs" c="dimmed">
              {failReason ?? 'The renewal is declined: the subscription becomes past due, with a grace period.'}
            </Text>
          </Stack>
          <Button component="a" href={back} variant="secondary" fullWidth>
            Back to Excursio
          </Button>
        </Stack>
      </Stack>
    </HostedPage>
  );
};
