import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * The items of a refusal that name a field (`{errors: [{attr, detail}]}`), so a form can show them
 * next to the field. The base query has already toasted every item.
 */
export const fieldErrorItems = (error: FetchBaseQueryError | SerializedError | undefined): { attr: string; detail: string }[] => {
  if (!error || !('status' in error) || typeof error.status !== 'number') return [];
  const body = error.data as { errors?: unknown } | null | undefined;
  if (!body || !Array.isArray(body.errors)) return [];
  return (body.errors as { attr?: unknown; detail?: unknown }[])
    .filter((item) => typeof item.attr === 'string' && item.attr !== '' && typeof item.detail === 'string')
    .map((item) => ({ attr: item.attr as string, detail: item.detail as string }));
};
