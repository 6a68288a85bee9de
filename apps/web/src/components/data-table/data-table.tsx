import { Center, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { orderingDirection } from '../../lib/list/list-params.ts';
import type { ListParams } from '../../lib/list/use-list-params.ts';
import { BREAKPOINTS } from '../../lib/theme.ts';
import { DataCards } from './data-cards.tsx';
import { DataPager } from './data-pager.tsx';
import classes from './data-table.module.css';

export type Column<T> = {
  key: string;
  header: string;
  /** The API ordering field; makes the header sortable. */
  sortField?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** 'hidden': left out of the card layout (below the `tab` breakpoint). */
  card?: 'hidden';
};

export type DataTableProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  ordering: string;
  onSort: (field: string) => void;
  /** Sets the ordering directly (the card layout's "Sort by"). */
  onOrderingChange?: (ordering: string) => void;
  page: number;
  pageSize: number;
  count: number;
  /** The server stopped counting at `count`: there are more ("of 250+"). */
  countCapped?: boolean;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  empty: { message: string; action?: ReactNode };
  /** Narrower cell padding, for a list with many columns that must fit a laptop (`lap`) beside the sidebar. */
  dense?: boolean;
};

/** The table props that come from the list URL state and the paginated response, wired once. */
export const listTableProps = <T,>(
  list: ListParams,
  data: { results: T[]; count: number; total_pages: number; count_capped?: boolean } | undefined,
  fetching: boolean,
) => ({
  rows: data?.results,
  loading: fetching || !list.ready,
  ordering: list.ordering,
  onSort: list.toggleSort,
  onOrderingChange: list.setOrdering,
  page: list.page,
  pageSize: list.pageSize,
  count: data?.count ?? 0,
  countCapped: data?.count_capped ?? false,
  totalPages: data?.total_pages ?? 1,
  onPageChange: list.setPage,
  onPageSizeChange: list.setPageSize,
});

const SortIcon = ({ direction }: { direction: 'asc' | 'desc' | null }) => {
  if (direction === 'asc') return <IconChevronUp size={14} />;
  if (direction === 'desc') return <IconChevronDown size={14} />;
  return <IconSelector size={14} opacity={0.5} />;
};

const HeaderCell = <T,>({ column, ordering, onSort }: { column: Column<T>; ordering: string; onSort: (f: string) => void }) => {
  if (!column.sortField) return <Table.Th style={{ width: column.width, textAlign: column.align }}>{column.header}</Table.Th>;
  const direction = orderingDirection(ordering, column.sortField);
  const field = column.sortField;
  return (
    <Table.Th
      style={{ width: column.width, textAlign: column.align }}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton className={classes.sort} onClick={() => onSort(field)}>
        {column.header}
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
};

const RowsTable = <T,>(props: DataTableProps<T>) => {
  const { columns, rows, loading, pageSize } = props;
  const showSkeleton = loading && !rows;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        verticalSpacing={8}
        horizontalSpacing={props.dense ? 'xs' : 'md'}
        highlightOnHover
        aria-label={props.label}
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} ordering={props.ordering} onSort={props.onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: loading && rows ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          {showSkeleton
            ? Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={i} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={12} radius="sm" width={`${50 + ((i * 17) % 40)}%`} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows?.map((row) => (
                <Table.Tr key={props.rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={{ textAlign: column.align }}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/**
 * A list: sortable headers, skeleton rows while loading, empty state and a pager. Below the `tab`
 * breakpoint the same rows are cards (DataCards), so no list ever scrolls sideways on a phone.
 */
export const DataTable = <T,>(props: DataTableProps<T>) => {
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.tab})`, true, { getInitialValueInEffect: false });
  const { rows, loading } = props;
  return (
    // The cards have borders of their own: no frame around them.
    <Paper withBorder={wide} radius="md" className={classes.wrapper}>
      {wide ? <RowsTable {...props} /> : <DataCards {...props} />}
      {!(loading && !rows) && rows && rows.length === 0 ? (
        <Center py={48} px="md">
          <Stack align="center" gap="sm" ta="center">
            <Text c="dimmed">{props.empty.message}</Text>
            {props.empty.action}
          </Stack>
        </Center>
      ) : null}
      <DataPager {...props} compact={!wide} />
    </Paper>
  );
};
