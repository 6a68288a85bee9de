import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The `fetchWithBQ` a `queryFn` receives (the API's base query). */
type FetchWithBaseQuery = (
  args: string | FetchArgs,
) =>
  | PromiseLike<{ data?: unknown; error?: FetchBaseQueryError; meta?: unknown }>
  | { data?: unknown; error?: FetchBaseQueryError; meta?: unknown };

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or the fallback. */
export const attachmentFileName = (disposition: string | null | undefined, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Downloads a file through the session like every API call (the base query's refresh on 401
 * included) and saves it under the server's file name. The file never enters the store: use it in
 * a mutation's `queryFn` (`(args, api, extra, fetchWithBQ) => downloadFile(fetchWithBQ, …)`).
 */
export const downloadFile = async (
  fetchWithBQ: FetchWithBaseQuery,
  request: Omit<FetchArgs, 'responseHandler'>,
  fallbackName: string,
): Promise<{ data: null } | { error: FetchBaseQueryError }> => {
  const result = await fetchWithBQ({
    ...request,
    responseHandler: (response) => (response.ok ? response.blob() : response.json()),
  });
  if (result.error) return { error: result.error };
  const meta = result.meta as { response?: Response } | undefined;
  const fileName = attachmentFileName(meta?.response?.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(result.data as Blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { data: null };
};
