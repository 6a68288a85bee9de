// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import { PERMISSION_SETS, PERMISSION_TITLES, type PermissionTitle } from '@excursio/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/api.ts';
import { appInfoSlice } from '../../../lib/auth/app-info.slice.ts';
import { userSlice } from '../../../lib/auth/user.slice.ts';
import { theme } from '../../../lib/theme.ts';
import { CreateKeyModal } from './create-key-modal.tsx';

const SECRET = `exc_live_${'Ab3'.repeat(13)}x`;
const sets = (titles: readonly PermissionTitle[]) => titles.map((title) => ({ title, codenames: PERMISSION_SETS[title] }));

const setup = (titles: PermissionTitle[]) => {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      posted.push(await input.json());
      const body = {
        id: '0190f0c8-7b7d-7cc2-8f5e-2d5a1b1c9a01',
        name: 'Booking sync',
        prefix: SECRET.slice(0, 17),
        scopes: ['View experiences'],
        status: 'active',
        created_at: '2031-01-01T00:00:00Z',
        created_by: null,
        last_used_at: null,
        revoked_at: null,
        secret: SECRET,
      };
      return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
    }),
  );
  const store = configureStore({
    reducer: { user: userSlice.reducer, appInfo: appInfoSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
    preloadedState: {
      appInfo: { appInfo: { permission_sets: sets(PERMISSION_TITLES) } as never },
      user: { user: { role: { id: 'r', name: 'Role', permission_sets: sets(titles) } } as never },
    },
  });
  const onClose = vi.fn();
  const view = (opened: boolean) => (
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <CreateKeyModal opened={opened} onClose={onClose} />
      </MantineProvider>
    </Provider>
  );
  const rendered = render(view(true));
  return { posted, onClose, reopen: () => rendered.rerender(view(true)), close: () => rendered.rerender(view(false)) };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new API key dialog', () => {
  it('offers only the permissions a key may hold, and only those the person holds can be ticked', () => {
    setup(['Manage account', 'View experiences', 'Manage users', 'Manage cart']);
    const names = screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'));
    expect(names).toEqual([
      'Manage experiences',
      'Manage customers',
      'Manage stores',
      'Manage inventory',
      'Manage orders',
      'View experiences',
    ]);
    expect((screen.getByRole('checkbox', { name: 'View experiences' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Manage orders/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows the secret once, after creating, and forgets it when closed', async () => {
    const { posted, onClose } = setup(['Manage account', 'View experiences']);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Booking sync' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'View experiences' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText('This is the only time the key is shown.', { exact: false })).toBeTruthy();
    expect(posted).toEqual([{ name: 'Booking sync', scopes: ['View experiences'] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });
});
