// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme.ts';
import { type Column, DataTable, type DataTableProps } from './data-table.tsx';

type Row = { id: string; name: string; status: string; secret: string };
const rows: Row[] = [
  { id: '1', name: 'Kayak', status: 'Active', secret: 'x' },
  { id: '2', name: 'Canoe', status: 'Draft', secret: 'y' },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (r) => r.name },
  { key: 'status', header: 'Status', sortField: 'status', render: (r) => r.status },
  { key: 'secret', header: 'Internal', render: (r) => r.secret, card: 'hidden' },
  { key: 'actions', header: '', render: (r) => <button type="button">Actions for {r.name}</button> },
];

/** A viewport of `width` px: Mantine's useMediaQuery reads window.matchMedia. */
const viewport = (width: number) => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /min-width:\s*48em/.test(query) ? width >= 768 : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
};

const renderTable = (props: Partial<DataTableProps<Row>> = {}) =>
  render(
    <MantineProvider theme={theme}>
      <DataTable<Row>
        label="Boats"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={false}
        ordering=""
        onSort={() => {}}
        onOrderingChange={() => {}}
        page={1}
        pageSize={25}
        count={2}
        totalPages={1}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
        empty={{ message: 'No boats.' }}
        {...props}
      />
    </MantineProvider>,
  );

describe('DataTable', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a table from the tab breakpoint up', () => {
    viewport(1366);
    renderTable();
    const table = screen.getByRole('table', { name: 'Boats' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Internal')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Boats' })).toBeNull();
  });

  it('below it, one card per row: title, actions, labelled fields, and a sort select', () => {
    viewport(375);
    renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Boats' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const kayak = cards[0];
    expect(within(kayak).getByText('Kayak')).toBeTruthy();
    expect(within(kayak).getByRole('button', { name: 'Actions for Kayak' })).toBeTruthy();
    // Labelled fields (a description list), without the hidden column.
    expect(within(kayak).getByText('Status').tagName).toBe('DT');
    expect(within(kayak).getByText('Active')).toBeTruthy();
    expect(within(kayak).queryByText('Internal')).toBeNull();
    expect(within(kayak).queryByText('x')).toBeNull();
    // No column headers to click: a select sorts instead.
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement).value).toBe('Default order');
  });

  it('says the range and the count, with "+" when the server stopped counting', () => {
    viewport(1366);
    renderTable({ page: 2, count: 1000, totalPages: 40, countCapped: true });
    expect(screen.getByTestId('pager-range').textContent).toBe('26–50 of 1000+');
    cleanup();
    renderTable({ count: 2 });
    expect(screen.getByTestId('pager-range').textContent).toBe('1–2 of 2');
  });

  it('shows the empty state in either layout', () => {
    viewport(375);
    renderTable({ rows: [], count: 0 });
    expect(screen.getByText('No boats.')).toBeTruthy();
  });
});
