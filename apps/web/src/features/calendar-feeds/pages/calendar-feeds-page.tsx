import type { CalendarFeed, CalendarFeedCreated } from '@excursio/contract/calendar-feeds';
import { Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SecretOnce } from '../../../components/secret-once.tsx';
import { useListExperiencesQuery } from '../../../lib/api/catalog.api.ts';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateCalendarFeedMutation, useListCalendarFeedsQuery, useRevokeCalendarFeedMutation } from '../api.ts';

const ALL_DEPARTURES = 'all';
const scopeLabel = (feed: CalendarFeed) => feed.experience_title ?? 'All departures';

/**
 * `/settings/calendar-feeds`: secret iCal addresses of the departures (all, or one offer's) for a
 * calendar app. An address is shown once; a new one for the same scope replaces it; revoking stops it.
 */
export const CalendarFeedsPage = () => {
  const { data: feeds, isLoading } = useListCalendarFeedsQuery();
  const { data: offers } = useListExperiencesQuery({ page: 1, page_size: 100, ordering: 'title' });
  const [scope, setScope] = useState<string>(ALL_DEPARTURES);
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);
  const [create, { isLoading: creating }] = useCreateCalendarFeedMutation();
  const [revoke, { isLoading: isRevoking }] = useRevokeCalendarFeedMutation();
  const replaces = (feeds ?? []).some((f) => (f.experience_id ?? ALL_DEPARTURES) === scope);

  const make = async () => {
    const result = await create({ experience_id: scope === ALL_DEPARTURES ? null : scope });
    if (result.data) setCreated(result.data);
  };
  const confirmRevoke = async () => {
    if (!revoking) return;
    const result = await revoke(revoking.id);
    if (!result.error) notifySuccess('Calendar address revoked.');
    setRevoking(null);
  };

  return (
    <Stack gap="lg" maw={880}>
      <Text size="sm" c="dimmed">
        Subscribe to your departures from Google Calendar, Outlook or Apple Calendar: each departure with bookings is an event
        showing how many are booked. Anyone with the address can read it, so treat it like a password.
      </Text>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Calendar of"
            data={[
              { value: ALL_DEPARTURES, label: 'All departures' },
              ...(offers?.results ?? []).map((o) => ({ value: o.id, label: o.title })),
            ]}
            value={scope}
            allowDeselect={false}
            onChange={(value) => setScope(value ?? ALL_DEPARTURES)}
            w={340}
            searchable
          />
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={make} loading={creating}>
            {replaces ? 'New address' : 'Create address'}
          </Button>
        </Group>
        {replaces ? (
          <Text size="xs" c="dimmed" mt="xs">
            This calendar has an address already: a new one replaces it, and the old one stops working.
          </Text>
        ) : null}
      </Paper>
      <Table aria-label="Calendar feeds" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Calendar</Table.Th>
            <Table.Th w={160}>Created</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(feeds ?? []).map((feed) => (
            <Table.Tr key={feed.id}>
              <Table.Td>{scopeLabel(feed)}</Table.Td>
              <Table.Td>{formatDisplayDate(feed.created_at)}</Table.Td>
              <Table.Td>
                <IconButton label={`Revoke the address of ${scopeLabel(feed)}`} onClick={() => setRevoking(feed)}>
                  <IconTrash size={16} />
                </IconButton>
              </Table.Td>
            </Table.Tr>
          ))}
          {!isLoading && !feeds?.length ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No calendar addresses yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title="Calendar address"
        size="lg"
        closeOnClickOutside={false}
      >
        {created ? (
          <SecretOnce
            warning={{
              title: 'Copy it now',
              text: 'The address is shown only this once. Add it to your calendar app as a subscription ("From URL").',
            }}
            label="Calendar address"
            value={created.url}
            block
            onDone={() => setCreated(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke calendar address"
        message={`Revoke the address of ${revoking ? scopeLabel(revoking) : ''}? Calendars subscribed to it stop updating.`}
        confirmLabel="Revoke"
        loading={isRevoking}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
};
