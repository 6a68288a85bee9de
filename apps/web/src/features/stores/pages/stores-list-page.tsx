import { ACTIVATION_STATUS_LABELS, ACTIVATION_STATUSES } from '@excursio/contract/experiences';
import { STORE_ORDERING, STORE_OWNERSHIP_LABELS, type Store } from '@excursio/contract/stores';
import { Anchor, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
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
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListStoresQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [creating, setCreating] = useState(false);
  const [remove] = useDeleteStoreMutation();
  const deletion = useConfirmDelete<Store>(remove);

  const actions = (s: Store) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <IconButton label={`Actions for ${s.name}`}>
          <IconDots size={18} />
        </IconButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={storeEditorPath(s.id, 'settings')} leftSection={<IconPencil size={15} />}>
          Edit settings
        </Menu.Item>
        <Menu.Item leftSection={<IconTrash size={15} />} color="red" onClick={() => deletion.ask(s)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

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
    { key: 'actions', header: '', width: 60, align: 'right', render: actions },
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create store
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageAction>{createButton}</PageAction>
      <ListToolbar
        list={list}
        searchLabel="Search stores"
        searchPlaceholder="Search by name or slug"
        filters={[{ key: 'status', label: 'Status', options: STATUS_OPTIONS, kind: 'segmented' }]}
      />
      <DataTable
        label="Stores"
        columns={columns}
        rowKey={(s) => s.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters ? 'No stores match these filters.' : EMPTY_TEXT,
          action: list.hasActiveFilters ? undefined : createButton,
        }}
      />
      <NewStoreModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete store"
        message={`Delete ${deletion.target?.name ?? ''}? Its address stops working at once; its offers and past orders stay.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
};
