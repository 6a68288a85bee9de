import { Badge, type BadgeProps, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDisplayDate } from '../../lib/format/format.ts';
import { IconButton } from '../button.tsx';
import type { Column } from './data-table.tsx';

/** The last column of a list: "Edit {name}" and "Delete {name}" icon buttons. */
export const editDeleteColumn = <T extends { name: string }>(
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
): Column<T> => ({
  key: 'actions',
  header: '',
  width: 90,
  align: 'right',
  render: (row) => (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconButton label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
        <IconPencil size={16} />
      </IconButton>
      <IconButton label={`Delete ${row.name}`} onClick={() => onDelete(row)}>
        <IconTrash size={16} />
      </IconButton>
    </Group>
  ),
});

/** The label is never cut off: the column grows to fit it. */
const BADGE_STYLES = { label: { overflow: 'visible' } };

/** A plain grey label in a list cell (a type, a tag); `variant` and `size` may differ. */
export const CellBadge = ({ children, ...props }: Pick<BadgeProps, 'variant' | 'size'> & { children: ReactNode }) => (
  <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} styles={BADGE_STYLES} {...props}>
    {children}
  </Badge>
);

/** A row's name, with its whole description (if any) dimmed under it: nothing is cut off unreadably. */
export const NameCell = ({ name, description }: { name: string; description?: string | null }) => (
  <Stack gap={0}>
    <Text size="sm" fw={500}>
      {name}
    </Text>
    {description ? (
      <Text size="xs" c="dimmed" maw={420} style={{ overflowWrap: 'anywhere' }}>
        {description}
      </Text>
    ) : null}
  </Stack>
);

/** The sortable "Created" column (display date, dimmed). */
export const createdColumn = <T extends { created_at: string }>(width = 170): Column<T> => ({
  key: 'created',
  header: 'Created',
  sortField: 'created_at',
  width,
  render: (row) => (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDisplayDate(row.created_at)}
    </Text>
  ),
});
