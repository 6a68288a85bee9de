import { MESSAGES } from '@excursio/contract/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/api.ts';
import { recoverSession, sessionWorks } from '../api/base-query.ts';
import { notifyError, notifySuccess } from '../notify.ts';
import { useAppDispatch } from '../store/hooks.ts';
import { type SessionRecovery, uploadFile } from './upload-file.ts';

/** The base query's refresh, reachable from outside RTK Query (a queryFn gets a real BaseQueryApi). */
const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    recoverSessionForUpload: build.mutation<boolean, void>({
      queryFn: async (_arg, queryApi) => ({ data: await recoverSession(queryApi) }),
    }),
  }),
});

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  /** 0…1 */
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  detail?: string;
};

let nextKey = 0;
const DONE_LINGER_MS = 2500;

/**
 * A queue of files uploaded one after another (so they keep the order they were dropped in), each
 * with its own progress. Success toasts 'Files sucessfully uploaded!' once per batch; every failure
 * toasts 'Upload failed: {detail}'. 401 → the request layer's refresh and one retry.
 */
export const useUploadQueue = <T = unknown>({
  url,
  fieldName = 'file',
  onUploaded,
}: {
  url: string;
  fieldName?: string;
  /** After each file that uploaded (e.g. invalidate the record's cache tag). */
  onUploaded?: (data: T) => void;
}) => {
  const dispatch = useAppDispatch();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ key: string; file: File }[]>([]);
  const running = useRef(false);
  const mounted = useRef(true);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ url, fieldName, onUploaded });
  latest.current = { url, fieldName, onUploaded };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
      queue.current = [];
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (mounted.current) setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const session: SessionRecovery = {
      recover: () =>
        dispatch(sessionApi.endpoints.recoverSessionForUpload.initiate())
          .unwrap()
          .catch(() => false),
      works: sessionWorks,
    };
    let succeeded = 0;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file } = next;
      patch(key, { status: 'uploading', progress: 0 });
      controller.current = new AbortController();
      const result = await uploadFile<T>(
        {
          url: latest.current.url,
          file,
          fieldName: latest.current.fieldName,
          signal: controller.current.signal,
          onProgress: (progress) => patch(key, { progress }),
        },
        session,
      );
      if (result.ok) {
        succeeded += 1;
        patch(key, { status: 'done', progress: 1 });
        latest.current.onUploaded?.(result.data);
      } else if (!result.aborted) {
        patch(key, { status: 'failed', detail: result.detail });
        notifyError(MESSAGES.uploadFailed(result.detail));
      }
    }
    controller.current = null;
    running.current = false;
    if (succeeded > 0 && mounted.current) {
      notifySuccess(MESSAGES.uploadSucceeded);
      setTimeout(() => {
        if (mounted.current) setItems((all) => all.filter((item) => item.status !== 'done'));
      }, DONE_LINGER_MS);
    }
  }, [dispatch, patch]);

  /** Queue files (uploading starts at once when idle). */
  const add = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const added = files.map((file) => ({ key: `upload-${++nextKey}`, file }));
      queue.current.push(...added);
      setItems((all) => [
        ...all,
        ...added.map(({ key, file }) => ({ key, name: file.name, size: file.size, progress: 0, status: 'queued' as const })),
      ]);
      void run();
    },
    [run],
  );

  const dismiss = useCallback((key: string) => setItems((all) => all.filter((item) => item.key !== key)), []);

  return { items, add, dismiss, busy: items.some((item) => item.status === 'queued' || item.status === 'uploading') };
};
