import { type Invoice, type InvoiceParty, invoiceDate } from '@excursio/contract/invoices';
import type { OrderDetail } from '@excursio/contract/orders';
import { Card, Divider, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDownloadInvoicePdfMutation, useGetInvoiceQuery, useIssueInvoiceMutation } from '../../../lib/api/orders.api.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** Why the invoice cannot be issued by this user for this order, or null when it can. */
const issueBlocker = (order: OrderDetail, allowed: boolean) =>
  !allowed
    ? 'You need the Manage orders permission to issue invoices.'
    : order.status === 'canceled'
      ? 'This order is canceled: there is nothing to invoice.'
      : null;

const Party = ({ label, party }: { label: string; party: InvoiceParty }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={600}>{party.name || '—'}</Text>
    {[...party.lines, party.email, party.phone].filter(Boolean).map((line) => (
      <Text key={line} size="sm" c="dimmed">
        {line}
      </Text>
    ))}
  </Stack>
);

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Group justify="space-between" gap="lg" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={600}>
      {value}
    </Text>
  </Group>
);

/** The issued invoice as a document: what the PDF says. */
const InvoiceDocumentView = ({ invoice }: { invoice: Invoice }) => {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Paper withBorder radius="md" p="xl" aria-label={`Invoice ${invoice.display_number}`} component="article">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xl">
          <Party label="From" party={invoice.seller} />
          <Stack gap={6} miw={240}>
            <Title order={3} fz={24} ta="right">
              Invoice
            </Title>
            <Fact label="Invoice number" value={invoice.display_number} />
            <Fact label="Issued" value={invoiceDate(invoice.issued_at, invoice.time_zone, invoice.date_format)} />
            <Fact label="Order" value={invoice.order_reference} />
            <Fact label="Order date" value={invoiceDate(invoice.order_date, invoice.time_zone, invoice.date_format)} />
          </Stack>
        </Group>
        <Party label="Bill to" party={invoice.buyer} />
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Invoice lines" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Qty</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Unit price</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, index) => (
                // Lines have no id of their own: the snapshot keeps them in order.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                <Table.Tr key={index}>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td style={{ ...numeric, textAlign: 'right' }}>{line.quantity}</Table.Td>
                  <Table.Td style={{ ...numeric, textAlign: 'right' }}>{money(line.unit_amount)}</Table.Td>
                  <Table.Td style={{ ...numeric, textAlign: 'right' }}>{money(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Stack gap={6} miw={260} aria-label="Invoice totals">
            <Group justify="space-between">
              <Text fw={600}>Total</Text>
              <Text fw={600} style={numeric} data-testid="invoice-total">
                {money(invoice.total)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Paid
              </Text>
              <Text size="sm" style={numeric}>
                {money(invoice.paid)}
              </Text>
            </Group>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Balance due</Text>
              <Text fw={700} style={numeric} data-testid="invoice-balance">
                {money(invoice.balance_due)}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed">
          Paid and balance as of the issue date. The invoice does not change afterwards; the Payments tab shows the order's
          payments now.
        </Text>
        {invoice.footer ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {invoice.footer}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** The order editor's Invoice step: issue the invoice once, then read it and download its PDF. */
export const InvoiceStep = ({ order }: { order: OrderDetail }) => {
  const { can } = useAccess();
  // Asked for only once the order says it has one: before that there is nothing to fetch (no 404).
  const { data: invoice, isLoading, isError, refetch } = useGetInvoiceQuery(order.invoice_number === null ? skipToken : order.id);
  const [issue, { isLoading: issuing }] = useIssueInvoiceMutation();
  const [confirming, setConfirming] = useState(false);
  const [download, { isLoading: downloading }] = useDownloadInvoicePdfMutation();

  if (isLoading) return <Skeleton h={240} radius="md" />;
  if (isError) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between">
          <Text>The invoice could not be loaded.</Text>
          <Button variant="standard" onClick={() => refetch()}>
            Try again
          </Button>
        </Group>
      </Card>
    );
  }

  if (!invoice) {
    const blocker = issueBlocker(order, can(['Manage orders']));
    const doIssue = async () => {
      const result = await issue(order.id);
      setConfirming(false);
      if ('error' in result) return;
      notifySuccess(`Invoice ${result.data.display_number} issued.`);
    };
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" maw={640}>
          <Group gap="xs">
            <IconFileInvoice size={20} aria-hidden />
            <Text fw={600}>No invoice yet</Text>
          </Group>
          <Text size="sm">
            Issuing the invoice gives this order the next invoice number of your organization and fixes what the invoice says:
            your organization's details, the customer, the lines, the total and what has been paid so far. An order has one
            invoice; it cannot be edited or numbered again afterwards.
          </Text>
          <Group gap="sm">
            <Button onClick={() => setConfirming(true)} disabled={blocker !== null} leftSection={<IconFileInvoice size={16} />}>
              Issue invoice
            </Button>
            {blocker ? (
              <Text size="sm" c="dimmed">
                {blocker}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <ConfirmDialog
          opened={confirming}
          title="Issue invoice"
          message={`Issue the invoice for order ${order.reference}? It takes your organization's next invoice number and cannot be edited, numbered again or withdrawn afterwards.`}
          confirmLabel="Issue invoice"
          cancelLabel="Not now"
          confirmVariant="primary"
          loading={issuing}
          onConfirm={doIssue}
          onClose={() => setConfirming(false)}
        />
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Invoice {invoice.display_number} issued {invoiceDate(invoice.issued_at, invoice.time_zone, invoice.date_format)}
        </Text>
        <Button
          variant="secondary"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={() => download({ orderId: order.id, number: invoice.number })}
        >
          Download PDF
        </Button>
      </Group>
      <InvoiceDocumentView invoice={invoice} />
    </Stack>
  );
};
