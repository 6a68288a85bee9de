import { API_KEY_ORDERING, type ApiKey } from '@excursio/contract/api-keys';
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { ListPage, rowActionsColumn, useListPage } from '../../../components/list-page/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDate, formatDisplayDateTime, formatTime } from '../../../lib/format/format.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useListApiKeysQuery, useRevokeApiKeyMutation } from '../api/api-keys.api.ts';
import { CreateKeyModal } from '../components/create-key-modal.tsx';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'revoked', label: 'Revoked' },
];
const LIST_SPEC = { filters: { status: optionValues(STATUS_OPTIONS) }, ordering: API_KEY_ORDERING } as const;

const EMPTY_TEXT =
  'There are no API keys yet. A key lets your own systems (a booking sync, your website, an accounting tool) use the ' +
  'Excursio API for your organization, with the permissions you choose.';

const dateTime = (value: string) => formatDisplayDateTime(value);

/** A moment as its date, and its time below in smaller type (fits a card's half width on a phone). */
const Moment = ({ value }: { value: string }) => (
  <Stack gap={0}>
    <Text size="sm">{formatDisplayDate(value)}</Text>
    <Text size="xs" c="dimmed">
      {formatTime(value)}
    </Text>
  </Stack>
);

/** `/settings/api-keys`: the organization's API keys — create (the secret shown once), list, revoke. */
export const ApiKeysPage = () => {
  const { list, data, isFetching } = useListPage(LIST_SPEC, useListApiKeysQuery);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeKey, { isLoading: isRevoking }] = useRevokeApiKeyMutation();

  const confirmRevoke = async () => {
    if (!revoking) return;
    const result = await revokeKey(revoking.id);
    if (!result.error) notifySuccess('API key revoked.');
    setRevoking(null);
  };

  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (k) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {k.name}
          </Text>
          <Code style={{ width: 'fit-content' }}>{k.prefix}…</Code>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 100,
      render: (k) =>
        k.status === 'active' ? <StatusBadge color="green">Active</StatusBadge> : <StatusBadge color="red">Revoked</StatusBadge>,
    },
    {
      key: 'scopes',
      header: 'Permissions',
      render: (k) => (
        <Group gap={4}>
          {k.scopes.map((title) => (
            <Badge key={title} size="sm" variant="light" color="gray" radius="sm" tt="none" fw={500}>
              {title}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'last_used',
      header: 'Last used',
      sortField: 'last_used_at',
      width: 190,
      render: (k) =>
        k.last_used_at ? (
          <Moment value={k.last_used_at} />
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      width: 190,
      render: (k) => (
        <Stack gap={0}>
          <Text size="sm">{formatDisplayDate(k.created_at)}</Text>
          {k.created_by ? (
            <Text size="xs" c="dimmed">
              by {k.created_by.name || k.created_by.email}
            </Text>
          ) : null}
          {k.revoked_at ? (
            <Text size="xs" c="dimmed">
              Revoked {dateTime(k.revoked_at)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    rowActionsColumn<ApiKey>(
      (k) => k.name,
      [{ label: 'Revoke', icon: <IconTrash size={16} />, onClick: (k) => setRevoking(k), hidden: (k) => k.status !== 'active' }],
    ),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New API key
    </Button>
  );

  return (
    <ListPage
      list={list}
      data={data}
      isFetching={isFetching}
      label="API keys"
      search={{ label: 'Search API keys', placeholder: 'Search by name or prefix' }}
      filters={[{ key: 'status', label: 'Status', options: STATUS_OPTIONS, kind: 'segmented' }]}
      columns={columns}
      rowKey={(k) => k.id}
      action={createButton}
      emptyText={EMPTY_TEXT}
      noMatchText="No API keys match these filters."
    >
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke API key"
        message={`Revoke ${revoking?.name ?? ''}? Requests made with it are refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        loading={isRevoking}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </ListPage>
  );
};
