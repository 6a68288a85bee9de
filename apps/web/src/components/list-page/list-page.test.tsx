// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme.ts';
import { rowActionsColumn } from './list-page.tsx';

type Row = { id: string; name: string; kind: 'link' | 'ticket' };

const renderCell = (node: React.ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element: node }]);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
};

describe('rowActionsColumn', () => {
  afterEach(cleanup);

  it('one action is an icon button named with the row; a click acts on that row', () => {
    const revoke = vi.fn();
    const column = rowActionsColumn<Row>((r) => r.name, [{ label: 'Revoke', icon: null, onClick: revoke }]);
    const row: Row = { id: '1', name: 'Booking sync', kind: 'link' };
    renderCell(column.render(row));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Booking sync' }));
    expect(revoke).toHaveBeenCalledWith(row);
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('several actions are a menu behind "Actions for …", leaving out those hidden for the row', async () => {
    const edit = vi.fn();
    const actions = [
      { label: 'Open', icon: null, onClick: vi.fn() },
      { label: 'Download PNG', icon: null, onClick: vi.fn() },
      { label: 'Edit', icon: null, onClick: edit, hidden: (r: Row) => r.kind === 'ticket' },
    ];
    const column = rowActionsColumn<Row>((r) => r.name, actions);
    renderCell(column.render({ id: '2', name: 'Poster', kind: 'link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Poster' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledWith({ id: '2', name: 'Poster', kind: 'link' });
    cleanup();

    renderCell(column.render({ id: '3', name: 'Ticket', kind: 'ticket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ticket' }));
    expect(await screen.findByRole('menuitem', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  });

  it('a row with no action left shows nothing', () => {
    const column = rowActionsColumn<Row>((r) => r.name, [{ label: 'Revoke', icon: null, hidden: () => true }]);
    renderCell(column.render({ id: '4', name: 'Old key', kind: 'link' }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
