import { STORE_OWNERSHIP_LABELS, type Store } from '@excursio/contract/stores';
import { Alert, Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyField } from '../../../components/copy-field.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
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

/** The Analytics tab: the store's state and address; sales figures come with the analytics feature. */
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
      <Alert color="gray" variant="light" icon={<IconChartBar size={18} />} title="Sales analytics are not built yet">
        Revenue, bookings and visits per store will appear here with the analytics feature. Until then,{' '}
        <Anchor component={Link} to={`/orders/list?pageSize=25&store=${store.id}`} size="sm">
          the orders sold through this store
        </Anchor>{' '}
        are in the orders list.
      </Alert>
    </Stack>
  );
};
