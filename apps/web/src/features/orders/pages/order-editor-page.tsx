import { MESSAGES } from '@excursio/contract/messages';
import { ORDER_CHANNEL_LABELS, type OrderDetail, PAYMENT_METHOD_LABELS } from '@excursio/contract/orders';
import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconChevronLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/order-badges.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import {
  useCancelOrderMutation,
  useConfirmOrderMutation,
  useDeclineOrderMutation,
  useGetOrderQuery,
  useResendConfirmationMutation,
} from '../../../lib/api/orders.api.ts';
import { formatDisplayDate, formatMoney } from '../../../lib/format/format.ts';
import { languageName } from '../../../lib/format/language.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ORDER_STEPS, ORDERS_LIST_PATH, type OrderStep, orderPath } from '../../../lib/order-paths.ts';
import { isRecordId, NOT_FOUND_MESSAGES } from '../../../lib/record-id.ts';
import { AuditTrailStep } from '../components/audit-trail-step.tsx';
import { InvoiceStep } from '../components/invoice-step.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderMessages } from '../components/order-messages.tsx';
import { PaymentForm } from '../components/payment-form.tsx';
import { type RefundOutcome, refundOutcomeText } from '../components/refund-outcome.ts';

const Money = ({ label, minor, currency }: { label: string; minor: number; currency: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(minor, currency)}
    </Text>
  </Stack>
);

const Details = ({ order }: { order: OrderDetail }) => (
  <Stack gap="md">
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb={4}>
        Customer
      </Text>
      <Text size="sm">{`${order.contact.first_name} ${order.contact.last_name}`.trim() || '—'}</Text>
      {order.contact.email ? <Text size="sm">{order.contact.email}</Text> : null}
      {order.contact.phone ? <Text size="sm">{order.contact.phone}</Text> : null}
      {order.note ? (
        <Text size="sm" c="dimmed" mt={6}>
          {order.note}
        </Text>
      ) : null}
    </Card>
    <OrderLines order={order} />
    <OrderMessages orderId={order.id} />
  </Stack>
);

const Payments = ({ order }: { order: OrderDetail }) => (
  <Stack gap="lg">
    <Card withBorder radius="md" padding="md">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Money label="Total" minor={order.total} currency={order.currency} />
        <Money label="Paid" minor={order.paid} currency={order.currency} />
        <Money label="Refunded" minor={order.refunded} currency={order.currency} />
        <Money label="Due" minor={order.due} currency={order.currency} />
        <Money label="Can be refunded" minor={order.refundable} currency={order.currency} />
      </SimpleGrid>
    </Card>
    {order.refund_due > 0 ? (
      <Alert color="red" title={`Refund due: ${formatMoney(order.refund_due, order.currency)}`}>
        The cancellation owes the customer this refund and it has not been made. Record it below once you have sent it.
      </Alert>
    ) : null}
    {order.payments.length ? (
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Payments" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatDisplayDate(p.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {p.kind === 'refund' ? 'Refund' : 'Payment'}
                    {p.status === 'succeeded' ? null : (
                      <StatusBadge color={p.status === 'failed' ? 'red' : 'orange'}>
                        {p.status === 'failed' ? 'Failed' : 'Pending'}
                      </StatusBadge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {PAYMENT_METHOD_LABELS[p.method]}
                  {p.test_mode ? ' (test mode)' : ''}
                </Table.Td>
                <Table.Td>{p.note || '—'}</Table.Td>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {p.kind === 'refund' ? '−' : ''}
                  {formatMoney(p.amount, order.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    ) : (
      <Text size="sm" c="dimmed">
        No payments recorded yet.
      </Text>
    )}
    <PaymentForm key={`${order.payments.length}-${order.refund_due}-${order.due}`} order={order} />
  </Stack>
);

/** What a cancellation (or a decline) did with its refund, in the operator's words. */
const cancelOutcome = (declined: boolean, refund: RefundOutcome, currency: string) => {
  const what = declined ? 'Declined.' : 'Canceled.';
  if (declined && refund.way === 'none') return `${what} Nothing was paid, so there is nothing to refund.`;
  return `${what} ${refundOutcomeText(refund, currency)}`;
};

/** `/orders/editor/{orderId}/{step}`: the order's details, its invoice and payments. */
export const OrderEditorPage = () => {
  const { orderId, step } = useParams();
  const navigate = useNavigate();
  // An id that is no id ("bogus") is a missing order: not asked for, back to the list.
  const badId = orderId !== undefined && !isRecordId(orderId);
  const { data: order, error } = useGetOrderQuery(orderId && !badId ? orderId : skipToken);
  const [cancel, { isLoading: canceling }] = useCancelOrderMutation();
  const [confirmOrder, { isLoading: confirmingOrder }] = useConfirmOrderMutation();
  const [decline, { isLoading: declining }] = useDeclineOrderMutation();
  const [resend, { isLoading: resending }] = useResendConfirmationMutation();
  const [confirming, setConfirming] = useState(false);
  const [canceled, setCanceled] = useState<{ declined: boolean; refund: RefundOutcome } | null>(null);

  useEffect(() => {
    if (orderId && !badId) return;
    notifyError(badId ? NOT_FOUND_MESSAGES.order : MESSAGES.missingId('order'));
    navigate(ORDERS_LIST_PATH, { replace: true });
  }, [orderId, badId, navigate]);
  // The request layer has already shown the error toasts.
  useEffect(() => {
    if (error) navigate(ORDERS_LIST_PATH, { replace: true });
  }, [error, navigate]);

  if (!orderId || badId) return null;
  if (!ORDER_STEPS.includes(step as OrderStep)) return <Navigate to={orderPath(orderId)} replace />;
  if (!order) return <Skeleton h={320} radius="md" />;

  const doConfirm = async () => {
    if ('error' in (await confirmOrder(order.id))) return;
    notifySuccess(MESSAGES.updated);
  };
  const doDecline = async () => {
    const result = await decline(order.id);
    if ('error' in result) return;
    notifySuccess(MESSAGES.updated);
    setCanceled({ declined: true, refund: result.data.refund });
  };

  const doResend = async () => {
    const result = await resend(order.id);
    if (!result.error) notifySuccess(`Sent to ${result.data.sent_to}.`);
  };

  const doCancel = async () => {
    const result = await cancel(order.id);
    setConfirming(false);
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    setCanceled({ declined: false, refund: result.data.refund });
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={ORDERS_LIST_PATH} size="sm" c="dimmed" w="fit-content">
        <Group gap={2}>
          <IconChevronLeft size={14} />
          All orders
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} fz={22} fw={600}>
              Order {order.reference}
            </Title>
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.payment_status} />
          </Group>
          <Text size="sm" c="dimmed">
            Created {formatDisplayDate(order.created_at)} · {formatMoney(order.total, order.currency)} ·{' '}
            {ORDER_CHANNEL_LABELS[order.channel]}
            {order.store ? ` · ${order.store.name}` : ''}
            {order.sold_by?.kind === 'reseller' && order.sold_by.store ? ` · in ${order.sold_by.store}` : ''}
            {order.seller ? `, by ${order.seller.name}` : ''} · Booked in {languageName(order.language)}
          </Text>
        </Stack>
        <Group gap="xs">
          {order.status !== 'canceled' && order.contact.email ? (
            <Button variant="standard" onClick={doResend} loading={resending}>
              {order.status === 'created' ? 'Resend request email' : 'Resend confirmation'}
            </Button>
          ) : null}
          {order.status === 'created' ? (
            <>
              <Button onClick={doConfirm} loading={confirmingOrder}>
                Confirm order
              </Button>
              <Button variant="standard" onClick={doDecline} loading={declining}>
                Decline
              </Button>
            </>
          ) : null}
          {order.status === 'confirmed' ? (
            <Button variant="standard" color="red" onClick={() => setConfirming(true)}>
              Cancel order
            </Button>
          ) : null}
        </Group>
      </Group>
      {canceled ? (
        <Alert color="blue" title="Order canceled: its places are free again">
          {cancelOutcome(canceled.declined, canceled.refund, order.currency)}
        </Alert>
      ) : null}
      <Tabs
        value={step === 'payments' || step === 'invoice' || step === 'audit' ? step : 'details'}
        onChange={(v) => v && navigate(orderPath(order.id, v as OrderStep))}
      >
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="invoice">Invoice</Tabs.Tab>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="audit">Audit trail</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {step === 'payments' ? (
        <Payments order={order} />
      ) : step === 'invoice' ? (
        <InvoiceStep order={order} />
      ) : step === 'audit' ? (
        <AuditTrailStep order={order} />
      ) : (
        <Details order={order} />
      )}
      <ConfirmDialog
        opened={confirming}
        title="Cancel order"
        message={`Cancel order ${order.reference}? Its bookings are canceled and their places become free again. The refund the cancellation policy gives goes back to the card when the order was paid through your card provider; otherwise it is recorded as due for you to make.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        loading={canceling}
        onConfirm={doCancel}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
