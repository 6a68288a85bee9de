import { MESSAGES, REFRESH_RETRY_CAP, TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { notifications } from '@mantine/notifications';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { unauthenticated } from '../auth/auth.slice.ts';
import { TOAST_POSITION } from '../toast-placement.ts';
import { errorMessages } from './errors.ts';

export type ApiExtraOptions = {
  /** Do not toast failures (the caller reports them itself, or they are expected). */
  silent?: boolean;
  /** Do not try a token refresh on 401 (login, refresh, logout and other public calls). */
  skipRefresh?: boolean;
};

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

let refreshCount = 0;
let refreshInFlight: Promise<boolean> | null = null;

/** Test hook: the refresh counter is module state. */
export const resetRefreshCounter = () => {
  refreshCount = 0;
};

export const showErrorToasts = (messages: string[]) => {
  for (const message of messages) {
    notifications.show({ color: 'red', title: 'Error', message, autoClose: TOAST_AUTO_CLOSE_MS, position: TOAST_POSITION });
  }
};

const refreshSession = (api: Parameters<BaseQueryFn>[1]): Promise<boolean> => {
  // Parallel 401s share one refresh call.
  refreshInFlight ??= (async () => {
    refreshCount += 1;
    const result = await rawBaseQuery({ url: '/jwt/refresh/', method: 'POST', body: {} }, api, {});
    return !result.error;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
};

/**
 * After a 401: refresh the session (parallel callers share one refresh) unless the cap is reached.
 * False = gave up: the user is marked unauthenticated. Also used by the XHR uploader (`lib/upload`).
 */
export const recoverSession = async (api: Parameters<BaseQueryFn>[1]): Promise<boolean> => {
  const refreshed = refreshCount < REFRESH_RETRY_CAP && (await refreshSession(api));
  if (!refreshed) {
    console.log(MESSAGES.refreshExpired);
    api.dispatch(unauthenticated());
  }
  return refreshed;
};

/** A retry after a refresh got through: the session works again; only fruitless refreshes count. */
export const sessionWorks = () => {
  refreshCount = 0;
};

/**
 * A list page past the last one answers 404 (e.g. after its last row was deleted, or `?page=99`).
 * The list hook goes back to page 1 by itself (`useResetPageOnNotFound`): not an error to show.
 */
export const isPageOutOfRange = (args: string | FetchArgs, error: FetchBaseQueryError) => {
  if (error.status !== 404 || typeof args === 'string' || (args.method ?? 'GET').toUpperCase() !== 'GET') return false;
  const page = (args.params as Record<string, unknown> | undefined)?.page;
  return Number(page) > 1;
};

/**
 * Specification §4 and §8: on 401, refresh the session and retry the original request once.
 * After REFRESH_RETRY_CAP refreshes that did not help, or when the refresh itself fails, the user
 * is marked unauthenticated. Every other failure shows one toast per error item.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  let result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (result.error?.status === 401 && !extraOptions?.skipRefresh) {
    if (!(await recoverSession(api))) return result;
    result = await rawBaseQuery(args, api, extraOptions ?? {});
    if (result.error?.status !== 401) sessionWorks();
  }
  if (result.error && !extraOptions?.silent && !isPageOutOfRange(args, result.error)) {
    showErrorToasts(errorMessages(result.error));
  }
  return result;
};
