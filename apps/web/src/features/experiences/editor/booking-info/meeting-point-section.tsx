import type { MeetingPoint } from '@excursio/contract/booking-info';
import { Group, Select, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../../components/button.tsx';
import { MeetingPointDetails } from '../../../../components/offer-preview/offer-sections.tsx';
import { useGetMeetingPointQuery, useListMeetingPointsQuery } from '../../../../lib/api/catalog.api.ts';
import { MeetingPointModal } from './meeting-point-modal.tsx';
import { SectionCard } from './section-card.tsx';

/** Choose where visitors meet; points are shared by the account's offers. */
export const MeetingPointSection = ({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) => {
  const { data, isLoading } = useListMeetingPointsQuery({ page_size: 100, ordering: 'name' });
  const [editing, setEditing] = useState<MeetingPoint | null | undefined>(undefined);
  const listed = data?.results ?? [];
  const inList = listed.find((p) => p.id === value);
  // The list holds the first 100; a selection beyond them is loaded on its own.
  const { data: single, isError: singleMissing } = useGetMeetingPointQuery(value && data && !inList ? value : skipToken);
  const selected = inList ?? (single?.id === value ? single : null);
  const points = selected && !inList ? [...listed, selected] : listed;
  // The select is mounted again once its options include the chosen value: mounted before, Mantine
  // can keep showing the placeholder while the card below already shows the choice.
  const ready = Boolean(data) && (value === null || selected !== null || singleMissing);
  return (
    <SectionCard
      title="Meeting point"
      description="Where visitors meet you. Meeting points are shared by all your offers."
      action={
        <Button variant="secondary" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          New meeting point
        </Button>
      }
    >
      <Select
        key={ready ? 'ready' : 'loading'}
        disabled={!ready}
        label="Meeting point"
        placeholder={isLoading || !ready ? 'Loading…' : points.length === 0 ? 'No meeting points yet' : 'No meeting point'}
        data={points.map((p) => ({ value: p.id, label: p.name }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage="No meeting point matches"
        renderOption={({ option }) => {
          const point = points.find((p) => p.id === option.value);
          return (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {point?.address && (
                <Text size="xs" c="dimmed">
                  {point.address}
                </Text>
              )}
            </Stack>
          );
        }}
      />
      {selected && (
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <MeetingPointDetails point={selected} />
          <IconButton label={`Edit ${selected.name}`} onClick={() => setEditing(selected)}>
            <IconPencil size={16} />
          </IconButton>
        </Group>
      )}
      <MeetingPointModal point={editing} onClose={() => setEditing(undefined)} onSaved={(point) => onChange(point.id)} />
    </SectionCard>
  );
};
