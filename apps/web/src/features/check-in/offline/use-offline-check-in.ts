import { CHECK_IN_SYNC_MAX_ITEMS, localDateIn } from '@excursio/contract/check-in';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorMessages } from '../../../lib/api/errors.ts';
import { useLazyCheckInManifestQuery, useSyncCheckInsMutation } from '../api/check-in.api.ts';
import { checkInStore, randomId } from './check-in-store.ts';
import { deviceTimeZone, type LocalVerdict } from './local-check.ts';

/** While online: queued check-ins are sent this often (and at once when made or when the network returns). */
const SYNC_EVERY_MS = 15_000;
/** While online: the day's manifest is downloaded again this often (others check in too). */
const MANIFEST_EVERY_MS = 60_000;

const useOnline = () => {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
};

/** Today on this phone (the manifest asked for). */
export const deviceToday = () => localDateIn(new Date(), deviceTimeZone());

/**
 * Offline check-in with no setup: whenever the phone is online it downloads today's manifest and
 * sends what is queued; a check-in is always queued first (on the phone, persistently) and sent at
 * once when it can be, so a check-in made without a network is not a different path.
 */
export const useOfflineCheckIn = () => {
  const state = useSyncExternalStore(checkInStore.subscribe, checkInStore.get);
  const online = useOnline();
  const [fetchManifest] = useLazyCheckInManifestQuery();
  const [sendBatch] = useSyncCheckInsMutation();
  const [syncing, setSyncing] = useState(false);
  const [syncProblem, setSyncProblem] = useState<string | null>(null);
  const busy = useRef(false);

  const refreshManifest = useCallback(async () => {
    const date = deviceToday();
    const result = await fetchManifest(date);
    if (result.data) {
      const manifest = result.data;
      checkInStore.update((s) => ({ ...s, manifest, fetchedAt: new Date().toISOString() }));
    }
  }, [fetchManifest]);

  const sync = useCallback(async () => {
    if (busy.current || !navigator.onLine || !checkInStore.get().queue.length) return;
    busy.current = true;
    setSyncing(true);
    try {
      for (let round = 0; round < 20; round += 1) {
        const { queue, deviceId } = checkInStore.get();
        const batch = queue.slice(0, CHECK_IN_SYNC_MAX_ITEMS);
        if (!batch.length) break;
        const sent = await sendBatch({
          device_id: deviceId,
          sent_at: new Date().toISOString(),
          items: batch.map(({ client_event_id, code, token, checked_in_at }) => ({
            client_event_id,
            code,
            token,
            checked_in_at,
          })),
        });
        if ('error' in sent) {
          // No network (or the server away): everything stays queued for the next try.
          const status = (sent.error as { status?: unknown }).status;
          setSyncProblem(status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' ? null : errorMessages(sent.error).join(' '));
          break;
        }
        setSyncProblem(null);
        const answers = new Map(sent.data.results.map((r) => [r.client_event_id, r]));
        const now = new Date().toISOString();
        checkInStore.update((s) => ({
          ...s,
          queue: s.queue.filter((q) => !answers.has(q.client_event_id)),
          synced: [
            ...s.synced,
            ...batch.flatMap((q) => {
              const result = answers.get(q.client_event_id);
              return result ? [{ ...q, result, synced_at: now, dismissed: false }] : [];
            }),
          ],
        }));
      }
    } finally {
      busy.current = false;
      setSyncing(false);
    }
    await refreshManifest();
  }, [sendBatch, refreshManifest]);

  // On opening, when the network returns, and every little while while online.
  useEffect(() => {
    if (!online) return;
    sync().then(refreshManifest);
    const syncing = setInterval(sync, SYNC_EVERY_MS);
    const fetching = setInterval(refreshManifest, MANIFEST_EVERY_MS);
    return () => {
      clearInterval(syncing);
      clearInterval(fetching);
    };
  }, [online, sync, refreshManifest]);

  /** One tap: the party is checked in on this phone now, and sent when the network allows. */
  const checkIn = useCallback(
    (ticket: Extract<LocalVerdict, { kind: 'ticket' }>) => {
      const id = randomId();
      checkInStore.update((s) => ({
        ...s,
        queue: [
          ...s.queue,
          {
            client_event_id: id,
            code: ticket.code,
            token: ticket.token,
            checked_in_at: new Date().toISOString(),
            booking_id: ticket.booking?.booking_id ?? ticket.claims?.booking_id ?? null,
          },
        ],
      }));
      void sync();
      return id;
    },
    [sync],
  );

  const dismiss = useCallback((clientEventId: string) => {
    checkInStore.update((s) => ({
      ...s,
      synced: s.synced.map((x) => (x.client_event_id === clientEventId ? { ...x, dismissed: true } : x)),
    }));
  }, []);

  const manifestIsToday = state.manifest?.date === deviceToday();
  return {
    ...state,
    manifest: manifestIsToday ? state.manifest : null,
    online,
    syncing,
    syncProblem,
    checkIn,
    dismiss,
    sync,
  };
};
