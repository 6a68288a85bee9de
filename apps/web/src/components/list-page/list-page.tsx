import { Menu, Stack } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListSpec } from '../../lib/list/list-params.ts';
import { type ListParams, useListParams, useResetPageOnNotFound } from '../../lib/list/use-list-params.ts';
import { IconButton } from '../button.tsx';
import { type Column, DataTable, listTableProps } from '../data-table/data-table.tsx';
import { type ListFilter, ListToolbar } from '../list-toolbar/list-toolbar.tsx';
import { PageAction } from '../shell/page-action.tsx';

type Page<T> = { results: T[]; count: number; total_pages: number; count_capped?: boolean };
type ListQueryHook<T> = (
  query: ListParams['apiQuery'],
  options: { skip: boolean; refetchOnMountOrArgChange?: boolean },
) => { data?: Page<T>; isFetching: boolean; error?: unknown };

/**
 * A list page's URL state and its query, wired once: the query waits until the URL is valid, and a
 * page past the end goes back to page 1.
 */
export const useListPage = <T,>(spec: ListSpec, useQuery: ListQueryHook<T>, options: { refetchOnMount?: boolean } = {}) => {
  const list = useListParams(spec);
  const { data, isFetching, error } = useQuery(list.apiQuery, {
    skip: !list.ready,
    ...(options.refetchOnMount ? { refetchOnMountOrArgChange: true } : {}),
  });
  useResetPageOnNotFound(list, error);
  return { list, data, isFetching };
};

/** One action of a row: a link or a click, hidden for the rows it does not apply to. */
export type RowAction<T> = {
  label: string;
  icon: ReactNode;
  onClick?: (row: T) => void;
  to?: (row: T) => string;
  danger?: boolean;
  hidden?: (row: T) => boolean;
};

/**
 * A row's actions: one action is an icon button of its own (named "{label} {row}"), several are a
 * menu behind "Actions for {row}". The `actions` column every list puts last.
 */
export const rowActionsColumn = <T,>(name: (row: T) => string, actions: RowAction<T>[]): Column<T> => ({
  key: 'actions',
  header: '',
  width: 60,
  align: 'right',
  render: (row) => <RowActions row={row} name={name(row)} actions={actions.filter((a) => !a.hidden?.(row))} />,
});

const RowActions = <T,>({ row, name, actions }: { row: T; name: string; actions: RowAction<T>[] }) => {
  if (actions.length === 0) return null;
  if (actions.length === 1) {
    const [only] = actions;
    return (
      <IconButton label={`${only.label} ${name}`} onClick={() => only.onClick?.(row)}>
        {only.icon}
      </IconButton>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <IconButton label={`Actions for ${name}`}>
          <IconDots size={18} />
        </IconButton>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) =>
          a.to ? (
            <Menu.Item key={a.label} component={Link} to={a.to(row)} leftSection={a.icon} color={a.danger ? 'red' : undefined}>
              {a.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={a.label} leftSection={a.icon} color={a.danger ? 'red' : undefined} onClick={() => a.onClick?.(row)}>
              {a.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

/**
 * A list page (specification "List behaviour"): the primary action in the header, the toolbar
 * (search, filters, reset), the table with its pager and empty state, then the page's dialogs.
 */
export const ListPage = <T,>({
  list,
  data,
  isFetching,
  label,
  search,
  filters,
  columns,
  rowKey,
  action,
  emptyText,
  noMatchText,
  children,
}: {
  list: ListParams;
  data: Page<T> | undefined;
  isFetching: boolean;
  /** The table's accessible name ("API keys"). */
  label: string;
  search: { label: string; placeholder: string };
  filters?: ListFilter[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** The page's primary action (header on a laptop, top of the content on a phone; also the empty state's). */
  action?: ReactNode;
  emptyText: string;
  noMatchText: string;
  /** The page's dialogs and drawers. */
  children?: ReactNode;
}) => (
  <Stack gap={0}>
    {action ? <PageAction>{action}</PageAction> : null}
    <ListToolbar list={list} searchLabel={search.label} searchPlaceholder={search.placeholder} filters={filters} />
    <DataTable
      label={label}
      columns={columns}
      rowKey={rowKey}
      {...listTableProps(list, data, isFetching)}
      empty={{
        message: list.hasActiveFilters ? noMatchText : emptyText,
        action: list.hasActiveFilters ? undefined : action,
      }}
    />
    {children}
  </Stack>
);
