import {
  AUDIT_ACTOR_KIND_LABELS,
  AUDIT_ACTOR_KINDS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  AUDIT_ORDERING,
  type AuditEntry,
  auditHeadline,
} from '@excursio/contract/audit';
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { AuditChanges } from '../../../components/audit/audit-entry.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { useGetAuditFilterOptionsQuery, useListAuditEntriesQuery } from '../../../lib/api/audit.api.ts';
import { formatDisplayDate, formatTime } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';

const LIST_SPEC = {
  filters: { entity_type: AUDIT_ENTITY_TYPES, actor_kind: AUDIT_ACTOR_KINDS, actor: 'uuid', date_from: 'day', date_to: 'day' },
  ordering: AUDIT_ORDERING,
} as const;
const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] }));
const KIND_OPTIONS = AUDIT_ACTOR_KINDS.map((value) => ({ value, label: AUDIT_ACTOR_KIND_LABELS[value] }));

const EMPTY_TEXT =
  'Nothing has been recorded yet. Every change of offers, rates, schedules, capacity, orders, bookings, payments, ' +
  'refunds, partnerships, the team and roles appears here, with who made it and when.';

const columns: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'When',
    sortField: 'at',
    width: 170,
    render: (e) => (
      <Stack gap={0}>
        <Text size="sm">{formatDisplayDate(e.at)}</Text>
        <Text size="xs" c="dimmed">
          {formatTime(e.at)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'actor',
    header: 'Who',
    width: 220,
    render: (e) => (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {e.actor.name}
        </Text>
        <Group gap={6}>
          <Badge size="xs" variant="light" color={e.actor.kind === 'api_key' ? 'grape' : 'gray'} radius="sm" tt="none">
            {AUDIT_ACTOR_KIND_LABELS[e.actor.kind]}
          </Badge>
          {e.ip ? (
            <Text size="xs" c="dimmed">
              {e.ip}
            </Text>
          ) : null}
        </Group>
      </Stack>
    ),
  },
  {
    key: 'change',
    header: 'Change',
    render: (e) => (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {auditHeadline(e)}
        </Text>
        <AuditChanges entry={e} />
      </Stack>
    ),
  },
];

/** `/settings/audit-trail`: the organization's audit trail, filtered by what, who and when. Read only. */
export const AuditTrailPage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListAuditEntriesQuery(list.apiQuery, {
    skip: !list.ready,
    refetchOnMountOrArgChange: true,
  });
  useResetPageOnNotFound(list, error);
  const { data: options } = useGetAuditFilterOptionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const actorOptions = (options?.actor ?? []).map((a) => ({ value: a.value, label: a.label }));

  const dateInput = (key: 'date_from' | 'date_to', label: string) => (
    <TextInput
      type="date"
      aria-label={label}
      value={list.filters[key] ?? ''}
      onChange={(event) => list.setFilter(key, event.currentTarget.value || null)}
      leftSection={
        <Text size="xs" c="dimmed" pl={4}>
          {label}
        </Text>
      }
      leftSectionWidth={label.length * 7 + 18}
      leftSectionPointerEvents="none"
      w={200}
    />
  );

  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed" mb="md">
        Who changed what and when, by a team member, an API key, a webstore visitor or Excursio itself. Entries cannot be edited
        or deleted.
      </Text>
      <Group gap="sm" mb="sm" wrap="wrap">
        {dateInput('date_from', 'From')}
        {dateInput('date_to', 'To')}
      </Group>
      <ListToolbar
        list={list}
        searchLabel="Search the audit trail"
        searchPlaceholder="Search by name, offer, order…"
        filters={[
          { key: 'entity_type', label: 'What', options: ENTITY_OPTIONS },
          { key: 'actor_kind', label: 'By', options: KIND_OPTIONS, width: 220 },
          { key: 'actor', label: 'Who', options: actorOptions, allLabel: 'Anyone', width: 240 },
        ]}
      />
      <DataTable
        label="Audit trail"
        columns={columns}
        rowKey={(e) => e.id}
        {...listTableProps(list, data, isFetching)}
        empty={{ message: list.hasActiveFilters ? 'No entries match these filters.' : EMPTY_TEXT }}
      />
    </Stack>
  );
};
