import { describe, expect, it } from 'vitest';
import { readCalendarPlace, withDate, withMonth, withoutFilters } from './capacity-params.ts';

const params = (query: string) => new URLSearchParams(query);

describe('calendar place in the URL', () => {
  it('reads month and year, else the opened day’s month, else today’s', () => {
    expect(readCalendarPlace(params('month=3&year=2027&date=2027-03-04'), '2026-12-01')).toEqual({
      year: 2027,
      month: 3,
      date: '2027-03-04',
    });
    expect(readCalendarPlace(params('date=2027-05-20'), '2026-12-01')).toEqual({ year: 2027, month: 5, date: '2027-05-20' });
    expect(readCalendarPlace(params(''), '2026-12-01')).toEqual({ year: 2026, month: 12, date: null });
  });

  it('ignores a month, year or date that is not one', () => {
    for (const query of ['month=13&year=2026', 'month=0&year=2026', 'month=2&year=1999', 'month=x&year=2026', 'month=2']) {
      expect(readCalendarPlace(params(query), '2026-12-01'), query).toEqual({ year: 2026, month: 12, date: null });
    }
    expect(readCalendarPlace(params('date=2026-02-30'), '2026-12-01').date).toBeNull();
    expect(readCalendarPlace(params('date=yesterday'), '2026-12-01').date).toBeNull();
  });

  it('changes the month, keeping the filters; a day of another month closes', () => {
    const away = withMonth(params('pageSize=25&page=2&date=2026-12-03&experience_id=x'), { year: 2027, month: 1 });
    expect(Object.fromEntries(away)).toEqual({ pageSize: '25', experience_id: 'x', month: '1', year: '2027' });
    const back = withMonth(params('pageSize=25&page=2&date=2026-12-03&experience_id=x'), { year: 2026, month: 12 });
    expect(Object.fromEntries(back)).toEqual({
      pageSize: '25',
      page: '2',
      date: '2026-12-03',
      experience_id: 'x',
      month: '12',
      year: '2026',
    });
  });

  it('opens a day with its month and starts its list at page 1; the same day keeps the page', () => {
    const opened = withDate(params('pageSize=10&page=3&date=2026-12-03&month=12&year=2026'), '2027-01-15');
    expect(Object.fromEntries(opened)).toEqual({ pageSize: '10', date: '2027-01-15', month: '1', year: '2027' });
    const same = withDate(params('pageSize=10&page=3&date=2026-12-03'), '2026-12-03');
    expect(same.get('page')).toBe('3');
    expect(withDate(params('date=2026-12-03&page=2&month=12&year=2026'), null).toString()).toBe('month=12&year=2026');
  });

  it('resets the offer filter and the search but keeps the place and pageSize', () => {
    const reset = withoutFilters(
      params('pageSize=50&page=2&search=tour&experience_id=x&date=2026-12-03&month=12&year=2026&ordering=-booked'),
    );
    expect(Object.fromEntries(reset)).toEqual({
      pageSize: '50',
      date: '2026-12-03',
      month: '12',
      year: '2026',
      ordering: '-booked',
    });
  });
});
