import { ACTIVATION_STATUS_LABELS, ACTIVATION_STATUSES } from '@excursio/contract/experiences';
import { STORE_ORDERING, STORE_OWNERSHIP_LABELS, type Store } from '@excursio/contract/stores';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { ListPage, rowActionsColumn, useListPage } from '../../../components/list-page/list-page.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useDeleteStoreMutation, useListStoresQuery } from '../api.ts';
import { NewStoreModal } from '../components/new-store-modal.tsx';
import { StoreStatusBadge } from '../components/store-status-badge.tsx';
import { storeEditorPath } from '../store-paths.ts';

const LIST_SPEC = { filters: { status: ACTIVATION_STATUSES }, ordering: STORE_ORDERING } as const;
const STATUS_OPTIONS = ACTIVATION_STATUSES.map((value) => ({ value, label: ACTIVATION_STATUS_LABELS[value] }));

const EMPTY_TEXT =
  'There are no stores yet. A store is a sales channel for your offers: a webstore with its own address, branding and ' +
  'selection of offers, or the booking widget on your own website. Create one, then add offers to it.';

/** `/sales/stores`: the organization's stores, with status filter, search, sorting and paging in the URL. */
export const StoresListPage = () => {
  const { list, data, isFetching } = useListPage(LIST_SPEC, useListStoresQuery);
  const [creating, setCreating] = useState(false);
  const [remove] = useDeleteStoreMutation();
  const deletion = useConfirmDelete<Store>(remove);

  const columns: Column<Store>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (s) => (
        <Stack gap={0}>
          <Anchor component={Link} to={storeEditorPath(s.id, 'overview')} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {s.name}
          </Anchor>
          {s.is_default ? (
            <Text size="xs" c="dimmed">
              Default store
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', sortField: 'status', width: 110, render: (s) => <StoreStatusBadge status={s.status} /> },
    { key: 'ownership', header: 'Ownership', width: 110, render: (s) => STORE_OWNERSHIP_LABELS[s.ownership] },
    { key: 'offers', header: 'Offers', width: 80, align: 'right', render: (s) => s.experiences_count },
    {
      key: 'url',
      header: 'URL',
      render: (s) => (
        <Anchor href={s.url} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Open ${s.name} in a new tab`}>
          <Group gap={4} wrap="nowrap">
            <Text span size="sm" truncate maw={220}>
              {s.url.replace(/^https?:\/\//, '')}
            </Text>
            <IconExternalLink size={14} aria-hidden style={{ flex: 'none' }} />
          </Group>
        </Anchor>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      width: 170,
      render: (s) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(s.created_at)}
        </Text>
      ),
    },
    rowActionsColumn<Store>(
      (s) => s.name,
      [
        { label: 'Edit settings', icon: <IconPencil size={15} />, to: (s) => storeEditorPath(s.id, 'settings') },
        { label: 'Delete', icon: <IconTrash size={15} />, danger: true, onClick: (s) => deletion.ask(s) },
      ],
    ),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create store
    </Button>
  );

  return (
    <ListPage
      list={list}
      data={data}
      isFetching={isFetching}
      label="Stores"
      search={{ label: 'Search stores', placeholder: 'Search by name or slug' }}
      filters={[{ key: 'status', label: 'Status', options: STATUS_OPTIONS, kind: 'segmented' }]}
      columns={columns}
      rowKey={(s) => s.id}
      action={createButton}
      emptyText={EMPTY_TEXT}
      noMatchText="No stores match these filters."
    >
      <NewStoreModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete store"
        message={`Delete ${deletion.target?.name ?? ''}? Its address stops working at once; its offers and past orders stay.`}
        confirmLabel="Delete"
      />
    </ListPage>
  );
};
