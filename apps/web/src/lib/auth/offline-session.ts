import type { AppInfo, Me } from '@excursio/contract/auth';

/**
 * The signed-in person (and the app info their permissions are read with) as last read, kept on the device by a page that must open with no network at
 * all (the check-in page: a guide's phone reloads or discards the tab in the field). `initializeAuth`
 * falls back to it only when the server cannot be reached — never when it answers, whatever it
 * answers — and only on such a page, for the organization it was kept for. It unlocks the screen,
 * nothing more: every request still needs the session. Logging out forgets it.
 */
const KEY = 'excursio.offline-session.v1';
/** The pages that open offline (the check-in service worker serves their HTML and scripts). */
export const OFFLINE_PAGES = ['/bookings/check-in'];

type Kept = { me: Me; appInfo: AppInfo; savedAt: string };

export const keepSessionForOffline = (me: Me, appInfo: AppInfo) => {
  try {
    localStorage.setItem(KEY, JSON.stringify({ me, appInfo, savedAt: new Date().toISOString() } satisfies Kept));
  } catch {
    // Storage full or refused: the page still works while it stays open.
  }
};

/** The kept person, if this page opens offline and it was kept for this organization's address. */
export const offlineSession = (subdomain: string, pathname: string): Kept | null => {
  if (!OFFLINE_PAGES.includes(pathname.replace(/\/+$/, ''))) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    return kept?.me?.base_account?.subdomain === subdomain && kept.appInfo ? kept : null;
  } catch {
    return null;
  }
};

/**
 * The check-in page's state on the phone (features/check-in/offline/check-in-store.ts): the day's
 * manifest (customers' names, phones, answers) and the answers of synced check-ins, beside the
 * device id and the check-ins still to sync.
 */
export const CHECK_IN_STORAGE_KEY = 'excursio.check-in.v1';
/** What of the check-in state outlives a sign-out: no customer's data, only what must still reach the server. */
const CHECK_IN_KEPT = ['deviceId', 'queue'];

/**
 * At sign-out: the kept person, and the customers' data the check-in page downloaded (a shared
 * phone hands nothing on to its next user). Check-ins not synced yet stay queued (tickets, no
 * names) and go out the next time check-in opens signed in.
 */
export const forgetOfflineData = () => {
  localStorage.removeItem(KEY);
  try {
    const state = JSON.parse(localStorage.getItem(CHECK_IN_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!state) return;
    const kept = Object.fromEntries(CHECK_IN_KEPT.filter((k) => k in state).map((k) => [k, state[k]]));
    localStorage.setItem(CHECK_IN_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    localStorage.removeItem(CHECK_IN_STORAGE_KEY);
  }
};
