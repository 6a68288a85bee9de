import type { Customer } from '@excursio/contract/customers';
import { MESSAGES } from '@excursio/contract/messages';
import { Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useListCustomersQuery, useMergeCustomersMutation } from '../../../lib/api/customers.api.ts';
import { customerName } from '../../../lib/format/customer-name.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** Picks the duplicate to merge into `into`, says what will happen, and merges. */
export const MergeModal = ({ into, onClose }: { into: Customer | null; onClose: () => void }) => {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const [otherId, setOtherId] = useState<string | null>(null);
  const { data } = useListCustomersQuery({ page: 1, page_size: 25, ...(term ? { search: term } : {}) }, { skip: !into });
  const [merge, { isLoading }] = useMergeCustomersMutation();
  const options = (data?.results ?? [])
    .filter((c) => c.id !== into?.id)
    .map((c) => ({ value: c.id, label: `${customerName(c)}${c.email ? ` · ${c.email}` : ''}` }));
  const close = () => {
    setOtherId(null);
    setSearch('');
    onClose();
  };
  const submit = async () => {
    if (!into || !otherId) return;
    const result = await merge({ id: into.id, other_id: otherId });
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    close();
  };
  const name = into ? customerName(into) : '';
  return (
    <Modal opened={into !== null} onClose={close} title={`Merge a duplicate into ${name}`} size="lg">
      <Stack gap="md">
        <Select
          label="Duplicate"
          placeholder="Search by name, email or phone"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options}
          value={otherId}
          onChange={setOtherId}
          nothingFoundMessage="No other customer matches."
        />
        <Text size="sm" c="dimmed">
          The duplicate's orders move to {name}, its details fill what {name} has empty, its notes are added to {name}'s, and the
          duplicate is deleted. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="standard" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!otherId} loading={isLoading}>
            Merge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
