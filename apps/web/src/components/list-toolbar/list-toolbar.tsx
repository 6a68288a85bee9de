import { Anchor, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ALL } from '../../lib/list/list-params.ts';
import type { ListParams } from '../../lib/list/use-list-params.ts';
import { ScrollRow } from '../scroll-row.tsx';

/** About how wide a text of the toolbar's small type is (px per character), to size a select to its words. */
const CHAR_PX = 7.4;

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
      const labelWidth = Math.ceil(filter.label.length * 7 + 18);
      // Wide enough for the label and the longest option (up to 360 px); the whole row on a phone,
      // and the full text as the input's title wherever an option is still longer.
      const longest = Math.max(...data.map((o) => o.label.length));
      const fit = Math.min(360, Math.max(filter.width ?? 200, labelWidth + Math.ceil(longest * CHAR_PX) + 44));
      const chosen = data.find((o) => o.value === value)?.label ?? '';
      return filter.kind === 'segmented' ? (
        <ScrollRow key={filter.key} label={`${filter.label} options`}>
          <SegmentedControl
            aria-label={filter.label}
            size="sm"
            data={data}
            value={value}
            onChange={(next) => list.setFilter(filter.key, next)}
          />
        </ScrollRow>
      ) : (
        <Select
          key={filter.key}
          aria-label={filter.label}
          placeholder={filter.label}
          title={`${filter.label}: ${chosen}`}
          data={data}
          value={value}
          allowDeselect={false}
          onChange={(next) => list.setFilter(filter.key, next)}
          w={{ base: '100%', xs: fit }}
          leftSection={
            <Text size="xs" c="dimmed" pl={4} style={{ whiteSpace: 'nowrap' }}>
              {filter.label}
            </Text>
          }
          leftSectionWidth={labelWidth}
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
