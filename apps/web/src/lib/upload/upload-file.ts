/**
 * File upload over XMLHttpRequest: RTK Query (fetch) cannot report upload progress, which the
 * specification asks for (§7 "File upload: PATCH to a given URL with multipart data and upload
 * progress reporting"). Cookies are sent (same origin, `withCredentials`); the browser adds the
 * `Origin` header the server's CSRF check expects on every PATCH/POST.
 */

export type UploadResult<T = unknown> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; detail: string; data: unknown; aborted?: boolean };

export type UploadOptions = {
  /** Absolute path on this origin, e.g. `/api/experiences/{id}/images/`. */
  url: string;
  file: Blob;
  /** Name of the file's multipart field (default `file`). */
  fieldName?: string;
  /** File name sent with the part (default: the File's own name). */
  fileName?: string;
  /** Further multipart text fields. */
  fields?: Record<string, string>;
  method?: 'PATCH' | 'POST' | 'PUT';
  /** Called with the fraction sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export const NETWORK_ERROR_DETAIL = 'The server could not be reached. Check your connection and try again.';
export const ABORTED_DETAIL = 'The upload was cancelled.';

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The detail of a failed upload: the first error item's detail (`{errors: [{detail}]}`), the single
 * `error` / `detail` field, else the status text or the status code.
 */
export const uploadErrorDetail = (status: number, statusText: string, body: unknown): string => {
  if (body && typeof body === 'object') {
    const record = body as { errors?: unknown; error?: unknown; detail?: unknown };
    if (Array.isArray(record.errors) && record.errors.length > 0) {
      const first = record.errors[0] as { detail?: unknown } | null;
      if (first && typeof first.detail === 'string' && first.detail !== '') return first.detail;
    }
    if (typeof record.error === 'string' && record.error !== '') return record.error;
    if (typeof record.detail === 'string' && record.detail !== '') return record.detail;
  }
  if (status === 0) return NETWORK_ERROR_DETAIL;
  if (statusText) return statusText;
  return `Request failed with status ${status}.`;
};

/** One multipart request with progress; never rejects (failures are a result with `ok: false`). */
export const sendFile = <T = unknown>(options: UploadOptions): Promise<UploadResult<T>> =>
  new Promise((resolve) => {
    const { url, file, fieldName = 'file', fields = {}, method = 'PATCH', onProgress, signal } = options;
    const fail = (status: number, detail: string, data: unknown = null, aborted = false) =>
      resolve({ ok: false, status, detail, data, ...(aborted ? { aborted } : {}) });
    if (signal?.aborted) {
      fail(0, ABORTED_DETAIL, null, true);
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const fileName = options.fileName ?? (file instanceof File ? file.name : 'upload');
    body.append(fieldName, file, fileName);

    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve({ ok: true, status: xhr.status, data: data as T });
      } else {
        fail(xhr.status, uploadErrorDetail(xhr.status, xhr.statusText, data), data);
      }
    };
    xhr.onerror = () => fail(0, NETWORK_ERROR_DETAIL);
    xhr.ontimeout = () => fail(0, 'The upload timed out. Please try again.');
    xhr.onabort = () => fail(0, ABORTED_DETAIL, null, true);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });

export type SessionRecovery = {
  /** Refresh the session after a 401; false = gave up (the user is signed out). */
  recover: () => Promise<boolean>;
  /** The retry got through. */
  works: () => void;
};

/**
 * Upload with the request layer's 401 rule (specification §4): refresh the session and retry the
 * upload once. Progress restarts from 0 for the retry.
 */
export const uploadFile = async <T = unknown>(options: UploadOptions, session?: SessionRecovery): Promise<UploadResult<T>> => {
  const first = await sendFile<T>(options);
  if (first.ok || first.status !== 401 || !session) return first;
  if (!(await session.recover())) return first;
  options.onProgress?.(0);
  const retry = await sendFile<T>(options);
  if (retry.ok || retry.status !== 401) session.works();
  return retry;
};
