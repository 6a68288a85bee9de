import type { ReconciliationAnswer } from '@excursio/contract/payments';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDateTime, formatMoney } from '../../../lib/format/format.ts';
import { MISMATCH_KINDS } from '../connection-copy.ts';
import { type FindingColumn, Findings } from './findings.tsx';

const MISMATCH_COLUMNS: FindingColumn<ReconciliationAnswer['mismatches'][number]>[] = [
  { header: 'Found', render: (m) => formatDisplayDateTime(m.found_at), nowrap: true },
  { header: 'Problem', render: (m) => <StatusBadge color="orange">{MISMATCH_KINDS[m.kind]}</StatusBadge>, wide: true },
  {
    header: 'Provider reference',
    render: (m) => (
      <Text span size="sm" ff="monospace">
        {m.provider_reference}
      </Text>
    ),
    wide: true,
  },
  { header: 'Detail', render: (m) => m.detail, wide: true },
];

const LATE_COLUMNS: FindingColumn<ReconciliationAnswer['late_payments'][number]>[] = [
  { header: 'Paid', render: (p) => formatDisplayDateTime(p.created_at), nowrap: true },
  { header: 'Amount', render: (p) => formatMoney(p.amount, p.currency), align: 'right' },
  {
    header: 'Outcome',
    render: (p) =>
      p.status === 'refunded' ? (
        <StatusBadge color="gray">Refunded</StatusBadge>
      ) : (
        <StatusBadge color="orange">Needs attention</StatusBadge>
      ),
    wide: true,
  },
  { header: 'Problem', render: (p) => p.problem, wide: true },
];

const Mismatches = ({ rows }: { rows: ReconciliationAnswer['mismatches'] }) =>
  rows.length === 0 ? (
    <Text size="sm" c="dimmed" data-testid="no-mismatches">
      No mismatches: every payment and refund recorded here matches the provider’s.
    </Text>
  ) : (
    <Findings label="Mismatches" rows={rows} columns={MISMATCH_COLUMNS} />
  );

const LatePayments = ({ rows }: { rows: ReconciliationAnswer['late_payments'] }) =>
  rows.length === 0 ? (
    <Text size="sm" c="dimmed">
      None: every card payment arrived while its places were still held.
    </Text>
  ) : (
    <Findings label="Late payments" rows={rows} columns={LATE_COLUMNS} />
  );

/**
 * Reconciliation: the payments and refunds recorded here against the provider's, and the card
 * payments that arrived after their places were gone (refunded, or handed to staff).
 */
export const ReconciliationSection = ({
  data,
  loading,
  running,
  disabledReason,
  onRun,
}: {
  data: ReconciliationAnswer | undefined;
  loading: boolean;
  running: boolean;
  /** Why "Check now" cannot run (no provider yet), said in place of the results; null when it can. */
  disabledReason: string | null;
  onRun: () => void;
}) => (
  <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reconciliation-title">
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={2} fz="lg" fw={600} id="reconciliation-title">
            Reconciliation
          </Title>
          <Text size="sm" c="dimmed">
            Compares the card payments and refunds of the last 90 days recorded here with the provider’s records: Stripe’s, and
            the test mode’s for payments made in test mode.
          </Text>
        </Stack>
        <Button
          variant="standard"
          leftSection={<IconRefresh size={16} />}
          onClick={onRun}
          loading={running}
          disabled={disabledReason !== null}
        >
          Check now
        </Button>
      </Group>
      {disabledReason ? (
        <Text size="sm" c="dimmed" data-testid="last-check">
          Not checked yet. {disabledReason}
        </Text>
      ) : loading || !data ? (
        <Skeleton height={60} />
      ) : (
        <>
          <Text size="sm" data-testid="last-check">
            {data.checked_at
              ? `Last checked ${formatDisplayDateTime(data.checked_at)}: ${data.checked} ${data.checked === 1 ? 'payment' : 'payments'} compared, ${data.mismatches.length} ${data.mismatches.length === 1 ? 'mismatch' : 'mismatches'}.`
              : 'Not checked yet: “Check now” compares them.'}
          </Text>
          {data.checked_at ? (
            <Stack gap="xs">
              <Title order={3} fz="md" fw={600}>
                Mismatches
              </Title>
              <Mismatches rows={data.mismatches} />
            </Stack>
          ) : null}
          <Stack gap="xs">
            <Title order={3} fz="md" fw={600}>
              Late payments
            </Title>
            <LatePayments rows={data.late_payments} />
          </Stack>
        </>
      )}
    </Stack>
  </Card>
);
