import {
  OFFER_OWNERSHIP_LABELS,
  STORE_EXPERIENCE_ORDERING,
  STORE_OWNERSHIPS,
  type Store,
  type StoreExperience,
} from '@excursio/contract/stores';
import { Anchor, Group, Stack, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddStoreExperienceMutation, useListStoreExperiencesQuery, useRemoveStoreExperienceMutation } from '../api.ts';
import { storeEditorPath } from '../store-paths.ts';
import { DISTANCE_SPEC, DistanceFilter } from './distance-filter.tsx';
import { distanceColumns, OfferCell, OwnerCell, TYPE_OPTIONS } from './offer-cells.tsx';
import { canReorder, movedPosition } from './reorder.ts';

const LIST_SPEC = {
  filters: { type: optionValues(TYPE_OPTIONS), ownership: STORE_OWNERSHIPS, ...DISTANCE_SPEC },
  ordering: STORE_EXPERIENCE_ORDERING,
} as const;
const OWNER_OPTIONS = STORE_OWNERSHIPS.map((value) => ({ value, label: OFFER_OWNERSHIP_LABELS[value] }));

/** The Products tab: the offers in the store, in the store's order, with featuring, moving and removing. */
export const ProductsStep = ({ store }: { store: Store }) => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListStoreExperiencesQuery(
    { storeId: store.id, params: list.apiQuery },
    { skip: !list.ready },
  );
  useResetPageOnNotFound(list, error);
  const [change, changing] = useAddStoreExperienceMutation();
  const [remove, removing] = useRemoveStoreExperienceMutation();
  const [removingOffer, setRemovingOffer] = useState<StoreExperience | null>(null);
  const count = data?.count ?? 0;
  const reorderable = canReorder(list.ordering, list.hasActiveFilters);
  const busy = changing.isLoading || isFetching;

  const move = async (offer: StoreExperience, direction: 'up' | 'down') => {
    const position = movedPosition(offer.position, direction, count);
    if (position === null) return;
    await change({ storeId: store.id, experience_id: offer.id, position });
  };
  const feature = async (offer: StoreExperience, featured: boolean) => {
    const result = await change({ storeId: store.id, experience_id: offer.id, featured });
    if (!result.error) notifySuccess(featured ? `${offer.title} is featured.` : `${offer.title} is no longer featured.`);
  };
  const confirmRemove = async () => {
    if (!removingOffer) return;
    const result = await remove({ storeId: store.id, experience_id: removingOffer.id });
    if (!result.error) notifySuccess(`${removingOffer.title} was removed from the store.`);
    setRemovingOffer(null);
  };

  const columns: Column<StoreExperience>[] = [
    // On a phone the cards keep the store's order; the offer is the card's title.
    { key: 'position', header: '#', sortField: 'position', width: 60, card: 'hidden', render: (o) => o.position + 1 },
    { key: 'offer', header: 'Offer', sortField: 'title', render: (o) => <OfferCell offer={o} /> },
    { key: 'owner', header: 'Owner', width: 130, render: (o) => <OwnerCell offer={o} /> },
    ...distanceColumns(Boolean(list.filters.lat)),
    {
      key: 'visible',
      header: 'Visible',
      width: 220,
      render: (o) =>
        o.hidden_reason ? (
          <Stack gap={2} align="flex-start">
            <StatusBadge color="orange">Hidden</StatusBadge>
            <Text size="xs" c="dimmed">
              {o.hidden_reason}
            </Text>
          </Stack>
        ) : (
          <StatusBadge color="green">Shown</StatusBadge>
        ),
    },
    {
      key: 'featured',
      header: 'Featured',
      width: 90,
      render: (o) => (
        <Switch
          aria-label={`Feature ${o.title}`}
          checked={o.featured}
          disabled={busy}
          onChange={(e) => feature(o, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 120,
      align: 'right',
      render: (o) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <IconButton
            label={`Move ${o.title} up`}
            disabled={!reorderable || busy || movedPosition(o.position, 'up', count) === null}
            onClick={() => move(o, 'up')}
          >
            <IconArrowUp size={16} />
          </IconButton>
          <IconButton
            label={`Move ${o.title} down`}
            disabled={!reorderable || busy || movedPosition(o.position, 'down', count) === null}
            onClick={() => move(o, 'down')}
          >
            <IconArrowDown size={16} />
          </IconButton>
          <IconButton label={`Remove ${o.title}`} onClick={() => setRemovingOffer(o)}>
            <IconTrash size={16} />
          </IconButton>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap={0}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <ListToolbar
          list={list}
          searchLabel="Search offers in the store"
          searchPlaceholder="Search by title or city"
          filters={[
            { key: 'type', label: 'Type', options: TYPE_OPTIONS },
            { key: 'ownership', label: 'Owner', options: OWNER_OPTIONS },
          ]}
        />
        <DistanceFilter list={list} />
      </Group>
      {!reorderable && count > 1 ? (
        <Text size="xs" c="dimmed" mb="xs">
          Moving offers up and down works in the store’s order without filters: sort by # and reset the filters.
        </Text>
      ) : null}
      <DataTable
        label="Offers in the store"
        columns={columns}
        rowKey={(o) => o.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters ? 'No offers in this store match these filters.' : 'This store sells no offers yet.',
          action: list.hasActiveFilters ? undefined : (
            <Anchor component={Link} to={storeEditorPath(store.id, 'add-products')} size="sm">
              Add offers from the Global catalog
            </Anchor>
          ),
        }}
      />
      <ConfirmDialog
        opened={removingOffer !== null}
        title="Remove from store"
        message={`Remove ${removingOffer?.title ?? ''} from ${store.name}? The offer itself stays in your catalog.`}
        confirmLabel="Remove"
        loading={removing.isLoading}
        onConfirm={confirmRemove}
        onClose={() => setRemovingOffer(null)}
      />
    </Stack>
  );
};
