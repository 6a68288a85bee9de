import { Box, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import classes from './data-table.module.css';
import type { Column, DataTableProps } from './data-table.tsx';

const DEFAULT_ORDER = '';

/** "Sort by" for the card layout, which has no column headers: every sortable column, both ways. */
const SortSelect = <T,>({
  columns,
  ordering,
  onChange,
}: {
  columns: Column<T>[];
  ordering: string;
  onChange: (o: string) => void;
}) => {
  const sortable = columns.filter((c): c is Column<T> & { sortField: string } => Boolean(c.sortField));
  if (sortable.length === 0) return null;
  const data = [
    { value: DEFAULT_ORDER, label: 'Default order' },
    ...sortable.flatMap((c) => [
      { value: c.sortField, label: `${c.header}, ascending` },
      { value: `-${c.sortField}`, label: `${c.header}, descending` },
    ]),
  ];
  return (
    <Select
      label="Sort by"
      size="xs"
      data={data}
      value={data.some((d) => d.value === ordering) ? ordering : DEFAULT_ORDER}
      allowDeselect={false}
      onChange={(value) => onChange(value ?? DEFAULT_ORDER)}
      comboboxProps={{ withinPortal: true }}
      mb="sm"
      maw={260}
    />
  );
};

/**
 * The list below the `tab` breakpoint: one card per row. The first column is the card's title, the
 * `actions` column sits at its top right, every other column is a labelled field (unless `card` is
 * 'hidden'). No sideways scrolling, whatever the columns.
 */
export const DataCards = <T,>(props: DataTableProps<T> & { onOrderingChange?: (ordering: string) => void }) => {
  const { columns, rows, loading, pageSize, label } = props;
  const [title, ...rest] = columns.filter((c) => c.key !== 'actions' && c.card !== 'hidden');
  const actions = columns.find((c) => c.key === 'actions');
  const showSkeleton = loading && !rows;
  return (
    <>
      {props.onOrderingChange ? (
        <SortSelect columns={columns} ordering={props.ordering} onChange={props.onOrderingChange} />
      ) : null}
      <Stack
        component="ul"
        aria-label={label}
        aria-busy={loading}
        gap="sm"
        p={0}
        m={0}
        className={classes.cards}
        style={{ opacity: loading && rows ? 0.6 : 1 }}
      >
        {showSkeleton
          ? Array.from({ length: Math.min(pageSize, 4) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
              <Paper key={i} component="li" withBorder radius="md" p="sm" data-testid="skeleton-card">
                <Skeleton height={14} width="60%" mb="sm" />
                <Skeleton height={10} width="80%" />
              </Paper>
            ))
          : rows?.map((row) => (
              <Paper key={props.rowKey(row)} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Box className={classes.cardValue} style={{ flex: 1 }}>
                    {title?.render(row)}
                  </Box>
                  {actions ? <Box style={{ flex: 'none' }}>{actions.render(row)}</Box> : null}
                </Group>
                {rest.length > 0 ? (
                  <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing={8} mt="xs" mb={0}>
                    {rest.map((column) => (
                      <div key={column.key} className={classes.cardValue}>
                        <Text component="dt" size="xs" c="dimmed">
                          {column.header}
                        </Text>
                        <Box component="dd" m={0}>
                          {column.render(row)}
                        </Box>
                      </div>
                    ))}
                  </SimpleGrid>
                ) : null}
              </Paper>
            ))}
      </Stack>
    </>
  );
};
