import { MESSAGES } from '@excursio/contract/messages';
import type { LineOptions, OrderDetail, OrderLine } from '@excursio/contract/orders';
import { Alert, Card, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useCancelOrderLineMutation, useGetLineOptionsQuery } from '../../../lib/api/orders.api.ts';
import { formatMoney, formatZonedDateTime } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { type PartyChanged, PartyDialog } from './party-dialog.tsx';
import { type RefundOutcome, refundOutcomeText } from './refund-outcome.ts';

type Outcome = { kind: 'canceled'; refund: RefundOutcome } | ({ kind: 'party' } & PartyChanged);

/** What cancelling would propose, said before the operator confirms. */
const cancelRefundText = (options: LineOptions, currency: string) =>
  options.cancel_refund > 0
    ? `The cancellation policy proposes a refund of ${formatMoney(options.cancel_refund, currency)} (${options.refund_percent} %): to the card when the order was paid by card, otherwise it is due for you to make.`
    : options.refund_percent > 0
      ? `The cancellation policy would refund ${options.refund_percent} %, but nothing paid is left to refund.`
      : 'The cancellation policy proposes no refund for this cancellation.';

const OutcomeAlert = ({ outcome, currency }: { outcome: Outcome; currency: string }) => {
  if (outcome.kind === 'canceled') {
    return (
      <Alert color="blue" title="Booking canceled: its places are free again">
        {refundOutcomeText(outcome.refund, currency)}
      </Alert>
    );
  }
  if (outcome.difference < 0 || outcome.refund.amount > 0) {
    return (
      <Alert color="blue" title="Participants removed: their places are free again">
        This booking now costs {formatMoney(outcome.lineTotal, currency)}. {refundOutcomeText(outcome.refund, currency)}
      </Alert>
    );
  }
  return (
    <Alert color="blue" title="Participants changed">
      This booking now costs {formatMoney(outcome.lineTotal, currency)}
      {outcome.difference > 0 ? ` (${formatMoney(outcome.difference, currency)} more, added to what the order owes)` : ''}.
    </Alert>
  );
};

/**
 * "Change participants" and "Cancel this booking" for one line, with the result under them: the
 * policy's proposed refund is said before confirming and again once the server answered.
 */
export const LineActions = ({ order, line, heading }: { order: OrderDetail; line: OrderLine; heading?: string }) => {
  const [dialog, setDialog] = useState<'cancel' | 'party' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [cancelLine, { isLoading }] = useCancelOrderLineMutation();
  const { data: options } = useGetLineOptionsQuery(dialog === 'cancel' ? { orderId: order.id, lineId: line.id } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const open = line.status === 'active' && order.status !== 'canceled' && line.booking !== null;
  const doCancel = async () => {
    const result = await cancelLine({ orderId: order.id, lineId: line.id });
    setDialog(null);
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    setOutcome({ kind: 'canceled', refund: result.data.refund });
  };
  const when = line.booking ? formatZonedDateTime(line.booking.starts_at, line.booking.time_zone) : '';
  const lastLine = order.lines.filter((l) => l.status === 'active').length === 1;
  if (heading && !open && !outcome) return null;
  const body = (
    <Stack gap="xs">
      {heading ? <Text fw={600}>{heading}</Text> : null}
      {open ? (
        <Group gap="xs">
          <Button variant="standard" size="xs" onClick={() => setDialog('party')}>
            Change participants
          </Button>
          <Button variant="standard" size="xs" color="red" onClick={() => setDialog('cancel')}>
            Cancel this booking
          </Button>
        </Group>
      ) : null}
      {outcome ? <OutcomeAlert outcome={outcome} currency={order.currency} /> : null}
      <Modal opened={dialog === 'cancel'} onClose={() => setDialog(null)} title="Cancel this booking" size="md">
        <Stack gap="sm">
          <Text size="sm">
            Cancel {line.description} on {when}?{' '}
            {line.booking?.participants === 1 ? 'Its place becomes' : `Its ${line.booking?.participants ?? 0} places become`} free
            again.
            {lastLine ? ' It is the last booking of this order, so the order is canceled too.' : ''}
          </Text>
          {options ? (
            <Text size="sm" fw={500}>
              {cancelRefundText(options, order.currency)}
            </Text>
          ) : (
            <Skeleton h={20} />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="standard" onClick={() => setDialog(null)}>
              Keep booking
            </Button>
            <Button variant="danger" onClick={doCancel} loading={isLoading} disabled={!options}>
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>
      <PartyDialog
        order={order}
        line={line}
        opened={dialog === 'party'}
        onClose={() => setDialog(null)}
        onDone={(changed) => {
          setDialog(null);
          notifySuccess(MESSAGES.updated);
          setOutcome({ kind: 'party', ...changed });
        }}
      />
    </Stack>
  );
  return heading ? (
    <Card withBorder radius="md" padding="md">
      {body}
    </Card>
  ) : (
    body
  );
};
