import type { BookingListItem } from '@excursio/contract/orders';
import { describe, expect, it } from 'vitest';
import { csvCell, manifestCsv } from './manifest-csv.ts';

describe('manifest CSV', () => {
  it('keeps formulas as text and quotes every cell', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('Anna "Nan" Lee')).toBe('"Anna ""Nan"" Lee"');
    expect(csvCell(3)).toBe('"3"');
  });

  it('writes one row per booking under a header', () => {
    const row: BookingListItem = {
      id: 'b',
      order_id: 'o',
      order_reference: '#7',
      experience_id: 'e',
      experience_title: 'Kayak, harbour',
      starts_at: '2026-12-01T09:00:00.000Z',
      ends_at: '2026-12-01T11:00:00.000Z',
      local_date: '2026-12-01',
      time: '10:00',
      time_zone: 'Europe/Berlin',
      status: 'confirmed',
      phase: 'confirmed',
      attendance_status: 'arrived',
      participants: 3,
      party: [
        { pricing_category_id: 'a', quantity: 2, unit_price: 100, amount: 200 },
        { pricing_category_id: 'c', quantity: 1, unit_price: 50, amount: 50 },
      ],
      contact: { first_name: '=cmd', last_name: 'Lee', email: 'lee@example.test', phone: '+49 30 1234' },
    };
    const csv = manifestCsv(
      [row],
      new Map([
        ['a', 'Adult'],
        ['c', 'Child'],
      ]),
    );
    const [header, line] = csv.split('\r\n');
    expect(header).toBe(
      '"Time","Offer","Order","First name","Last name","Email","Phone","Participants","Party","Status","Attendance"',
    );
    expect(line).toBe(
      '"10:00","Kayak, harbour","#7","\'=cmd","Lee","lee@example.test","\'+49 30 1234","3","2 × Adult, 1 × Child","Confirmed","Arrived"',
    );
  });
});
