import { PRICING_MODE_LABELS, type PricingCategory, type PricingRate } from '@excursio/contract/pricing';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../../components/confirm-dialog.tsx';
import { useDeletePricingRateMutation } from '../../../../lib/api/catalog.api.ts';
import { formatMoney } from '../../../../lib/format/format.ts';
import { RateModal } from './rate-modal.tsx';
import { formatParticipants, formatValidity } from './schedule-format.ts';
import { SectionNote, StepSection } from './step-section.tsx';

/** One rate and its prices; without `onEdit` / `onDelete` it is read-only (the offer view). */
export const RateCard = ({ rate, onEdit, onDelete }: { rate: PricingRate; onEdit?: () => void; onDelete?: () => void }) => (
  <Paper withBorder radius="md" p="md" component="article" aria-label={`Rate ${rate.name}`}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} truncate>
            {rate.name}
          </Text>
          <Badge size="sm" variant="light" color="gray" tt="none">
            {PRICING_MODE_LABELS[rate.pricing_mode]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatValidity(rate.valid_from, rate.valid_to)} · {formatParticipants(rate.min_participants, rate.max_participants)}
        </Text>
      </Stack>
      {onEdit && onDelete ? (
        <Group gap={2} wrap="nowrap">
          <IconButton label={`Edit rate ${rate.name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </IconButton>
          <IconButton label={`Delete rate ${rate.name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </IconButton>
        </Group>
      ) : null}
    </Group>
    {rate.prices.length === 0 ? (
      <Text size="sm" c="orange" mt="sm">
        No prices yet: this rate cannot be sold.
      </Text>
    ) : (
      <Table mt="sm" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rate.prices.map((price) => (
            <Table.Tr key={price.pricing_category_id}>
              <Table.Td>{price.pricing_category_name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(price.price, rate.currency)}
              </Table.Td>
              <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {price.net_price === null ? '—' : formatMoney(price.net_price, rate.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Paper>
);

/** The offer's rates as cards, created and edited in a modal; every change saves itself. */
export const RatesSection = ({
  experienceId,
  currency,
  rates,
  loading,
  categories,
}: {
  experienceId: string;
  currency: string;
  rates: PricingRate[];
  loading: boolean;
  categories: PricingCategory[];
}) => {
  const [editing, setEditing] = useState<PricingRate | null | undefined>(undefined);
  const [deleteRate] = useDeletePricingRateMutation();
  const deletion = useConfirmDelete<PricingRate>(deleteRate);
  const deleting = deletion.target;

  return (
    <StepSection
      title="Rates"
      description={`What the offer costs, per pricing category, in ${currency}. A rate can be limited to dates and group sizes.`}
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          New rate
        </Button>
      }
    >
      {loading ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={140} />
          <Skeleton h={140} />
        </SimpleGrid>
      ) : rates.length === 0 ? (
        <SectionNote>This offer has no rates yet. Add a rate with at least one price so it can be sold.</SectionNote>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {rates.map((rate) => (
            <RateCard key={rate.id} rate={rate} onEdit={() => setEditing(rate)} onDelete={() => deletion.ask(rate)} />
          ))}
        </SimpleGrid>
      )}
      <RateModal
        rate={editing}
        experienceId={experienceId}
        currency={currency}
        categories={categories}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete rate"
        message={`Delete the rate ${deleting?.name ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
      />
    </StepSection>
  );
};
