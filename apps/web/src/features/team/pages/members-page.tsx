import { MESSAGES } from '@excursio/contract/messages';
import { TEAM_MEMBER_ORDERING, type TeamMember } from '@excursio/contract/team';
import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { formatDisplayDate, fullName } from '../../../lib/format/format.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useDeleteTeamMemberMutation,
  useListRolesQuery,
  useListTeamMembersQuery,
  useUpdateTeamMemberMutation,
} from '../api/team.api.ts';
import { EditMemberModal, InviteMemberModal } from '../components/member-modals.tsx';
import { MEMBER_STATUS_OPTIONS, MemberStatusBadge } from '../components/status-badge.tsx';

const LIST_SPEC = {
  filters: { status: optionValues(MEMBER_STATUS_OPTIONS), role: 'uuid' },
  ordering: TEAM_MEMBER_ORDERING,
} as const;

export const MembersPage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListTeamMembersQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const { data: roleData } = useListRolesQuery({ page: 1, page_size: 100, ordering: 'name' });
  const roleOptions = useMemo(() => (roleData?.results ?? []).map((r) => ({ value: r.id, label: r.name })), [roleData]);
  // The Owner role cannot be given to anyone (an organization has exactly one owner).
  const assignableRoles = useMemo(
    () => (roleData?.results ?? []).filter((r) => !r.is_owner).map((r) => ({ value: r.id, label: r.name })),
    [roleData],
  );
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [deleting, setDeleting] = useState<TeamMember | null>(null);
  const [updateMember] = useUpdateTeamMemberMutation();
  const [deleteMember, { isLoading: isDeleting }] = useDeleteTeamMemberMutation();

  const setStatus = async (member: TeamMember, status: 'active' | 'deactivated') => {
    const result = await updateMember({ id: member.id, status });
    if (!result.error) notifySuccess(MESSAGES.updated);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteMember(deleting.id);
    if (!result.error) notifySuccess(MESSAGES.deleted);
    setDeleting(null);
  };

  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'first_name',
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {fullName(m) || '—'}
          </Text>
          {m.is_owner ? (
            <Badge size="xs" variant="outline" color="gray">
              Owner
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'email', header: 'Email', sortField: 'email', render: (m) => <Text size="sm">{m.email}</Text> },
    { key: 'role', header: 'Role', render: (m) => <Text size="sm">{m.role?.name ?? '—'}</Text> },
    { key: 'status', header: 'Status', sortField: 'status', render: (m) => <MemberStatusBadge status={m.status} /> },
    {
      key: 'invited_at',
      header: 'Invited',
      sortField: 'invited_at',
      render: (m) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(m.invited_at)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 48,
      align: 'right',
      render: (m) =>
        m.is_owner ? null : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <IconButton label={`Actions for ${m.email}`}>
                <IconDots size={16} />
              </IconButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={15} />} onClick={() => setEditing(m)}>
                Edit
              </Menu.Item>
              {m.status === 'active' ? (
                <Menu.Item leftSection={<IconUserOff size={15} />} onClick={() => setStatus(m, 'deactivated')}>
                  Deactivate
                </Menu.Item>
              ) : null}
              {m.status === 'deactivated' ? (
                <Menu.Item leftSection={<IconUserCheck size={15} />} onClick={() => setStatus(m, 'active')}>
                  Activate
                </Menu.Item>
              ) : null}
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={15} />} onClick={() => setDeleting(m)}>
                Remove
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  const inviteButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setInviteOpen(true)}>
      Invite member
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageAction>{inviteButton}</PageAction>
      <ListToolbar
        list={list}
        searchLabel="Search team members"
        searchPlaceholder="Search by name or email"
        filters={[
          { key: 'status', label: 'Status', options: MEMBER_STATUS_OPTIONS, kind: 'segmented' },
          { key: 'role', label: 'Role', options: roleOptions },
        ]}
      />
      <DataTable
        label="Team members"
        columns={columns}
        rowKey={(m) => m.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters ? 'No team members match these filters.' : 'Nobody has been invited yet.',
          action: list.hasActiveFilters ? undefined : inviteButton,
        }}
      />
      <InviteMemberModal opened={inviteOpen} onClose={() => setInviteOpen(false)} roles={assignableRoles} />
      <EditMemberModal member={editing} onClose={() => setEditing(null)} roles={assignableRoles} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Remove team member"
        message={`Remove ${deleting?.email ?? ''} from the team? They will lose access immediately.`}
        confirmLabel="Remove"
        loading={isDeleting}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
