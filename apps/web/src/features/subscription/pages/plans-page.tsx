import type { SubscriptionTier } from '@excursio/contract/accounts';
import type { AccountType } from '@excursio/contract/auth';
import { FEATURE_LABELS, FEATURES } from '@excursio/contract/permissions';
import { Alert, Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useAppSelector } from '../../../app/store.ts';
import { Button } from '../../../components/button.tsx';
import { useGetBaseAccountQuery } from '../../../lib/api/base-account.api.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { useListSubscriptionTiersQuery } from '../api/subscription.api.ts';

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

const PlanCard = ({ tier, current }: { tier: SubscriptionTier; current: boolean }) => (
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
      <FeatureList features={tier.features} />
      <Stack gap={4}>
        <Button
          variant={current ? 'standard' : 'secondary'}
          disabled
          fullWidth
          styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {current ? 'Your current plan' : `Switch to ${tier.name}`}
        </Button>
        {current ? null : (
          <Text size="xs" c="dimmed" ta="center">
            Changing plans is not available yet.
          </Text>
        )}
      </Stack>
    </Stack>
  </Card>
);

const PlansPage = ({ type }: { type: AccountType }) => {
  const accountId = useAppSelector((state) => state.user.user?.base_account.id);
  const accountType = useAppSelector((state) => state.user.user?.base_account.type);
  const { data: account } = useGetBaseAccountQuery(accountId ?? '', { skip: !accountId });
  const { data, isLoading } = useListSubscriptionTiersQuery({ account_type: type });
  const tiers = (data?.results ?? []).filter((tier) => tier.account_type === type);
  const currentId = account?.subscription_tier?.id;
  return (
    <Stack gap="md">
      {accountType && accountType !== type ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          These plans are for {type} accounts. Your organization is a {accountType}.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {isLoading
          ? [0, 1, 2].map((i) => <Skeleton key={i} height={320} radius="md" />)
          : tiers.map((tier) => <PlanCard key={tier.id} tier={tier} current={tier.id === currentId} />)}
      </SimpleGrid>
      {!isLoading && tiers.length === 0 ? <Text c="dimmed">No {type} plans are offered at the moment.</Text> : null}
    </Stack>
  );
};

export const SupplierPlansPage = () => <PlansPage type="supplier" />;
export const AffiliatePlansPage = () => <PlansPage type="affiliate" />;
