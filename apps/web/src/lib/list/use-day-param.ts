import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { organizationToday } from '../format/format.ts';
import { isRealDay } from './list-params.ts';

/**
 * A page's day in the URL (`?date=YYYY-MM-DD`): a missing one is today in the organization's zone;
 * one that is not a real day (`2026-13-45`, hand-edited) is corrected to today in the URL (replace),
 * so the page never heads itself with another date than the one it shows.
 */
export const useDayParam = (name = 'date', correct: (params: URLSearchParams, day: string) => URLSearchParams = setDay(name)) => {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const today = organizationToday();
  const bad = raw !== null && !isRealDay(raw);
  useEffect(() => {
    if (bad) setParams((current) => correct(current, today), { replace: true });
  }, [bad, today, setParams, correct]);
  return raw !== null && !bad ? raw : today;
};

const setDay = (name: string) => (params: URLSearchParams, day: string) => {
  const next = new URLSearchParams(params);
  next.set(name, day);
  return next;
};
