// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import { PERMISSION_SETS, PERMISSION_TITLES, type PermissionTitle } from '@excursio/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/api.ts';
import { appInfoSlice } from '../../../lib/auth/app-info.slice.ts';
import { userSlice } from '../../../lib/auth/user.slice.ts';
import { theme } from '../../../lib/theme.ts';
import { UpcomingStarts } from './upcoming-starts.tsx';

const OFFER = '0198f1d2-7c3a-7b8e-9f00-1a2b3c4d5e6f';
const sets = (titles: readonly PermissionTitle[]) => titles.map((title) => ({ title, codenames: PERMISSION_SETS[title] }));

const slot = (date: string, time: string, available: number | null, bookable = true) => ({
  id: `${date}_x`,
  start_time_id: '0198f1d2-7c3a-7b8e-9f00-aaaaaaaaaaaa',
  date,
  time,
  time_zone: 'Europe/Lisbon',
  starts_at: `${date}T${time}:00Z`,
  ends_at: `${date}T${time}:00Z`,
  sales_end_at: `${date}T${time}:00Z`,
  capacity: 15,
  booked: 0,
  held: 0,
  available,
  closed: !bookable,
  bookable,
  unbookable_reason: bookable ? null : 'closed',
  rate_ids: [],
});

const setup = (answer: object, titles: PermissionTitle[] = ['View experiences'], features = ['bookings']) => {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requested.push(new URL(input.url).pathname + new URL(input.url).search);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const store = configureStore({
    reducer: { user: userSlice.reducer, appInfo: appInfoSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
    preloadedState: {
      appInfo: { appInfo: { permission_sets: sets(PERMISSION_TITLES) } as never },
      user: {
        user: {
          role: { id: 'r', name: 'Role', permission_sets: sets(titles) },
          base_account: { active_subscription_features: features },
        } as never,
      },
    },
  });
  render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <UpcomingStarts experienceId={OFFER} />
      </MantineProvider>
    </Provider>,
  );
  return requested;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UpcomingStarts', () => {
  it('lists the bookable starts with date, time and places left, and names the zone', async () => {
    const requested = setup({
      experience_id: OFFER,
      time_zone: 'Europe/Lisbon',
      sellable: true,
      results: [slot('2026-12-05', '10:00', 15), slot('2026-12-05', '16:00', 0, false), slot('2026-12-06', '10:00', 1)],
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '05. December 2026 10:0015 places left',
      '06. December 2026 10:001 place left',
    ]);
    expect(screen.getByText('Times in Europe/Lisbon')).toBeTruthy();
    expect(screen.queryByText('Once published')).toBeNull();
    expect(requested).toEqual([`/api/bookings/upcoming/?experience_id=${OFFER}&limit=6`]);
  });

  it('says "Once published" for an offer that is not Active yet', async () => {
    setup({ experience_id: OFFER, time_zone: 'UTC', sellable: false, results: [slot('2026-12-05', '09:30', null)] });
    const section = await screen.findByTestId('upcoming-starts');
    expect(await within(section).findByText('Once published')).toBeTruthy();
    expect(within(section).getByRole('listitem').textContent).toBe('05. December 2026 09:30No limit');
  });

  it('says what is missing when nothing can be booked', async () => {
    setup({ experience_id: OFFER, time_zone: 'UTC', sellable: true, results: [] });
    expect(await screen.findByText('No bookable starts yet — add a schedule and a priced rate')).toBeTruthy();
  });

  it('is not shown (and not asked for) without a reading permission or the bookings feature', () => {
    const noRole = setup({}, ['Manage inventory']);
    expect(screen.queryByTestId('upcoming-starts')).toBeNull();
    cleanup();
    const noPlan = setup({}, ['View experiences'], ['experiences']);
    expect(screen.queryByTestId('upcoming-starts')).toBeNull();
    expect([...noRole, ...noPlan]).toEqual([]);
  });
});
