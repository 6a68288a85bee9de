import type { LineOptions, OrderDetail, OrderLine } from '@excursio/contract/orders';
import { Alert, Group, Modal, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useChangeLinePartyMutation, useGetLineOptionsQuery } from '../../../lib/api/orders.api.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import type { RefundOutcome } from './refund-outcome.ts';

export type PartyChanged = { difference: number; refund: RefundOutcome; lineTotal: number };

const people = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;

/** What the operator's counts add up to, and why Save is not possible yet (null: it is). */
const plan = (options: LineOptions, counts: Record<string, number>, groupSize: number | null) => {
  const before = options.categories.reduce((sum, c) => sum + c.quantity, 0);
  const after = options.categories.reduce((sum, c) => sum + (counts[c.pricing_category_id] ?? 0), 0);
  const changed =
    options.categories.some((c) => (counts[c.pricing_category_id] ?? 0) !== c.quantity) ||
    (options.group_size !== null && groupSize !== options.group_size);
  const perGroup = options.pricing_mode === 'per_group';
  const added = perGroup ? (groupSize ?? 0) - (options.group_size ?? 0) : after - before;
  const problem =
    after === 0
      ? 'A booking needs at least one participant. To remove everyone, cancel the booking instead.'
      : !changed
        ? null
        : added > 0 && !options.can_add
          ? `${options.cannot_add_reason ?? 'People cannot be added.'} Participants can only be removed.`
          : added > 0 && options.places_left !== null && added > options.places_left
            ? `Only ${options.places_left} ${options.places_left === 1 ? 'place is' : 'places are'} left on this start.`
            : null;
  return { before, after, changed, problem };
};

const PartyForm = ({
  order,
  line,
  options,
  onDone,
  onClose,
}: {
  order: OrderDetail;
  line: OrderLine;
  options: LineOptions;
  onDone: (changed: PartyChanged) => void;
  onClose: () => void;
}) => {
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(options.categories.map((c) => [c.pricing_category_id, c.quantity])),
  );
  const [groupSize, setGroupSize] = useState<number | null>(options.group_size);
  const [change, { isLoading }] = useChangeLinePartyMutation();
  const { changed, problem } = plan(options, counts, groupSize);
  const save = async () => {
    const result = await change({
      orderId: order.id,
      lineId: line.id,
      party: options.categories.map((c) => ({
        pricing_category_id: c.pricing_category_id,
        quantity: counts[c.pricing_category_id] ?? 0,
      })),
      ...(groupSize !== null ? { group_size: groupSize } : {}),
    });
    if (result.error) return;
    const total = result.data.order.lines.find((l) => l.id === line.id)?.total ?? line.total;
    onDone({ difference: result.data.difference, refund: result.data.refund, lineTotal: total });
  };
  return (
    <Stack gap="md">
      <Table aria-label="Participants per category" verticalSpacing="xs">
        <Table.Tbody>
          {options.categories.map((c) => (
            <Table.Tr key={c.pricing_category_id}>
              <Table.Td>
                <Text size="sm">{c.name}</Text>
                <Text size="xs" c="dimmed">
                  {formatMoney(c.unit_price, order.currency)} {options.pricing_mode === 'per_group' ? 'per group' : 'each'}
                </Text>
              </Table.Td>
              <Table.Td w={120}>
                <NumberInput
                  aria-label={c.name}
                  min={0}
                  max={999}
                  allowDecimal={false}
                  allowNegative={false}
                  value={counts[c.pricing_category_id] ?? 0}
                  onChange={(v) => setCounts({ ...counts, [c.pricing_category_id]: typeof v === 'number' ? v : 0 })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {options.pricing_mode === 'per_group' ? (
        <NumberInput
          label="People in the group"
          min={1}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          value={groupSize ?? 1}
          onChange={(v) => setGroupSize(typeof v === 'number' ? v : 1)}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {options.can_add
          ? options.places_left === null
            ? 'This start has no limit on places.'
            : `${options.places_left} ${options.places_left === 1 ? 'place is' : 'places are'} left on this start.`
          : `${options.cannot_add_reason} Participants can only be removed.`}{' '}
        {options.refund_percent > 0
          ? `Removing participants now: the cancellation policy refunds ${options.refund_percent} % of their price.`
          : 'Removing participants now: the cancellation policy refunds nothing.'}
      </Text>
      {problem ? (
        <Alert color="orange" variant="light">
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="standard" onClick={onClose}>
          Keep as it is
        </Button>
        <Button onClick={save} loading={isLoading} disabled={!changed || problem !== null}>
          Save participants
        </Button>
      </Group>
    </Stack>
  );
};

/** Change participants per pricing category: the server re-prices the line and takes or frees places. */
export const PartyDialog = ({
  order,
  line,
  opened,
  onDone,
  onClose,
}: {
  order: OrderDetail;
  line: OrderLine;
  opened: boolean;
  onDone: (changed: PartyChanged) => void;
  onClose: () => void;
}) => {
  const { data: options } = useGetLineOptionsQuery(opened ? { orderId: order.id, lineId: line.id } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Change participants · ${line.description}`} size="md">
      <Text size="sm" mb="sm">
        Now {people(line.booking?.participants ?? 0)}, {formatMoney(line.total, order.currency)}.
      </Text>
      {options ? (
        <PartyForm
          key={options.categories.map((c) => c.quantity).join('-')}
          order={order}
          line={line}
          options={options}
          onDone={onDone}
          onClose={onClose}
        />
      ) : (
        <Skeleton h={160} radius="md" />
      )}
    </Modal>
  );
};
