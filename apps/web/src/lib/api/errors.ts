import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type ErrorItemLike = { code?: string; detail?: unknown; attr?: unknown };

/** `contact_info.postal_code` → `Contact info postal code`. */
export const humaniseAttr = (attr: string): string => {
  const words = attr
    .replace(/[._]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
};

const fromBody = (body: unknown): string[] => {
  if (!body || typeof body !== 'object') return [];
  const record = body as { errors?: unknown; error?: unknown; detail?: unknown };
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    return (record.errors as ErrorItemLike[]).map((item) => {
      const detail = typeof item.detail === 'string' ? item.detail : 'Something went wrong.';
      const attr = typeof item.attr === 'string' && item.attr !== '' ? humaniseAttr(item.attr) : '';
      return attr ? `${attr}: ${detail}` : detail;
    });
  }
  if (typeof record.error === 'string') return [record.error];
  if (typeof record.detail === 'string') return [record.detail];
  return [];
};

/**
 * Specification §8: one message per item of the response's errors array (optional prefix plus
 * detail), or the single error field. Request-layer errors get a plain sentence.
 */
export const errorMessages = (error: FetchBaseQueryError | SerializedError | undefined): string[] => {
  if (!error) return [];
  if (!('status' in error)) return [error.message ?? 'Something went wrong.'];
  switch (error.status) {
    case 'FETCH_ERROR':
      return ['The server could not be reached. Check your connection and try again.'];
    case 'TIMEOUT_ERROR':
      return ['The request timed out. Please try again.'];
    case 'PARSING_ERROR':
      return [`The server sent an unreadable response (status ${error.originalStatus}).`];
    case 'CUSTOM_ERROR':
      return [error.error];
    default: {
      const messages = fromBody(error.data);
      return messages.length > 0 ? messages : [`Request failed with status ${error.status}.`];
    }
  }
};

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
