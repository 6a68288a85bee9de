import { PAGE_SIZES } from '@excursio/contract/list';
import { Center, Group, Pagination, Paper, Select, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { orderingDirection } from '../../lib/list/list-params.ts';
import type { ListParams } from '../../lib/list/use-list-params.ts';
import classes from './data-table.module.css';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);

export type Column<T> = {
  key: string;
  header: string;
  /** The API ordering field; makes the header sortable. */
  sortField?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
};

export type DataTableProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  ordering: string;
  onSort: (field: string) => void;
  page: number;
  pageSize: number;
  count: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  empty: { message: string; action?: ReactNode };
};

/** The table props that come from the list URL state and the paginated response, wired once. */
export const listTableProps = <T,>(
  list: ListParams,
  data: { results: T[]; count: number; total_pages: number } | undefined,
  fetching: boolean,
) => ({
  rows: data?.results,
  loading: fetching || !list.ready,
  ordering: list.ordering,
  onSort: list.toggleSort,
  page: list.page,
  pageSize: list.pageSize,
  count: data?.count ?? 0,
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

/** A list table: sortable headers, skeleton rows while loading, empty state and a pager. */
export const DataTable = <T,>(props: DataTableProps<T>) => {
  const { columns, rows, loading, page, pageSize, count, totalPages } = props;
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, count);
  const showSkeleton = loading && !rows;
  return (
    <Paper withBorder radius="md" className={classes.wrapper}>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={8} horizontalSpacing="md" highlightOnHover aria-label={props.label} aria-busy={loading}>
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
      {!showSkeleton && rows && rows.length === 0 ? (
        <Center py={48}>
          <Stack align="center" gap="sm">
            <Text c="dimmed">{props.empty.message}</Text>
            {props.empty.action}
          </Stack>
        </Center>
      ) : null}
      <Group justify="space-between" px="md" py="sm" className={classes.footer} wrap="wrap" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" id="rows-per-page-label">
            Rows per page
          </Text>
          <Select
            aria-labelledby="rows-per-page-label"
            size="xs"
            w={76}
            data={PAGE_SIZE_OPTIONS}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(value) => value && props.onPageSizeChange(Number(value))}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="sm" c="dimmed" data-testid="pager-range">
            {first}–{last} of {count}
          </Text>
        </Group>
        <Pagination
          size="sm"
          total={Math.max(totalPages, 1)}
          value={page}
          onChange={props.onPageChange}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    </Paper>
  );
};
