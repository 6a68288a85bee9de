import { Box, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type FindingColumn<T> = {
  header: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
  /** A whole row of the card (long text, a badge); otherwise half of one. */
  wide?: boolean;
};

/**
 * A short list of findings: a table from the `sm` breakpoint up, labelled cards below it (a
 * scrolled table on a phone made every row as tall as its longest cell).
 */
export const Findings = <T extends { id: string }>({
  label,
  rows,
  columns,
}: {
  label: string;
  rows: T[];
  columns: FindingColumn<T>[];
}) => (
  <>
    <Box visibleFrom="sm">
      <Table aria-label={label} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} style={{ textAlign: c.align }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((c) => (
                <Table.Td
                  key={c.header}
                  style={{
                    textAlign: c.align,
                    whiteSpace: c.nowrap ? 'nowrap' : undefined,
                    fontVariantNumeric: c.align === 'right' ? 'tabular-nums' : undefined,
                  }}
                >
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
    <Stack hiddenFrom="sm" gap="xs" role="list" aria-label={label}>
      {rows.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="sm" role="listitem">
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
            {columns.map((c) => (
              <Stack key={c.header} gap={0} style={c.wide ? { gridColumn: '1 / -1' } : undefined}>
                <Text size="xs" c="dimmed">
                  {c.header}
                </Text>
                <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.render(row)}
                </Box>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  </>
);
