// @vitest-environment happy-dom
import { MESSAGES } from '@excursio/contract/messages';
import { PERMISSION_SETS, PERMISSION_TITLES, type PermissionTitle } from '@excursio/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appInfoSlice } from '../../lib/auth/app-info.slice.ts';
import { userSlice } from '../../lib/auth/user.slice.ts';
import { theme } from '../../lib/theme.ts';
import { AccessGuard } from './access-guards.tsx';

const sets = (titles: readonly PermissionTitle[]) => titles.map((title) => ({ title, codenames: PERMISSION_SETS[title] }));
const READ: PermissionTitle[] = ['View experiences', 'Manage orders'];

const renderGuard = (
  titles: PermissionTitle[],
  features: string[],
  guard: { any?: boolean },
  at = '/bookings/overview?pageSize=25',
  type = 'supplier',
) => {
  const store = configureStore({
    reducer: { user: userSlice.reducer, appInfo: appInfoSlice.reducer },
    preloadedState: {
      appInfo: { appInfo: { permission_sets: sets(PERMISSION_TITLES) } as never },
      user: {
        user: {
          role: { id: 'r', name: 'Role', permission_sets: sets(titles) },
          base_account: { active_subscription_features: features, type },
        } as never,
      },
    },
  });
  render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[at]}>
          <AccessGuard permissions={READ} features={['bookings']} {...guard}>
            <p>The page</p>
          </AccessGuard>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
};

afterEach(cleanup);

describe('AccessGuard', () => {
  it('with `any`, lets either permission in', () => {
    for (const titles of [['View experiences'], ['Manage orders'], READ] as PermissionTitle[][]) {
      renderGuard(titles, ['bookings'], { any: true });
      expect(screen.getByText('The page'), titles.join(' + ')).toBeTruthy();
      cleanup();
    }
  });

  it('with `any`, refuses a role with neither, with the specification’s copy', () => {
    renderGuard(['Manage inventory'], ['bookings'], { any: true });
    expect(screen.queryByText('The page')).toBeNull();
    expect(screen.getByText(MESSAGES.noPermission)).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.goToDashboard }).getAttribute('href')).toBe('/dashboard');
  });

  it('without `any`, still needs every permission', () => {
    renderGuard(['Manage orders'], ['bookings'], {});
    expect(screen.getByText(MESSAGES.noPermission)).toBeTruthy();
    cleanup();
    renderGuard(READ, ['bookings'], {});
    expect(screen.getByText('The page')).toBeTruthy();
  });

  it('checks the plan feature after the permission', () => {
    renderGuard(['Manage orders'], ['experiences'], { any: true });
    expect(screen.queryByText('The page')).toBeNull();
    expect(screen.getByText(MESSAGES.noFeature)).toBeTruthy();
    const upgrade = new URL(screen.getByRole('link', { name: MESSAGES.upgradeNow }).getAttribute('href') ?? '', 'http://x');
    expect(upgrade.pathname).toBe('/settings/subscription/supplier-plans');
    // …and back to the guarded page after paying.
    expect(upgrade.searchParams.get('return_path')).toBe('/bookings/overview?pageSize=25');
  });

  it('leads an affiliate to the affiliate plans', () => {
    renderGuard(['Manage orders'], [], { any: true }, '/sales/stores', 'affiliate');
    const upgrade = new URL(screen.getByRole('link', { name: MESSAGES.upgradeNow }).getAttribute('href') ?? '', 'http://x');
    expect(upgrade.pathname).toBe('/settings/subscription/affiliate-plans');
    expect(upgrade.searchParams.get('return_path')).toBe('/sales/stores');
  });
});
