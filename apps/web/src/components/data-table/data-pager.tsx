import { PAGE_SIZES } from '@excursio/contract/list';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './data-table.module.css';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);

export type PagerProps = {
  page: number;
  pageSize: number;
  count: number;
  /** The server stopped counting at `count`: there are more (shown as "1000+"). */
  countCapped?: boolean;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Fewer page buttons (narrow screens). */
  compact?: boolean;
};

/** Under a list: rows per page (5/10/25/50), "x–y of N", and the pages. */
export const DataPager = ({
  page,
  pageSize,
  count,
  countCapped,
  totalPages,
  onPageChange,
  onPageSizeChange,
  compact,
}: PagerProps) => {
  const labelId = useId();
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, count);
  return (
    <Group
      justify="space-between"
      px={compact ? 0 : 'md'}
      py="sm"
      className={compact ? undefined : classes.footer}
      wrap="wrap"
      gap="sm"
    >
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" id={labelId} style={{ whiteSpace: 'nowrap' }}>
          Rows per page
        </Text>
        <Select
          aria-labelledby={labelId}
          size="xs"
          w={76}
          data={PAGE_SIZE_OPTIONS}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed" data-testid="pager-range" style={{ whiteSpace: 'nowrap' }}>
          {first}–{last} of {count}
          {countCapped ? '+' : ''}
        </Text>
      </Group>
      <Pagination
        size="sm"
        total={Math.max(totalPages, 1)}
        value={page}
        onChange={onPageChange}
        siblings={compact ? 0 : 1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
};
