import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError };

/**
 * POST a JSON body to `/api{path}` as the dashboard's base query does (fetchBaseQuery: same-origin,
 * cookies included, JSON in and out, 2xx = success) with plain `fetch`, so the login page needs no
 * Redux Toolkit. Failures take fetchBaseQuery's error shape, so `errorMessages` (lib/api/errors.ts)
 * words them exactly as the dashboard's toasts do. The browser adds the `Origin` header the
 * server's CSRF rule checks.
 */
export const postJson = async <T = unknown>(path: string, body: unknown): Promise<ApiResult<T>> => {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
  let text = '';
  let data: unknown = null;
  try {
    text = await response.text();
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    return { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(error) } };
  }
  return response.ok ? { data: data as T } : { error: { status: response.status, data } };
};
