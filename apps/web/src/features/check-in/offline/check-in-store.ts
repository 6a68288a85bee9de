import type { CheckInManifest, CheckInSyncResult } from '@excursio/contract/check-in';
import { toBase64Url } from '@excursio/contract/tickets';
import { CHECK_IN_STORAGE_KEY as KEY } from '../../../lib/auth/offline-session.ts';
import type { QueuedCheckIn } from './local-check.ts';

/**
 * What the check-in page keeps on the phone (localStorage, per organization's address): its device
 * id, the last manifest downloaded, the check-ins waiting to sync and the answers of those synced.
 * Kept across reloads and shared by the tabs of one browser (`storage` events); signing out forgets
 * all but the device id and the queue (`forgetOfflineData`).
 */

export type SyncedCheckIn = QueuedCheckIn & { result: CheckInSyncResult; synced_at: string; dismissed: boolean };
export type CheckInState = {
  deviceId: string;
  manifest: CheckInManifest | null;
  /** When this phone downloaded the manifest (its clock). */
  fetchedAt: string | null;
  queue: QueuedCheckIn[];
  synced: SyncedCheckIn[];
};

/** Answers kept for the report: the latest ones are enough. */
const SYNCED_KEPT = 300;

export const randomId = (bytes = 12) => toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

const fresh = (): CheckInState => ({ deviceId: randomId(), manifest: null, fetchedAt: null, queue: [], synced: [] });

const read = (): CheckInState => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CheckInState | null;
    if (stored?.deviceId) return { ...fresh(), ...stored };
  } catch {
    // Unreadable: start over below (a new device id; nothing queued can be recovered from garbage).
  }
  const state = fresh();
  localStorage.setItem(KEY, JSON.stringify(state));
  return state;
};

let state: CheckInState | null = null;
const listeners = new Set<() => void>();

export const checkInStore = {
  get: () => {
    state ??= read();
    return state;
  },
  update: (change: (s: CheckInState) => CheckInState) => {
    // Read again first: another tab may have queued or synced meanwhile.
    const next = change(read());
    next.synced = next.synced.slice(-SYNCED_KEPT);
    state = next;
    localStorage.setItem(KEY, JSON.stringify(next));
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== KEY) return;
      state = read();
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
