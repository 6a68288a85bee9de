import { STORE_OWNERSHIP_LABELS, type Store } from '@excursio/contract/stores';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScrollRow } from '../../../components/scroll-row.tsx';
import tabs from '../../../components/shell/editor-tabs.module.css';
import { PageTabs } from '../../../components/shell/page-action.tsx';
import { StoreStatusBadge } from '../components/store-status-badge.tsx';
import { STORE_STEP_LABELS, STORE_STEPS, STORES_LIST_PATH, type StoreStep, storeEditorPath } from '../store-paths.ts';

/** "All stores" link, the store's name, status and address, and the editor's tabs in the header's tab row. */
export const StoreEditorHeader = ({ store, step }: { store: Store; step: StoreStep }) => (
  <Stack gap="sm" mb="lg">
    <BackToStores />
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap">
        <Title order={2} fz={22} fw={600} lineClamp={2} data-testid="store-name">
          {store.name}
        </Title>
        <StoreStatusBadge status={store.status} />
      </Group>
      <Group gap={6} wrap="wrap">
        <Text size="sm" c="dimmed">
          {STORE_OWNERSHIP_LABELS[store.ownership]} store · {store.currency} ·
        </Text>
        <Anchor href={store.url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            {store.url.replace(/^https?:\/\//, '')}
            <IconExternalLink size={14} aria-label="(opens in a new tab)" />
          </Group>
        </Anchor>
      </Group>
    </Stack>
    {store.payment_warning ? (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Visitors cannot pay for some offers">
        {store.payment_warning}
      </Alert>
    ) : null}
    <PageTabs>
      <ScrollRow label="store sections">
        <nav aria-label="Store sections" className={tabs.steps}>
          {STORE_STEPS.map((s) => (
            <Link key={s} to={storeEditorPath(store.id, s)} className={tabs.step} aria-current={s === step ? 'page' : undefined}>
              {STORE_STEP_LABELS[s]}
            </Link>
          ))}
        </nav>
      </ScrollRow>
    </PageTabs>
  </Stack>
);

export const BackToStores = () => (
  <Anchor component={Link} to={STORES_LIST_PATH} size="sm" c="dimmed" w="fit-content">
    <Group gap={2}>
      <IconChevronLeft size={14} />
      All stores
    </Group>
  </Anchor>
);
