import { MESSAGES } from '@excursio/contract/messages';
import { Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { IconButton } from '../../../../components/button.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import { moved, movePatch, type Positioned } from './positions.ts';

/**
 * Rows in their stored order with move up / down, edit and delete. A move is one PATCH of the
 * row's position; the new order shows at once and stays until the refetched list arrives.
 */
export const OrderedList = <T extends Positioned>({
  items,
  label,
  render,
  onEdit,
  onDelete,
  savePosition,
  empty,
}: {
  /** In display order (`byPosition`), memoised: a new array means the server's list arrived. */
  items: readonly T[];
  /** Names the row for the buttons' accessible labels. */
  label: (item: T) => string;
  render: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  savePosition: (patch: Positioned) => Promise<{ error?: unknown }>;
  empty: string;
}) => {
  const [moving, setMoving] = useState(false);
  const [optimistic, setOptimistic] = useState<{ basis: readonly T[]; order: T[] } | null>(null);
  const rows = optimistic?.basis === items ? optimistic.order : items;
  const move = async (index: number, delta: -1 | 1) => {
    // Buttons stay enabled while a move is saved (disabling would drop keyboard focus); extra clicks wait.
    const patch = moving ? null : movePatch(rows, index, delta);
    if (!patch) return;
    setMoving(true);
    setOptimistic({ basis: items, order: moved(rows, index, delta) });
    try {
      const result = await savePosition(patch);
      if (result.error) setOptimistic(null);
      else notifySuccess(MESSAGES.updated);
    } finally {
      setMoving(false);
    }
  };
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((item, index) => (
        <Group
          component="li"
          key={item.id}
          wrap="nowrap"
          align="flex-start"
          gap="sm"
          py="sm"
          style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-default-border)' : undefined }}
        >
          <Text size="sm" c="dimmed" w={20} ta="right" fw={600} style={{ flex: 'none' }}>
            {index + 1}.
          </Text>
          {/* Content and buttons share a line when there is room; on a phone the buttons wrap below. */}
          <Group gap="xs" justify="flex-end" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
            <div style={{ flex: '1 1 240px', minWidth: 0 }}>{render(item)}</div>
            <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
              <IconButton label={`Move "${label(item)}" up`} disabled={index === 0} onClick={() => move(index, -1)}>
                <IconArrowUp size={16} />
              </IconButton>
              <IconButton
                label={`Move "${label(item)}" down`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                <IconArrowDown size={16} />
              </IconButton>
              <IconButton label={`Edit "${label(item)}"`} onClick={() => onEdit(item)}>
                <IconPencil size={16} />
              </IconButton>
              <IconButton label={`Delete "${label(item)}"`} onClick={() => onDelete(item)}>
                <IconTrash size={16} />
              </IconButton>
            </Group>
          </Group>
        </Group>
      ))}
    </Stack>
  );
};
