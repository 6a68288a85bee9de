import { MESSAGES } from '@excursio/contract/messages';
import { ROLE_ORDERING, type Role } from '@excursio/contract/team';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteRoleMutation, useListRolesQuery } from '../api/team.api.ts';
import { RoleFormModal } from '../components/role-form-modal.tsx';

export const RolesPage = () => {
  const list = useListParams({ ordering: ROLE_ORDERING });
  const { data, isFetching, error } = useListRolesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [deleteRole, { isLoading: isDeleting }] = useDeleteRoleMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteRole(deleting.id);
    if (!result.error) notifySuccess(MESSAGES.deleted);
    setDeleting(null);
  };

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (r) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {r.name}
            </Text>
            {r.is_owner ? (
              <Tooltip label="The owner role has every permission and cannot be changed">
                <Badge size="xs" variant="outline" color="gray" leftSection={<IconLock size={10} />}>
                  Locked
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          {/* The whole description: a role is chosen by what it allows. */}
          {r.description ? (
            <Text size="xs" c="dimmed" maw={420} style={{ overflowWrap: 'anywhere' }}>
              {r.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'permissions',
      header: 'Permissions',
      render: (r) =>
        r.is_owner ? (
          <Text size="sm" c="dimmed">
            All permissions
          </Text>
        ) : r.permission_sets.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={4}>
            {r.permission_sets.map((set) => (
              <Badge key={set.id} size="sm" variant="light" color="gray" radius="sm" tt="none" fw={500}>
                {set.title}
              </Badge>
            ))}
          </Group>
        ),
    },
    {
      key: 'members',
      header: 'Members',
      sortField: 'members_count',
      render: (r) => <Text size="sm">{r.members_count}</Text>,
      width: 110,
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      render: (r) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(r.created_at)}
        </Text>
      ),
      width: 170,
    },
    {
      key: 'actions',
      header: '',
      width: 90,
      align: 'right',
      render: (r) =>
        r.is_owner ? null : (
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <IconButton label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
              <IconPencil size={16} />
            </IconButton>
            <IconButton label={`Delete ${r.name}`} onClick={() => setDeleting(r)}>
              <IconTrash size={16} />
            </IconButton>
          </Group>
        ),
    },
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      New role
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageAction>{createButton}</PageAction>
      <ListToolbar list={list} searchLabel="Search roles" searchPlaceholder="Search by name" />
      <DataTable
        label="Roles"
        columns={columns}
        rowKey={(r) => r.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters ? 'No roles match this search.' : 'There are no roles yet.',
          action: list.hasActiveFilters ? undefined : createButton,
        }}
      />
      <RoleFormModal role={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete role"
        message={
          deleting && deleting.members_count > 0
            ? `${deleting.name} still has ${deleting.members_count} member(s). Move them to another role first.`
            : `Delete the role ${deleting?.name ?? ''}? This cannot be undone.`
        }
        confirmLabel="Delete"
        loading={isDeleting}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
