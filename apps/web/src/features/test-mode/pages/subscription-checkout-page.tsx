import { Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCardPay } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format/format.ts';
import { plansPath } from '../../../lib/subscription/plans-path.ts';
import { type TestModeAction, useTestModePageActionMutation } from '../api.ts';
import { HostedLinkProblem, HostedLoading, HostedPage } from '../components/hosted-page.tsx';
import { useHostedPage } from '../use-hosted-page.ts';

/**
 * `/test-mode/subscription-checkout/{token}`: the test mode's stand-in for Stripe Checkout of a
 * plan. Pay completes it (the server delivers the provider's events and answers where to go), Cancel
 * gives it up.
 */
export const SubscriptionCheckoutPage = () => {
  const hosted = useHostedPage('subscription_checkout');
  const [act, { isLoading }] = useTestModePageActionMutation();
  const [pending, setPending] = useState<TestModeAction | null>(null);
  if (hosted.state === 'loading') return <HostedLoading />;
  if (hosted.state !== 'ready' || !hosted.page.tier) {
    return <HostedLinkProblem back={plansPath(undefined)} backLabel="Back to the plans" failed={hosted.state === 'failed'} />;
  }
  const { page, token } = hosted;
  const tier = page.tier as NonNullable<typeof page.tier>;
  const back = plansPath(tier.account_type);
  const price = formatMoney(tier.price_minor, tier.currency);

  const run = async (action: TestModeAction) => {
    setPending(action);
    const result = await act({ token, action });
    if (result.error) {
      setPending(null);
      return;
    }
    const fallback = action === 'complete' ? `${back}?subscription=success` : `${back}?subscription=canceled`;
    window.location.assign(result.data?.url ?? fallback);
  };

  return (
    <HostedPage title={`Subscribe to ${tier.name}`} subtitle={page.organization}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={700} data-testid="checkout-price">
              {price}
            </Text>
            <Text c="dimmed">per {tier.interval}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            Billed every {tier.interval} until you cancel.
          </Text>
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Card
          </Text>
          <TextInput
            aria-label="Card (test card)"
            value="4242 4242 4242 4242   12/34   123"
            readOnly
            leftSection={<IconCreditCardPay size={16} />}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Text size="xs" c="dimmed">
            A test card: nothing is charged.
          </Text>
        </Stack>
        <Text size="sm">
          Paying changes {page.organization}’s plan to {tier.name} at once.
        </Text>
        <Stack gap="xs">
          <Button
            size="md"
            fullWidth
            onClick={() => run('complete')}
            loading={pending === 'complete'}
            disabled={isLoading || pending !== null}
          >
            Pay {price}
          </Button>
          <Button
            variant="standard"
            fullWidth
            onClick={() => run('cancel')}
            loading={pending === 'cancel'}
            disabled={isLoading || pending !== null}
          >
            Cancel
          </Button>
        </Stack>
      </Stack>
    </HostedPage>
  );
};
