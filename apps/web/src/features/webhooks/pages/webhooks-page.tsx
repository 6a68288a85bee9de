import { DEFAULT_PAGE_SIZE } from '@excursio/contract/list';
import {
  WEBHOOK_DELIVERY_ORDERING,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEST_EVENT_LABEL,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@excursio/contract/webhooks';
import { Badge, Code, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPlayerPlay, IconPlus, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDateTime } from '../../../lib/format/format.ts';
import { ALL, optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useDeleteWebhookEndpointMutation,
  useListWebhookDeliveriesQuery,
  useListWebhookEndpointsQuery,
  useReplayWebhookDeliveryMutation,
  useRevealWebhookSecretMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestEventMutation,
  useUpdateWebhookEndpointMutation,
} from '../api/webhooks.api.ts';
import { EndpointModal, SecretShown } from '../components/endpoint-modal.tsx';

const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'pending', label: 'Retrying' },
  { value: 'failed', label: 'Failed' },
];
const LIST_SPEC = {
  filters: { endpoint: 'uuid', status: optionValues(STATUS_OPTIONS) },
  ordering: WEBHOOK_DELIVERY_ORDERING,
} as const;
const dateTime = (value: string) => formatDisplayDateTime(value);
const eventLabel = (event: string) =>
  event === WEBHOOK_TEST_EVENT ? WEBHOOK_TEST_EVENT_LABEL : (WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event);

const deliveryBadge = (d: WebhookDelivery) =>
  d.status === 'succeeded' ? (
    <StatusBadge color="green">Delivered</StatusBadge>
  ) : d.status === 'failed' ? (
    <StatusBadge color="red">Failed</StatusBadge>
  ) : d.attempts === 0 ? (
    <StatusBadge color="blue">Queued</StatusBadge>
  ) : (
    <StatusBadge color="orange">Retrying</StatusBadge>
  );

/** `/settings/webhooks`: the organization's webhook endpoints and their delivery log. */
export const WebhooksPage = () => {
  const [paging, setPaging] = useState({ page: 1, page_size: DEFAULT_PAGE_SIZE });
  const { data: endpoints, isFetching: loadingEndpoints } = useListWebhookEndpointsQuery(paging);
  // Every endpoint for the delivery log's filter, whatever page the table shows.
  const { data: allEndpoints } = useListWebhookEndpointsQuery({ page: 1, page_size: 100 });
  const [sendTest] = useSendWebhookTestEventMutation();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [update] = useUpdateWebhookEndpointMutation();
  const [remove, { isLoading: isRemoving }] = useDeleteWebhookEndpointMutation();
  const [reveal] = useRevealWebhookSecretMutation();
  const [rotate] = useRotateWebhookSecretMutation();

  const setEnabled = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    const result = await update({ id: endpoint.id, patch: { enabled } });
    if (!result.error) notifySuccess(enabled ? 'Endpoint enabled: waiting deliveries are being sent.' : 'Endpoint paused.');
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const result = await remove(removing.id);
    if (!result.error) notifySuccess('Endpoint removed.');
    setRemoving(null);
  };

  const endpointColumns: Column<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      render: (e) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {e.url}
          </Text>
          {e.description ? (
            <Text size="xs" c="dimmed">
              {e.description}
            </Text>
          ) : null}
          <Code style={{ width: 'fit-content' }}>{e.secret_prefix}</Code>
        </Stack>
      ),
    },
    {
      key: 'events',
      header: 'Events',
      render: (e) => (
        <Group gap={4}>
          {e.events.map((event) => (
            <Badge key={event} size="sm" variant="light" color="gray" radius="sm" tt="none" fw={500}>
              {eventLabel(event)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 200,
      render: (e) =>
        e.enabled ? (
          <Stack gap={2}>
            <StatusBadge color="green">Enabled</StatusBadge>
            {e.consecutive_failures ? (
              <Text size="xs" c="orange">
                {e.consecutive_failures} failed in a row
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Stack gap={2}>
            <StatusBadge color="red">Disabled</StatusBadge>
            <Text size="xs" c="dimmed">
              {e.disabled_reason}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'actions',
      header: '',
      width: 300,
      align: 'right',
      render: (e) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button variant="standard" size="xs" onClick={() => setEnabled(e, !e.enabled)}>
            {e.enabled ? 'Pause' : 'Enable'}
          </Button>
          <IconButton
            label={`Send a test event to ${e.url}`}
            disabled={!e.enabled}
            onClick={async () => {
              const result = await sendTest(e.id);
              if (!result.error) notifySuccess('Test event queued: see it in the delivery log.');
            }}
          >
            <IconSend size={16} />
          </IconButton>
          <IconButton
            label={`Reveal the signing secret of ${e.url}`}
            onClick={async () => {
              const result = await reveal(e.id);
              if (result.data) setSecret(result.data);
            }}
          >
            <IconKey size={16} />
          </IconButton>
          <IconButton
            label={`Rotate the signing secret of ${e.url}`}
            onClick={async () => {
              const result = await rotate(e.id);
              if (result.data) setSecret(result.data);
            }}
          >
            <IconRefresh size={16} />
          </IconButton>
          <IconButton label={`Remove ${e.url}`} onClick={() => setRemoving(e)}>
            <IconTrash size={16} />
          </IconButton>
        </Group>
      ),
    },
  ];

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      Add endpoint
    </Button>
  );
  const rows = endpoints?.results;

  return (
    <Stack gap="xl">
      <PageAction>{addButton}</PageAction>
      <Text size="sm" c="dimmed" maw={760}>
        Excursio sends your systems a signed HTTP POST when an order is created, confirmed or canceled, a booking is checked in,
        or a payment or refund is recorded. Failed deliveries are retried with growing pauses; an endpoint that keeps failing is
        disabled and the owner is told by email.
      </Text>
      <DataTable
        label="Webhook endpoints"
        columns={endpointColumns}
        rowKey={(e) => e.id}
        rows={rows}
        loading={loadingEndpoints && !rows}
        ordering=""
        onSort={() => undefined}
        page={paging.page}
        pageSize={paging.page_size}
        count={endpoints?.count ?? 0}
        totalPages={endpoints?.total_pages ?? 1}
        onPageChange={(page) => setPaging((p) => ({ ...p, page }))}
        onPageSizeChange={(page_size) => setPaging({ page: 1, page_size })}
        empty={{
          message: 'No endpoints yet. Add the address of your system to be told about orders, check-ins and payments.',
          action: addButton,
        }}
      />
      <DeliveryLog endpoints={allEndpoints?.results ?? []} />
      <EndpointModal opened={adding} onClose={() => setAdding(false)} />
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title="Signing secret" size="lg">
        {secret ? <SecretShown endpoint={secret} onDone={() => setSecret(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove endpoint"
        message={`Remove ${removing?.url ?? ''}? It is sent nothing more, and its delivery log is deleted.`}
        confirmLabel="Remove"
        loading={isRemoving}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
};

const DeliveryLog = ({ endpoints }: { endpoints: WebhookEndpoint[] }) => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error, refetch } = useListWebhookDeliveriesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [replay] = useReplayWebhookDeliveryMutation();
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url]));

  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'event',
      header: 'Event',
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {eventLabel(d.event_type)}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {urlOf.get(d.endpoint_id) ?? ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', width: 120, render: deliveryBadge },
    { key: 'attempts', header: 'Attempts', width: 90, render: (d) => <Text size="sm">{d.attempts}</Text> },
    {
      key: 'response',
      header: 'Response',
      width: 220,
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm">{d.response_status ?? '—'}</Text>
          {d.last_error ? (
            <Text size="xs" c="red">
              {d.last_error}
            </Text>
          ) : null}
          {d.next_attempt_at ? (
            <Text size="xs" c="dimmed">
              Next attempt {dateTime(d.next_attempt_at)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'created', header: 'Created', width: 170, render: (d) => <Text size="sm">{dateTime(d.created_at)}</Text> },
    {
      key: 'actions',
      header: '',
      width: 110,
      align: 'right',
      render: (d) =>
        d.status === 'pending' ? null : (
          <Button
            variant="standard"
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            aria-label={`Replay ${eventLabel(d.event_type)} delivery`}
            onClick={async () => {
              const result = await replay(d.id);
              if (!result.error) notifySuccess('Sent again: the replay is in the log.');
            }}
          >
            Replay
          </Button>
        ),
    },
  ];

  return (
    <Paper withBorder={false}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4">
          Delivery log
        </Title>
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Endpoint"
            data={[{ value: ALL, label: 'All endpoints' }, ...endpoints.map((e) => ({ value: e.id, label: e.url }))]}
            value={list.filters.endpoint ?? ALL}
            allowDeselect={false}
            onChange={(next) => list.setFilter('endpoint', next)}
            w={260}
          />
          <SegmentedControl
            aria-label="Delivery status"
            size="sm"
            data={STATUS_OPTIONS}
            value={list.filters.status ?? ALL}
            onChange={(next) => list.setFilter('status', next)}
          />
          <IconButton label="Refresh the delivery log" onClick={() => refetch()}>
            <IconRefresh size={16} />
          </IconButton>
        </Group>
      </Group>
      <DataTable
        label="Webhook deliveries"
        columns={columns}
        rowKey={(d) => d.id}
        {...listTableProps(list, data, isFetching)}
        empty={{ message: list.hasActiveFilters ? 'No deliveries match these filters.' : 'Nothing has been sent yet.' }}
      />
    </Paper>
  );
};
