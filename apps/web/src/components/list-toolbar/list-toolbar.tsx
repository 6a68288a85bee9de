import { Anchor, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ALL } from '../../lib/list/list-params.ts';
import type { ListParams } from '../../lib/list/use-list-params.ts';

export type ListFilter = {
  key: string;
  label: string;
  options: { value: string; label: string }[];
  kind?: 'select' | 'segmented';
  /** What 'no filter' reads ('All' unless said, e.g. 'All time' for a date range, spec §9). */
  allLabel?: string;
  /** Width of the select in px (200 unless its options need more). */
  width?: number;
};

/** Search (debounced in the hook), filters with 'All' first, and 'Reset filters' when any is set. */
export const ListToolbar = ({
  list,
  filters = [],
  searchLabel = 'Search',
  searchPlaceholder = 'Search…',
}: {
  list: ListParams;
  filters?: ListFilter[];
  searchLabel?: string;
  searchPlaceholder?: string;
}) => (
  <Group gap="sm" mb="md" wrap="wrap" align="center">
    <TextInput
      aria-label={searchLabel}
      placeholder={searchPlaceholder}
      leftSection={<IconSearch size={15} />}
      value={list.searchInput}
      onChange={(event) => list.setSearchInput(event.currentTarget.value)}
      w={{ base: '100%', sm: 280 }}
      type="search"
    />
    {filters.map((filter) => {
      const data = [{ value: ALL, label: filter.allLabel ?? 'All' }, ...filter.options];
      const value = list.filters[filter.key] ?? ALL;
      return filter.kind === 'segmented' ? (
        <SegmentedControl
          key={filter.key}
          aria-label={filter.label}
          size="sm"
          data={data}
          value={value}
          onChange={(next) => list.setFilter(filter.key, next)}
        />
      ) : (
        <Select
          key={filter.key}
          aria-label={filter.label}
          placeholder={filter.label}
          data={data}
          value={value}
          allowDeselect={false}
          onChange={(next) => list.setFilter(filter.key, next)}
          w={filter.width ?? 200}
          leftSection={
            <Text size="xs" c="dimmed" pl={4}>
              {filter.label}
            </Text>
          }
          leftSectionWidth={filter.label.length * 7 + 18}
          leftSectionPointerEvents="none"
        />
      );
    })}
    {list.hasActiveFilters ? (
      <Anchor component="button" type="button" size="sm" onClick={list.reset}>
        Reset filters
      </Anchor>
    ) : null}
  </Group>
);
