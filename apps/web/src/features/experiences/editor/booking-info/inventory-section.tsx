import type { Experience } from '@excursio/contract/experiences';
import { INVENTORY_ITEM_TYPE_LABELS, type InventoryItemType } from '@excursio/contract/inventory';
import { MESSAGES } from '@excursio/contract/messages';
import { Badge, Group, NumberInput, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../../components/button.tsx';
import {
  useGetExperienceInventoryQuery,
  useListInventoryItemsQuery,
  useSetExperienceInventoryMutation,
} from '../../../../lib/api/catalog.api.ts';
import { formatMoney } from '../../../../lib/format/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useAccess } from '../../../../lib/permissions/use-access.ts';
import { type AttachedRow, canAttach, sameAttachments, USAGE_LABELS, usageFor } from './inventory-rules.ts';
import { SectionCard } from './section-card.tsx';

type Row = Omit<AttachedRow, 'quantity'> & {
  /** '' while the input is empty; saved as 1. */
  quantity: number | '';
  name: string;
  type: InventoryItemType;
  price: number;
  currency: string;
  stock_quantity: number;
};

/** Attached inventory items; saved as a whole set (PUT replaces it). Choosing items needs 'Manage inventory'. */
export const InventorySection = ({ experience }: { experience: Experience }) => {
  const { can, hasFeature } = useAccess();
  const hasInventory = hasFeature(['inventory']);
  const editable = can(['Manage inventory']) && hasInventory;
  const attached = useGetExperienceInventoryQuery(experience.id);
  // Without 'Manage inventory' the item list answers 403: it is not asked for.
  const items = useListInventoryItemsQuery({ is_active: true, page_size: 100, ordering: 'name' }, { skip: !editable });
  const [save, { isLoading: saving }] = useSetExperienceInventoryMutation();
  // null: show what is stored; a list: the unsaved edit.
  const [draft, setDraft] = useState<Row[] | null>(null);
  // A new key empties the picker after each pick (its search text would otherwise stay).
  const [pickerKey, setPickerKey] = useState(0);

  const stored: Row[] = attached.data?.results ?? [];
  const rows = draft ?? stored;
  const dirty = draft !== null && !sameAttachments(draft, stored);
  const available = (items.data?.results ?? []).filter(
    (item) => canAttach(experience.type, item.type) && !rows.some((row) => row.item_id === item.id),
  );
  const edit = (change: (list: Row[]) => Row[]) => setDraft(change(rows));

  const add = (itemId: string | null) => {
    const item = items.data?.results.find((i) => i.id === itemId);
    if (!item) return;
    const { id, name, type, price, currency, stock_quantity } = item;
    edit((list) => [...list, { item_id: id, usage: usageFor(type), quantity: 1, name, type, price, currency, stock_quantity }]);
    setPickerKey((key) => key + 1);
  };

  const onSave = async () => {
    const body = rows.map(({ item_id, usage, quantity }) => ({ item_id, usage, quantity: quantity === '' ? 1 : quantity }));
    const result = await save({ id: experience.id, items: body });
    if (!result.error) {
      notifySuccess(MESSAGES.updated);
      setDraft(null);
    }
  };

  return (
    <SectionCard
      title="Extras & equipment"
      description={
        experience.type === 'rental'
          ? 'Extras and packages are offered to visitors when they book. Equipment is what one booking of this rental takes from stock.'
          : 'Extras and packages are offered to visitors when they book. (Equipment is for rental offers only.)'
      }
    >
      {attached.isLoading ? (
        <Skeleton h={60} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No items attached.
        </Text>
      ) : (
        <Stack gap={0}>
          {rows.map((row, index) => (
            <AttachedItem
              key={row.item_id}
              row={row}
              first={index === 0}
              editable={editable}
              onQuantity={(quantity) => edit((list) => list.map((r) => (r.item_id === row.item_id ? { ...r, quantity } : r)))}
              onRemove={() => edit((list) => list.filter((r) => r.item_id !== row.item_id))}
            />
          ))}
        </Stack>
      )}
      {editable ? (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            key={pickerKey}
            label="Attach an item"
            placeholder={items.isLoading ? 'Loading…' : available.length === 0 ? 'No more active items' : 'Choose an item'}
            data={available.map((item) => ({ value: item.id, label: `${item.name} (${INVENTORY_ITEM_TYPE_LABELS[item.type]})` }))}
            value={null}
            onChange={add}
            searchable
            disabled={available.length === 0}
            nothingFoundMessage="No item matches"
            style={{ flex: '1 1 240px' }}
          />
          <Group gap="sm">
            <Button variant="standard" disabled={!dirty} onClick={() => setDraft(null)}>
              Discard
            </Button>
            <Button disabled={!dirty} loading={saving} onClick={onSave}>
              Save items
            </Button>
          </Group>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {hasInventory
            ? "Choosing extras and equipment needs the 'Manage inventory' permission."
            : 'Your subscription plan does not include inventory, so extras and equipment cannot be chosen.'}
        </Text>
      )}
    </SectionCard>
  );
};

const AttachedItem = ({
  row,
  first,
  editable,
  onQuantity,
  onRemove,
}: {
  row: Row;
  first: boolean;
  editable: boolean;
  onQuantity: (quantity: number | '') => void;
  onRemove: () => void;
}) => (
  <Group
    justify="space-between"
    wrap="nowrap"
    gap="sm"
    py="sm"
    style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)' }}
  >
    <div style={{ flex: 1, minWidth: 0 }}>
      <Group gap={6}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {row.name}
        </Text>
        <Badge size="sm" variant="light" color={row.usage === 'equipment' ? 'grape' : 'teal'}>
          {USAGE_LABELS[row.usage]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {INVENTORY_ITEM_TYPE_LABELS[row.type]} · {formatMoney(row.price, row.currency)} · {row.stock_quantity} in stock
      </Text>
    </div>
    {editable ? (
      <Group gap={4} wrap="nowrap">
        <NumberInput
          size="xs"
          w={76}
          aria-label={`Quantity of ${row.name} per booking`}
          prefix="× "
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          value={row.quantity}
          onChange={(v) => onQuantity(typeof v === 'number' ? v : '')}
        />
        <IconButton label={`Remove ${row.name}`} onClick={onRemove}>
          <IconTrash size={16} />
        </IconButton>
      </Group>
    ) : (
      <Text size="sm">× {row.quantity}</Text>
    )}
  </Group>
);
