import { MESSAGES } from '@excursio/contract/messages';
import { PAYMENT_COLLECTOR_LABELS, type Resale, type ResaleDetail } from '@excursio/contract/partners';
import { Alert, Divider, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconBan, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/order-badges.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDate, formatDisplayDateTime, formatMoney, fullName } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCancelResaleMutation, useGetResaleQuery } from '../api.ts';
import { numeric, otherParty, SideBadge } from './resale-cells.tsx';

const Fact = ({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) => (
  <Group justify="space-between" gap="lg" wrap="nowrap" align="flex-start">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} ta="right" style={numeric} data-testid={testId}>
      {children}
    </Text>
  </Group>
);

const Figures = ({ r }: { r: Resale }) => {
  const money = (minor: number) => formatMoney(minor, r.currency);
  return (
    <Stack gap={6} aria-label="Figures" role="group">
      <Fact label="Gross at the sale" testId="resale-gross">
        {money(r.gross)}
      </Fact>
      <Fact label="Total now">{money(r.total)}</Fact>
      <Fact label="Collected from the customer">{money(r.collected)}</Fact>
      <Fact
        label={r.pricing_mode === 'net_rates' ? 'Commission (net rates)' : `Commission (${r.commission_percent ?? 0} %)`}
        testId="resale-commission"
      >
        {money(r.commission)}
      </Fact>
      <Fact label="Net to the supplier" testId="resale-net">
        {money(r.net)}
      </Fact>
      <Fact label="Who collects">{PAYMENT_COLLECTOR_LABELS[r.payment_collector]}</Fact>
    </Stack>
  );
};

const Lines = ({ detail }: { detail: ResaleDetail }) => (
  <Table aria-label="Bookings" verticalSpacing={6}>
    <Table.Tbody>
      {detail.lines.map((line) => (
        <Table.Tr key={line.id}>
          <Table.Td>
            <Text size="sm" fw={500} td={line.status === 'canceled' ? 'line-through' : undefined}>
              {line.title}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                line.starts_at ? formatDisplayDateTime(line.starts_at) : null,
                `${line.participants} participant${line.participants === 1 ? '' : 's'}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {line.status === 'canceled' ? <StatusBadge color="red">Canceled</StatusBadge> : null}
          </Table.Td>
          <Table.Td style={{ ...numeric, textAlign: 'right', verticalAlign: 'top' }}>
            {formatMoney(line.total, detail.currency)}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

/** A resale's details: the parties, every figure, who owes whom, the bookings, the contact, and "Cancel sale". */
export const ResaleDrawer = ({ resale, onClose }: { resale: Resale | null; onClose: () => void }) => {
  const detail = useGetResaleQuery(resale?.id ?? skipToken);
  const [cancel, canceling] = useCancelResaleMutation();
  const [asking, setAsking] = useState(false);
  const [refund, setRefund] = useState<number | null>(null);
  // The list's row at once; the detail (lines, contact) as it comes. Both refetch after a cancel.
  const full = resale && detail.currentData?.id === resale.id ? detail.currentData : null;
  const r: Resale | null = full ?? resale;

  const confirmCancel = async () => {
    if (!r) return;
    const result = await cancel(r.id);
    setAsking(false);
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    setRefund(result.data.proposed_refund);
  };
  const close = () => {
    setRefund(null);
    onClose();
  };

  return (
    <Drawer opened={resale !== null} onClose={close} title={r ? `Resale ${r.reference}` : 'Resale'} position="right" size="md">
      {r ? (
        <Stack gap="md">
          <Group gap="xs">
            <SideBadge side={r.side} />
            <OrderStatusBadge status={r.status} />
            <PaymentStatusBadge status={r.payment_status} />
          </Group>
          <Stack gap={6}>
            <Fact label="Supplier">{r.supplier.name}</Fact>
            <Fact label="Reseller">{r.reseller.name}</Fact>
            <Fact label="Store">{r.store?.name ?? '—'}</Fact>
            <Fact label="Sold">{formatDisplayDate(r.created_at)}</Fact>
            {r.canceled_at ? <Fact label="Canceled">{formatDisplayDate(r.canceled_at)}</Fact> : null}
          </Stack>
          <Divider label="Figures" labelPosition="left" />
          <Figures r={r} />
          <Alert color="blue" variant="light" icon={<IconScale size={18} />} title="Who owes whom">
            <span data-testid="resale-settlement">{r.settlement.label}</span>
          </Alert>
          {refund !== null && refund > 0 ? (
            <Alert color="orange" variant="light" title="Refund">
              Under {r.supplier.name}’s cancellation policy the customer gets {formatMoney(refund, r.currency)} back.
            </Alert>
          ) : null}
          <Divider label="Bookings" labelPosition="left" />
          {full ? <Lines detail={full} /> : <Skeleton h={60} />}
          <Divider label="Contact" labelPosition="left" />
          {full ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {fullName(full.contact) || r.contact_name || '—'}
              </Text>
              {[full.contact.email, full.contact.phone].filter(Boolean).map((line) => (
                <Text key={line} size="sm" c="dimmed">
                  {line}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm">{r.contact_name || '—'}</Text>
          )}
          {r.status !== 'canceled' ? (
            <Group mt="sm">
              <Button variant="danger" leftSection={<IconBan size={16} />} onClick={() => setAsking(true)}>
                Cancel sale
              </Button>
            </Group>
          ) : null}
          <ConfirmDialog
            opened={asking}
            title="Cancel sale"
            message={`Cancel the whole sale ${r.reference} with ${otherParty(r).name}? Its bookings are canceled under ${r.supplier.name}’s cancellation policy and the places are given back.`}
            confirmLabel="Cancel sale"
            loading={canceling.isLoading}
            onConfirm={confirmCancel}
            onClose={() => setAsking(false)}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
};
