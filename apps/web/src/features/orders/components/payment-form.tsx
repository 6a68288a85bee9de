import { MESSAGES } from '@excursio/contract/messages';
import { type OrderDetail, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@excursio/contract/orders';
import { Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useRecordPaymentMutation } from '../../../lib/api/orders.api.ts';
import { formatMinor, parseMoney } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** The order was paid by card (through a provider or on a terminal): a refund goes back the same way by default. */
const paidByCard = (order: OrderDetail) =>
  order.payments.some((p) => p.kind === 'payment' && p.method === 'card' && p.status === 'succeeded');

/**
 * Where a card movement goes is the server's choice, from the organization's payment provider: the
 * test mode charges and refunds at once; a card paid through Stripe is refunded through Stripe; a
 * desk payment with Stripe, or any card movement without a provider, is recorded as taken on the
 * terminal (the payment's note says so).
 */
const CARD_HINT: Record<'payment' | 'refund', string> = {
  payment: 'In test mode the card is charged here; otherwise the payment is recorded as taken on your card terminal.',
  refund: 'Goes back to the card the order was paid with, through your card payment provider when it was paid there.',
};

/**
 * Records money received or refunded. Each submission carries its own idempotency key, kept
 * until it succeeds: a double click or a retried request records nothing twice.
 */
export const PaymentForm = ({ order, proposedRefund }: { order: OrderDetail; proposedRefund: number | null }) => {
  const [record, { isLoading }] = useRecordPaymentMutation();
  // After a cancellation the policy's proposal (if any) is prefilled as a refund.
  const proposing = proposedRefund !== null && proposedRefund > 0;
  const [kind, setKind] = useState<'payment' | 'refund'>(proposing ? 'refund' : 'payment');
  const [method, setMethod] = useState<PaymentMethod>(proposing && paidByCard(order) ? 'card' : 'cash');
  const balance = Math.max(0, order.total - (order.paid - order.refunded));
  const [amount, setAmount] = useState(formatMinor(proposing ? (proposedRefund as number) : balance));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseMoney(amount);
    if (!parsed.ok) return setError(parsed.error);
    if (!parsed.minor) return setError('Enter an amount above 0.');
    setError(null);
    const result = await record({ orderId: order.id, kind, method, amount: parsed.minor, note, idempotency_key: key });
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    setKey(crypto.randomUUID());
    setNote('');
  };

  return (
    <form onSubmit={submit} aria-label="Record a payment">
      <Stack gap="sm" maw={520}>
        <SegmentedControl
          value={kind}
          onChange={(v) => {
            setKind(v as 'payment' | 'refund');
            setAmount(formatMinor(v === 'refund' ? order.refundable : balance));
            if (v === 'refund' && paidByCard(order)) setMethod('card');
          }}
          data={[
            { value: 'payment', label: 'Payment received' },
            { value: 'refund', label: 'Refund', disabled: order.refundable === 0 },
          ]}
          w="fit-content"
        />
        <Group grow align="flex-start">
          <Select
            label="Method"
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            description={method === 'card' ? CARD_HINT[kind] : undefined}
            value={method}
            onChange={(v) => v && setMethod(v as PaymentMethod)}
            allowDeselect={false}
          />
          <TextInput
            label={`Amount (${order.currency})`}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            inputMode="decimal"
            withAsterisk
          />
        </Group>
        <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
        <Group>
          <Button type="submit" loading={isLoading} disabled={kind === 'payment' && order.status === 'canceled'}>
            {kind === 'refund' ? 'Record refund' : 'Record payment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
