import { MESSAGES } from '@excursio/contract/messages';
import { type OrderDetail, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@excursio/contract/orders';
import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRecordPaymentMutation } from '../../../lib/api/orders.api.ts';
import { formatMinor, formatMoney, parseMoney } from '../../../lib/format/format.ts';
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

const REFUND_WAY: Record<PaymentMethod, string> = {
  cash: 'in cash',
  bank_transfer: 'by bank transfer',
  card: 'to the card',
};

/**
 * Records money received or refunded. It offers what is really due: a payment up to the balance (none
 * when nothing is due), a refund pre-filled with the refund the order owes (else empty, never
 * everything paid). A refund records only after a confirmation that states the amount. Each
 * submission carries its own idempotency key, kept until it succeeds: a double click or a retried
 * request records nothing twice.
 */
export const PaymentForm = ({ order }: { order: OrderDetail }) => {
  const [record, { isLoading }] = useRecordPaymentMutation();
  const canPay = order.status !== 'canceled' && order.due > 0;
  const canRefund = order.refundable > 0;
  const refundFirst = order.refund_due > 0 || !canPay;
  const [kind, setKind] = useState<'payment' | 'refund'>(refundFirst ? 'refund' : 'payment');
  const [method, setMethod] = useState<PaymentMethod>(refundFirst && paidByCard(order) ? 'card' : 'cash');
  const prefill = (k: 'payment' | 'refund') =>
    k === 'payment' ? formatMinor(order.due) : order.refund_due > 0 ? formatMinor(order.refund_due) : '';
  const [amount, setAmount] = useState(prefill(kind));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<number | null>(null);

  if (!canPay && !canRefund) {
    return (
      <Text size="sm" c="dimmed">
        {order.status === 'canceled' ? 'Nothing was kept that could be refunded.' : 'Nothing is due and nothing can be refunded.'}
      </Text>
    );
  }

  const send = async (minor: number) => {
    const result = await record({ orderId: order.id, kind, method, amount: minor, note, idempotency_key: key });
    setConfirming(null);
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    setKey(crypto.randomUUID());
    setNote('');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseMoney(amount);
    if (!parsed.ok) return setError(parsed.error);
    if (!parsed.minor) return setError('Enter an amount above 0.');
    const limit = kind === 'payment' ? order.due : order.refundable;
    if (parsed.minor > limit) {
      return setError(
        kind === 'payment'
          ? `Only ${formatMoney(order.due, order.currency)} is due on this order.`
          : `At most ${formatMoney(order.refundable, order.currency)} can be refunded.`,
      );
    }
    setError(null);
    if (kind === 'refund') return setConfirming(parsed.minor);
    await send(parsed.minor);
  };

  const refundText = confirming === null ? '' : formatMoney(confirming, order.currency);
  return (
    <form onSubmit={submit} aria-label="Record a payment">
      <Stack gap="sm" maw={520}>
        <SegmentedControl
          value={kind}
          onChange={(v) => {
            const next = v as 'payment' | 'refund';
            setKind(next);
            setAmount(prefill(next));
            setError(null);
            if (next === 'refund' && paidByCard(order)) setMethod('card');
          }}
          data={[
            { value: 'payment', label: 'Payment received', disabled: !canPay },
            { value: 'refund', label: 'Refund', disabled: !canRefund },
          ]}
          w="fit-content"
        />
        {kind === 'payment' ? (
          <Text size="sm" c="dimmed">
            Due: {formatMoney(order.due, order.currency)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {order.refund_due > 0
              ? `Refund due under the cancellation policy: ${formatMoney(order.refund_due, order.currency)}.`
              : `No refund is due. Up to ${formatMoney(order.refundable, order.currency)} can be refunded.`}
          </Text>
        )}
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
          <Button type="submit" loading={isLoading && confirming === null}>
            {kind === 'refund' ? 'Record refund' : 'Record payment'}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Record refund"
        message={`Refund ${refundText} ${REFUND_WAY[method]} for order ${order.reference}? A recorded refund cannot be undone.`}
        confirmLabel={`Refund ${refundText}`}
        cancelLabel="Back"
        loading={isLoading}
        onConfirm={() => confirming !== null && send(confirming)}
        onClose={() => setConfirming(null)}
      />
    </form>
  );
};
