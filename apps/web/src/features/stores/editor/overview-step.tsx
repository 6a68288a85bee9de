import { STORE_OWNERSHIP_LABELS, type Store } from '@excursio/contract/stores';
import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { CopyField } from '../../../components/copy-field.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { StoreStatusBadge } from '../components/store-status-badge.tsx';
import { storeEditorPath } from '../store-paths.ts';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="xs" c="dimmed" mb={4}>
      {label}
    </Text>
    <div>{children}</div>
  </Card>
);

/** Why a visitor may not see the store although it exists. */
const visibilityNote = (store: Store) => {
  if (store.status !== 'active') return 'Visitors cannot open the store until its status is Active (Settings).';
  if (store.experiences_count === 0) return 'The store is live but sells nothing yet: add offers from the Global catalog.';
  return null;
};

// Charts load with the tab that shows them, never with the editor. The store's Analytics tab is the
// analytics feature's panel filtered to the store (specification §2: the Store tabs): the one place a
// feature embeds another, lazily, so neither carries the other's code.
const AnalyticsPanel = lazy(() =>
  // biome-ignore lint/style/noRestrictedImports: the Analytics tab is the analytics panel itself (see above)
  import('../../analytics/components/analytics-panel.tsx').then((m) => ({ default: m.AnalyticsPanel })),
);

/** The store's sales (analytics feature and 'Manage orders'), or why they are not shown. */
const StoreSales = ({ store }: { store: Store }) => {
  const { can, hasFeature } = useAccess();
  const allowed = can(['Manage orders']) && hasFeature(['analytics']);
  if (!allowed)
    return (
      <Alert color="gray" variant="light" icon={<IconChartBar size={18} />} title="Sales analytics">
        Sales figures need the permission ‘Manage orders’ and a plan with Analytics. Meanwhile,{' '}
        <Anchor component={Link} to={`/orders/list?pageSize=25&store=${store.id}`} size="sm">
          the orders sold through this store
        </Anchor>{' '}
        are in the orders list.
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        Every order is in the orders list too:{' '}
        <Anchor component={Link} to={`/orders/list?pageSize=25&store=${store.id}`} size="sm">
          the orders sold through this store
        </Anchor>
        .
      </Text>
      <Suspense fallback={<Skeleton h={320} radius="md" aria-label="Loading the sales" />}>
        <AnalyticsPanel storeId={store.id} />
      </Suspense>
    </Stack>
  );
};

/** The Analytics tab: the store's state and address, then its sales with charts and CSV. */
export const OverviewStep = ({ store }: { store: Store }) => {
  const note = visibilityNote(store);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact label="Status">
          <StoreStatusBadge status={store.status} />
        </Fact>
        <Fact label="Offers in the store">
          <Anchor component={Link} to={storeEditorPath(store.id, 'store-products')} fw={600} fz="lg">
            {store.experiences_count}
          </Anchor>
        </Fact>
        <Fact label="Ownership">
          <Text fw={600}>{STORE_OWNERSHIP_LABELS[store.ownership]}</Text>
        </Fact>
        <Fact label="Created">
          <Text fw={600}>{formatDisplayDate(store.created_at)}</Text>
        </Fact>
      </SimpleGrid>
      {note ? (
        <Alert color="yellow" variant="light" title="Not visible to visitors yet">
          {note}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <CopyField label="Store address" value={store.url} />
        <Text size="xs" c="dimmed" mt={6}>
          {store.is_default
            ? 'This is the default store: it also answers at the organization’s /s/ address.'
            : 'Share this address, or embed single offers on your website (Settings → Embed on your website).'}
        </Text>
      </Card>
      <StoreSales store={store} />
    </Stack>
  );
};
