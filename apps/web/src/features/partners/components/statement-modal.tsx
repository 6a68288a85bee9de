import type { Partnership, Statement } from '@excursio/contract/partners';
import { Alert, Group, Modal, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useDownloadStatementMutation, useGetStatementQuery } from '../../../lib/api/partners.api.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { monthLabel, partnerLabel, statementMonths } from '../../../lib/format/partner-format.ts';

const numeric = { fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

const Totals = ({ statement }: { statement: Statement }) => {
  const money = (minor: number) => formatMoney(minor, statement.currency ?? 'EUR');
  const t = statement.totals;
  const rows: [string, string][] = [
    ['Sales', String(t.sales)],
    ['Gross', money(t.gross)],
    ['Canceled', money(t.canceled)],
    ['Collected', money(t.collected)],
    ['Commission', money(t.commission)],
    ['Net to the supplier', money(t.net)],
  ];
  return (
    <Stack gap="sm">
      <Table aria-label="Statement totals" verticalSpacing={6} withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500}>{label}</Table.Th>
              <Table.Td style={numeric}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Alert color="blue" variant="light" icon={<IconScale size={18} />} title="Settlement">
        <span data-testid="statement-settlement">{statement.settlement.label}</span>
      </Alert>
    </Stack>
  );
};

/** "Monthly statement": a month's resales of the partnership in figures, and the CSV / PDF files. */
export const StatementModal = ({ partnership, onClose }: { partnership: Partnership | null; onClose: () => void }) => (
  <Modal
    opened={partnership !== null}
    onClose={onClose}
    title={partnership ? `Statement · ${partnerLabel(partnership)}` : 'Monthly statement'}
    size="md"
  >
    {partnership ? <StatementBody partnership={partnership} /> : null}
  </Modal>
);

const StatementBody = ({ partnership }: { partnership: Partnership }) => {
  const months = statementMonths(partnership.accepted_at ?? partnership.created_at);
  const [month, setMonth] = useState(months[0]);
  const statement = useGetStatementQuery({ id: partnership.id, month });
  // The month shown, never the previous month's figures while the next one loads.
  const data = statement.currentData;
  const [download, downloading] = useDownloadStatementMutation();
  const [format, setFormat] = useState<'csv' | 'pdf' | null>(null);
  const save = async (f: 'csv' | 'pdf') => {
    setFormat(f);
    await download({ id: partnership.id, month, format: f });
    setFormat(null);
  };

  return (
    <Stack gap="md">
      <Select
        label="Month"
        data={months.map((value) => ({ value, label: monthLabel(value) }))}
        value={month}
        allowDeselect={false}
        onChange={(value) => value && setMonth(value)}
        w={{ base: '100%', xs: 240 }}
        comboboxProps={{ withinPortal: true }}
      />
      {statement.isFetching && !data ? (
        <Skeleton h={220} radius="md" />
      ) : data ? (
        data.totals.sales === 0 ? (
          <Text size="sm" c="dimmed">
            No resales in {monthLabel(month)}.
          </Text>
        ) : (
          <Totals statement={data} />
        )
      ) : (
        <Text size="sm" c="dimmed">
          The statement could not be loaded.
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="standard"
          leftSection={<IconDownload size={16} />}
          loading={downloading.isLoading && format === 'csv'}
          disabled={downloading.isLoading && format !== 'csv'}
          onClick={() => save('csv')}
        >
          Download CSV
        </Button>
        <Button
          variant="secondary"
          leftSection={<IconDownload size={16} />}
          loading={downloading.isLoading && format === 'pdf'}
          disabled={downloading.isLoading && format !== 'pdf'}
          onClick={() => save('pdf')}
        >
          Download PDF
        </Button>
      </Group>
    </Stack>
  );
};
