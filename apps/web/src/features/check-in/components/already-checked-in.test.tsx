// @vitest-environment happy-dom
import type { StaffTicket } from '@excursio/contract/qr-codes';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayFormats } from '../../../lib/format/format.ts';
import { localCheckIn } from '../offline/local-check.ts';
import { OfflineTicket } from './offline-ticket.tsx';
import { TicketResult } from './ticket-result.tsx';

const ticket: StaffTicket = {
  type: 'ticket',
  code: 'ABCDEFGHJKMN',
  organization: 'Demo Adventures',
  reference: '#1042',
  first_name: 'Grace',
  name: 'Grace Hopper',
  experience_title: 'Harbour kayak tour',
  starts_at: '2026-11-30T09:00:00.000Z',
  local_date: '2026-11-30',
  time: '10:00 AM',
  time_zone: 'Europe/Berlin',
  participants: 2,
  party: [{ category: 'Adult', quantity: 2 }],
  status: 'confirmed',
  attendance_status: 'arrived',
  checked_in_at: '2026-11-30T09:02:00.000Z',
  checked_in_by: 'Dana Novak',
};

const inMantine = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-30T09:20:00Z'), toFake: ['Date'] });
  setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '12h' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setDisplayFormats({ date_format: 'DD. MMMM YYYY', time_format: '24h' });
});

describe('a second scan of a ticket checked in already', () => {
  it('online: says large when and by whom, in the organization’s formats, with the full name and the date', () => {
    inMantine(
      <TicketResult
        ticket={ticket}
        signature="none"
        checkedIn={false}
        refusal={null}
        busy={false}
        onCheckIn={() => {}}
        onNext={() => {}}
      />,
    );
    expect(screen.getByTestId('already-checked-in').textContent).toContain('Already checked in at 10:02 AM by Dana Novak');
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText(/^30\. November 2026 · 10:00 AM/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
  });

  it('offline: the day’s list on the phone says it was checked in by another guide; a check-in of its own says this phone', () => {
    const offline = {
      kind: 'ticket' as const,
      code: ticket.code,
      token: null,
      claims: null,
      signature: 'none' as const,
      booking: {
        booking_id: '0197a3c1-5b2e-7d40-9a1f-2c3d4e5f6a7b',
        code: ticket.code,
        order_reference: ticket.reference,
        name: ticket.name,
        experience_id: null,
        experience_title: ticket.experience_title,
        slot_id: '0197a3c1-0000-7abc-8def-0123456789ab',
        starts_at: ticket.starts_at,
        ends_at: '2026-11-30T11:00:00.000Z',
        local_date: ticket.local_date,
        time: ticket.time,
        time_zone: ticket.time_zone,
        participants: 2,
        party: ticket.party,
        answers: [],
        status: 'confirmed' as const,
        attendance_status: 'arrived' as const,
        checked_in_at: ticket.checked_in_at,
        checked_in_by: 'Dana Novak',
        checked_in_device_id: 'phone-b',
      },
    };
    const decision = localCheckIn(offline, [], new Date());
    const { unmount } = inMantine(
      <OfflineTicket ticket={offline} decision={decision} mine={null} onCheckIn={() => {}} onNext={() => {}} />,
    );
    expect(screen.getByTestId('already-checked-in').textContent).toContain('Already checked in at 10:02 AM by Dana Novak');
    unmount();

    const open = {
      ...offline,
      booking: { ...offline.booking, attendance_status: 'open' as const, checked_in_at: null, checked_in_by: null },
    };
    const queued = [
      {
        client_event_id: 'e1',
        code: ticket.code,
        token: null,
        checked_in_at: '2026-11-30T09:15:00.000Z',
        booking_id: open.booking.booking_id,
      },
    ];
    inMantine(
      <OfflineTicket
        ticket={open}
        decision={localCheckIn(open, queued, new Date())}
        mine={null}
        onCheckIn={() => {}}
        onNext={() => {}}
      />,
    );
    expect(screen.getByTestId('already-checked-in').textContent).toContain('Already checked in at 10:15 AM on this phone');
  });
});
