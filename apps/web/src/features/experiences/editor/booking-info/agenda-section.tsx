import type { AgendaItem } from '@excursio/contract/booking-info';
import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../../components/confirm-dialog.tsx';
import { formatDuration } from '../../../../components/offer-preview/offer-format.ts';
import {
  useDeleteAgendaItemMutation,
  useListAgendaItemsQuery,
  useUpdateAgendaItemMutation,
} from '../../../../lib/api/catalog.api.ts';
import { AgendaModal } from './agenda-modal.tsx';
import { OrderedList } from './ordered-list.tsx';
import { byPosition } from './positions.ts';
import { SectionCard } from './section-card.tsx';

/** The itinerary visitors see on the offer page, step by step. */
export const AgendaSection = ({ experienceId }: { experienceId: string }) => {
  const { data, isLoading } = useListAgendaItemsQuery({ experience: experienceId, page_size: 100 });
  const [update] = useUpdateAgendaItemMutation();
  const [remove] = useDeleteAgendaItemMutation();
  const [editing, setEditing] = useState<AgendaItem | null | undefined>(undefined);
  const deletion = useConfirmDelete<AgendaItem>(remove);
  const deletingItem = deletion.target;
  const items = useMemo(() => byPosition(data?.results ?? []), [data]);

  return (
    <SectionCard
      title="Agenda"
      description="The itinerary, step by step, as visitors see it on the offer page."
      action={
        <Button variant="secondary" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Add agenda item
        </Button>
      }
    >
      {isLoading ? (
        <Skeleton h={60} />
      ) : (
        <OrderedList
          items={items}
          label={(item) => item.title}
          savePosition={(patch) => update(patch)}
          onEdit={setEditing}
          onDelete={deletion.ask}
          empty="No agenda yet. Add the stops or parts of the experience in order."
          render={(item) => {
            const duration = formatDuration(item.duration_minutes);
            return (
              <>
                <Group gap={6}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  {duration && (
                    <Badge size="sm" variant="light" color="gray">
                      {duration}
                    </Badge>
                  )}
                </Group>
                {item.description && (
                  <Text size="xs" c="dimmed" mt={2} lineClamp={2}>
                    {item.description}
                  </Text>
                )}
              </>
            );
          }}
        />
      )}
      <AgendaModal experienceId={experienceId} item={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete agenda item"
        message={`Delete "${deletingItem?.title ?? ''}" from the agenda?`}
        confirmLabel="Delete"
      />
    </SectionCard>
  );
};
