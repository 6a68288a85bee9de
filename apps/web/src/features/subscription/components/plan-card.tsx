import type { SubscriptionTier } from '@excursio/contract/accounts';
import { FEATURE_LABELS, FEATURES } from '@excursio/contract/permissions';
import { Badge, Card, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Button } from '../../../components/button.tsx';
import { formatBasisPoints, formatMoney } from '../../../lib/format/format.ts';

const Included = () => (
  <ThemeIcon size={18} radius="xl" variant="light" color="teal">
    <IconCheck size={12} />
  </ThemeIcon>
);
const NotIncluded = () => (
  <ThemeIcon size={18} radius="xl" variant="light" color="gray">
    <IconX size={12} />
  </ThemeIcon>
);

/** Every feature in the same order on every plan, so plans compare line by line. */
const FeatureList = ({ features }: { features: readonly string[] }) => (
  <List spacing={6} size="sm" style={{ flex: 1 }} aria-label="Features">
    {FEATURES.map((feature) => {
      const included = features.includes(feature);
      return (
        <List.Item key={feature} icon={included ? <Included /> : <NotIncluded />} c={included ? undefined : 'dimmed'}>
          {FEATURE_LABELS[feature]}
          {included ? null : <VisuallyHidden> (not included)</VisuallyHidden>}
        </List.Item>
      );
    })}
  </List>
);

export type PlanAction =
  | { kind: 'current' }
  /** Not offered to this organization; `reason` says why. */
  | { kind: 'unavailable'; reason: string }
  | { kind: 'switch'; downgrade: boolean; busy: boolean; disabled: boolean; onSwitch: () => void };

const WRAP = { root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

export const PlanCard = ({ tier, action }: { tier: SubscriptionTier; action: PlanAction }) => {
  const current = action.kind === 'current';
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`${tier.name} plan`}
      style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} size="lg">
            {tier.name}
          </Text>
          {current ? <Badge variant="filled">Current plan</Badge> : null}
        </Group>
        <Stack gap={2}>
          <Group gap={4} align="baseline">
            <Text fz={28} fw={700}>
              {tier.price_minor === 0 ? 'Free' : formatMoney(tier.price_minor, tier.currency)}
            </Text>
            {tier.price_minor === 0 ? null : (
              <Text c="dimmed" size="sm">
                / {tier.interval}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatBasisPoints(tier.platform_fee_bp)} platform fee on card payments
          </Text>
        </Stack>
        <FeatureList features={tier.features} />
        <Stack gap={4}>
          {action.kind === 'switch' ? (
            <Button
              variant={action.downgrade ? 'standard' : 'primary'}
              fullWidth
              styles={WRAP}
              loading={action.busy}
              disabled={action.disabled}
              onClick={action.onSwitch}
            >
              {`Switch to ${tier.name}`}
            </Button>
          ) : (
            <Button variant="standard" disabled fullWidth styles={WRAP}>
              {current ? 'Your current plan' : `Switch to ${tier.name}`}
            </Button>
          )}
          {action.kind === 'unavailable' ? (
            <Text size="xs" c="dimmed" ta="center">
              {action.reason}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
};
